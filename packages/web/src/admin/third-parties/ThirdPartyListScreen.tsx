import { Alert, Badge, Button, Group, Table, Text } from '@mantine/core';
import { IconInfoCircle, IconPlugConnected, IconPlus } from '@tabler/icons-react';
import { Messages, ROOT_APP_SLUG, type ThirdParty } from '@rakit/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable } from '../../components/DataTable';
import { EditRemoveDialogs, useEditRemoveDialog } from '../../components/EditRemoveDialogs';
import { QueryStatus } from '../../components/QueryStatus';
import { RowActions } from '../../components/RowActions';
import { ScreenHeader } from '../../components/ScreenHeader';
import { firstError } from '../../api/client';
import { useCurrentApp } from '../../current-app/app-context';
import { notifyFailure, notifySuccess } from '../../components/notify';
import { dataOf, runChange, settle } from '../admin-call';
import { SECURITY_LABELS } from './smtp-security';
import { ThirdPartyFormDialog } from './ThirdPartyFormDialog';

const COLUMNS = ['NAME', 'HOST', 'PORT', 'SECURITY', 'USERNAME', 'PASSWORD', 'SENDER', null] as const;

/**
 * The root application's Third Parties (spec 1 screen 4): the SMTP servers the operator lets the
 * server send mail through (the workflows' Send Email steps use the first one listed). A stored
 * password is never shown: the list says only whether one is kept.
 */
export function ThirdPartyListScreen() {
  const { app, api } = useCurrentApp();
  const queryClient = useQueryClient();
  const [testing, setTesting] = useState<number | null>(null);
  const isRoot = app.appSlug === ROOT_APP_SLUG;

  const queryKey = ['third-parties', app.appSlug];
  const services = useQuery({ queryKey, queryFn: async () => dataOf(await api.listThirdParties(), 'Third parties'), enabled: isRoot });
  const dialogs = useEditRemoveDialog<ThirdParty>(() => queryClient.invalidateQueries({ queryKey }));

  async function remove(service: ThirdParty) {
    const removed = await runChange(api.deleteThirdParty(service.serviceId), Messages.thirdPartyRemoved);
    dialogs.close();
    if (removed) await queryClient.invalidateQueries({ queryKey });
  }

  async function test(service: ThirdParty) {
    setTesting(service.serviceId);
    try {
      const answer = await settle(api.testThirdParty(service.serviceId));
      if (answer === null) return;
      if (answer.status && answer.data !== undefined) notifySuccess(answer.data.message);
      else notifyFailure(firstError(answer, 'The SMTP server could not be reached'));
    } finally {
      setTesting(null);
    }
  }

  if (!isRoot) {
    return (
      <>
        <ScreenHeader title="Third Parties" />
        <Alert variant="light" icon={<IconInfoCircle size={18} />}>Third parties are configured in the root application only.</Alert>
      </>
    );
  }

  return (
    <>
      <ScreenHeader title="Third Parties">
        <Button leftSection={<IconPlus size={16} />} onClick={() => dialogs.edit(null)}>Add SMTP Server</Button>
      </ScreenHeader>
      <Text size="sm" c="dimmed" mb="sm">
        Workflows send email through the first SMTP server listed here.
      </Text>

      <QueryStatus what="Third parties" isPending={services.isPending} error={services.error} />
      {services.data !== undefined && (
        <DataTable columns={COLUMNS} minWidth={900} isEmpty={services.data.length === 0} emptyText="No SMTP server yet: Send Email steps fail until one is added." caption="SMTP servers">
          {services.data.map((service) => (
            <Table.Tr key={service.serviceId}>
              <Table.Td><Text size="sm" fw={600}>{service.name}</Text></Table.Td>
              <Table.Td><Text size="sm">{service.host}</Text></Table.Td>
              <Table.Td><Text size="sm">{service.port}</Text></Table.Td>
              <Table.Td><Badge variant="light" color={service.security === 'none' ? 'orange' : 'teal'}>{SECURITY_LABELS[service.security]}</Badge></Table.Td>
              <Table.Td><Text size="sm">{service.username === '' ? '—' : service.username}</Text></Table.Td>
              <Table.Td><Text size="sm">{service.hasPassword ? 'Stored' : '—'}</Text></Table.Td>
              <Table.Td><Text size="sm">{service.fromAddress}</Text></Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    leftSection={<IconPlugConnected size={16} />}
                    loading={testing === service.serviceId}
                    onClick={() => void test(service)}
                    aria-label={`Test ${service.name}`}
                  >
                    Test
                  </Button>
                  <RowActions
                    editLabel="Edit SMTP server"
                    onEdit={() => dialogs.edit(service)}
                    removeLabel="Remove SMTP server"
                    onRemove={() => dialogs.askRemove(service)}
                  />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}

      <BundledData />

      <EditRemoveDialogs
        state={dialogs}
        form={(editing) => <ThirdPartyFormDialog editing={editing} onClose={dialogs.close} onSaved={dialogs.saved} />}
        removeMessage={Messages.thirdPartyRemoveConfirm}
        onRemove={remove}
      />
    </>
  );
}

/** The data Rakit ships and serves itself, with its licence (the ODbL asks for this notice). */
function BundledData() {
  return (
    <Alert variant="light" color="gray" mt="lg" title="Bundled data" icon={<IconInfoCircle size={18} />}>
      <Text size="sm">
        The address search widget looks up the provinces, regencies, districts and villages of Indonesia from
        idn-area-data by Fityan (github.com/fityannugroho/idn-area-data), made available under the
        Open Database License (ODbL) v1.0: opendatacommons.org/licenses/odbl/1-0/. The data is served by this
        server; nothing is fetched from outside.
      </Text>
    </Alert>
  );
}
