import { Alert, Badge, Button, Group, Table, Text } from '@mantine/core';
import { IconInfoCircle, IconPlugConnected, IconPlus } from '@tabler/icons-react';
import { ROOT_APP_SLUG, type ThirdParty, thirdPartyCalls } from '@rakit/core';
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
import { useT } from '../../i18n/LanguageProvider';
import { dataOf, runChange, settle } from '../admin-call';
import { SECURITY_LABELS } from './smtp-security';
import { ThirdPartyFormDialog } from './ThirdPartyFormDialog';

/**
 * The root application's Third Parties (spec 1 screen 4): the SMTP servers the operator lets the
 * server send mail through (the workflows' Send Email steps use the first one listed). A stored
 * password is never shown: the list says only whether one is kept.
 */
export function ThirdPartyListScreen() {
  const { app, api } = useCurrentApp();
  const t = useT();
  const queryClient = useQueryClient();
  const [testing, setTesting] = useState<number | null>(null);
  const isRoot = app.appSlug === ROOT_APP_SLUG;

  const queryKey = ['third-parties', app.appSlug];
  const services = useQuery({ queryKey, queryFn: async () => dataOf(await api.call(thirdPartyCalls.listThirdParties, {}), t('admin.thirdParties.what')), enabled: isRoot });
  const dialogs = useEditRemoveDialog<ThirdParty>(() => queryClient.invalidateQueries({ queryKey }));

  async function remove(service: ThirdParty) {
    const removed = await runChange(api.call(thirdPartyCalls.deleteThirdParty, { body: { serviceId: service.serviceId } }), t('thirdPartyRemoved'));
    dialogs.close();
    if (removed) await queryClient.invalidateQueries({ queryKey });
  }

  async function test(service: ThirdParty) {
    setTesting(service.serviceId);
    try {
      const answer = await settle(api.call(thirdPartyCalls.testThirdParty, { body: { serviceId: service.serviceId } }));
      if (answer === null) return;
      if (answer.status && answer.data !== undefined) notifySuccess(answer.data.message);
      else notifyFailure(firstError(answer, t('admin.thirdParties.testFailed')));
    } finally {
      setTesting(null);
    }
  }

  if (!isRoot) {
    return (
      <>
        <ScreenHeader title={t('admin.thirdParties.title')} />
        <Alert variant="light" icon={<IconInfoCircle size={18} />}>{t('admin.thirdParties.rootOnly')}</Alert>
      </>
    );
  }

  return (
    <>
      <ScreenHeader title={t('admin.thirdParties.title')}>
        <Button leftSection={<IconPlus size={16} />} onClick={() => dialogs.edit(null)}>{t('admin.thirdParties.add')}</Button>
      </ScreenHeader>
      <Text size="sm" c="dimmed" mb="sm">
        {t('admin.thirdParties.intro')}
      </Text>

      <QueryStatus what={t('admin.thirdParties.what')} isPending={services.isPending} error={services.error} />
      {services.data !== undefined && (
        <DataTable
          columns={[
            t('admin.thirdParties.colName'), t('admin.thirdParties.colHost'), t('admin.thirdParties.colPort'), t('admin.thirdParties.colSecurity'),
            t('admin.thirdParties.colUsername'), t('admin.thirdParties.colPassword'), t('admin.thirdParties.colSender'), null,
          ]}
          minWidth={900}
          isEmpty={services.data.length === 0}
          emptyText={t('admin.thirdParties.empty')}
          caption={t('admin.thirdParties.caption')}
        >
          {services.data.map((service) => (
            <Table.Tr key={service.serviceId}>
              <Table.Td><Text size="sm" fw={600}>{service.name}</Text></Table.Td>
              <Table.Td><Text size="sm">{service.host}</Text></Table.Td>
              <Table.Td><Text size="sm">{service.port}</Text></Table.Td>
              <Table.Td><Badge variant="light" color={service.security === 'none' ? 'orange' : 'teal'}>{t(SECURITY_LABELS[service.security])}</Badge></Table.Td>
              <Table.Td><Text size="sm">{service.username === '' ? '—' : service.username}</Text></Table.Td>
              <Table.Td><Text size="sm">{service.hasPassword ? t('admin.thirdParties.stored') : '—'}</Text></Table.Td>
              <Table.Td><Text size="sm">{service.fromAddress}</Text></Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    leftSection={<IconPlugConnected size={16} />}
                    loading={testing === service.serviceId}
                    onClick={() => void test(service)}
                    aria-label={t('admin.thirdParties.testNamed', { name: service.name })}
                  >
                    {t('admin.thirdParties.test')}
                  </Button>
                  <RowActions
                    editLabel={t('admin.thirdParties.edit')}
                    onEdit={() => dialogs.edit(service)}
                    removeLabel={t('admin.thirdParties.remove')}
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
        removeMessage={t('thirdPartyRemoveConfirm')}
        onRemove={remove}
      />
    </>
  );
}

/** The data Rakit ships and serves itself, with its licence (the ODbL asks for this notice). */
function BundledData() {
  const t = useT();
  return (
    <Alert variant="light" color="gray" mt="lg" title={t('admin.thirdParties.bundledData')} icon={<IconInfoCircle size={18} />}>
      <Text size="sm">{t('admin.thirdParties.bundledDataNotice')}</Text>
    </Alert>
  );
}
