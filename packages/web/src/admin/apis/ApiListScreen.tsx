import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { type ApiEndpoint, type ApiSource, apiSourceCalls, type ApiSourceWithEndpoints } from '@rakit/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { DataTable } from '../../components/DataTable';
import { EditRemoveDialogs, useEditRemoveDialog } from '../../components/EditRemoveDialogs';
import { QueryStatus } from '../../components/QueryStatus';
import { RowActions } from '../../components/RowActions';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useCurrentApp } from '../../current-app/app-context';
import { useT } from '../../i18n/LanguageProvider';
import { dataOf, runChange } from '../admin-call';
import { AUTH_LABELS } from './api-labels';
import { ApiEndpointDialog } from './ApiEndpointDialog';
import { ApiSourceDialog } from './ApiSourceDialog';
import { OpenApiImportDialog } from './OpenApiImportDialog';

/** An endpoint with the API it belongs to: what its dialogs are opened on. */
interface EndpointOf {
  source: ApiSource;
  /** null: a new endpoint of `source`. */
  endpoint: ApiEndpoint | null;
}

/**
 * The application's APIs (issue 40): each with where it is, how the server signs in to it and
 * its endpoints, which pages read rows from as from a database. A stored secret is never shown.
 */
export function ApiListScreen() {
  const { app, api } = useCurrentApp();
  const t = useT();
  const queryClient = useQueryClient();

  const queryKey = ['api-sources', app.appSlug];
  const sources = useQuery({ queryKey, queryFn: async () => dataOf(await api.call(apiSourceCalls.listApiSources, { params: { appId: app.appId } }), t('admin.apis.what')) });
  const reload = () => queryClient.invalidateQueries({ queryKey });
  const sourceDialogs = useEditRemoveDialog<ApiSourceWithEndpoints>(reload);
  const endpointDialogs = useEditRemoveDialog<EndpointOf>(reload);
  const removingSource = sourceDialogs.dialog?.kind === 'remove' ? sourceDialogs.dialog.item : null;
  const removingEndpoint = endpointDialogs.dialog?.kind === 'remove' ? endpointDialogs.dialog.item.endpoint : null;
  /** The API whose OpenAPI import is open, by id: the dialog follows the list as it is read again. */
  const [importingId, setImportingId] = useState<number | null>(null);
  const importing = sources.data?.find((source) => source.sourceId === importingId);

  async function removeSource(source: ApiSourceWithEndpoints) {
    const removed = await runChange(api.call(apiSourceCalls.deleteApiSource, { body: { sourceId: source.sourceId } }), t('admin.apis.removed'));
    sourceDialogs.close();
    if (removed) await reload();
  }

  async function removeEndpoint({ endpoint }: EndpointOf) {
    if (endpoint === null) return;
    const removed = await runChange(api.call(apiSourceCalls.deleteApiEndpoint, { body: { endpointId: endpoint.endpointId } }), t('admin.apis.endpointRemoved'));
    endpointDialogs.close();
    if (removed) await reload();
  }

  return (
    <>
      <ScreenHeader title={t('admin.apis.title')}>
        <Button leftSection={<IconPlus size={16} />} onClick={() => sourceDialogs.edit(null)}>{t('admin.apis.add')}</Button>
      </ScreenHeader>
      <Text size="sm" c="dimmed" mb="md">{t('admin.apis.intro')}</Text>

      <QueryStatus what={t('admin.apis.what')} isPending={sources.isPending} error={sources.error} />
      {sources.data?.length === 0 && (
        <Paper withBorder radius="md" bg="white" p="lg">
          <Text c="dimmed" ta="center">{t('admin.apis.empty')}</Text>
        </Paper>
      )}
      <Stack gap="xl">
        {sources.data?.map((source) => (
          <ApiSourceSection
            key={source.sourceId}
            source={source}
            onEdit={() => sourceDialogs.edit(source)}
            onRemove={() => sourceDialogs.askRemove(source)}
            onAddEndpoint={() => endpointDialogs.edit({ source, endpoint: null })}
            onImport={() => setImportingId(source.sourceId)}
            onEditEndpoint={(endpoint) => endpointDialogs.edit({ source, endpoint })}
            onRemoveEndpoint={(endpoint) => endpointDialogs.askRemove({ source, endpoint })}
          />
        ))}
      </Stack>

      <EditRemoveDialogs
        state={sourceDialogs}
        form={(editing) => <ApiSourceDialog editing={editing} onClose={sourceDialogs.close} onSaved={sourceDialogs.saved} />}
        removeMessage={t('admin.apis.removeConfirm', { name: removingSource?.name ?? '', count: removingSource?.endpoints.length ?? 0 })}
        onRemove={removeSource}
      />
      <EditRemoveDialogs
        state={endpointDialogs}
        form={(editing) => editing !== null && (
          <ApiEndpointDialog source={editing.source} editing={editing.endpoint} onClose={endpointDialogs.close} onSaved={endpointDialogs.saved} />
        )}
        removeMessage={t('admin.apis.endpointRemoveConfirm', { name: removingEndpoint?.name ?? '' })}
        onRemove={removeEndpoint}
      />
      {importing !== undefined && <OpenApiImportDialog source={importing} onClose={() => setImportingId(null)} onAdded={reload} />}
    </>
  );
}

interface ApiSourceSectionProps {
  source: ApiSourceWithEndpoints;
  onEdit: () => void;
  onRemove: () => void;
  onAddEndpoint: () => void;
  onImport: () => void;
  onEditEndpoint: (endpoint: ApiEndpoint) => void;
  onRemoveEndpoint: (endpoint: ApiEndpoint) => void;
}

/** One API: its name, address, way of signing in and endpoint count, its buttons, and its endpoints' table. */
function ApiSourceSection({ source, onEdit, onRemove, onAddEndpoint, onImport, onEditEndpoint, onRemoveEndpoint }: ApiSourceSectionProps) {
  const t = useT();
  const headingId = useId();
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={2} miw={0} style={{ flex: '1 1 16rem' }}>
          <Group gap="xs">
            <Title order={2} size="h4" id={headingId}>{source.name}</Title>
            <Badge variant="light" tt="none" color={source.auth.kind === 'none' ? 'gray' : 'teal'}>{t(AUTH_LABELS[source.auth.kind])}</Badge>
            <Text size="sm" c="dimmed">{t('admin.apis.endpointCount', { count: source.endpoints.length })}</Text>
          </Group>
          <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>{source.baseUrl}</Text>
        </Stack>
        {/* On a phone the two buttons stack, beside the API's edit and remove. */}
        <Group gap={4} wrap="nowrap" align="flex-start">
          <Group gap={4} justify="flex-end">
            <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} />} onClick={onAddEndpoint} aria-label={t('admin.apis.addEndpointTo', { name: source.name })}>
              {t('admin.apis.addEndpoint')}
            </Button>
            <Button size="compact-sm" variant="light" leftSection={<IconFileImport size={14} />} onClick={onImport} aria-label={t('admin.apis.importOpenApiInto', { name: source.name })}>
              {t('admin.apis.importOpenApi')}
            </Button>
          </Group>
          <RowActions
            editLabel={t('admin.apis.editNamed', { name: source.name })}
            onEdit={onEdit}
            removeLabel={t('admin.apis.removeNamed', { name: source.name })}
            onRemove={onRemove}
          />
        </Group>
      </Group>
      <DataTable
        columns={[t('admin.apis.colName'), t('admin.apis.colMethod'), t('admin.apis.colPath'), null]}
        minWidth={340}
        isEmpty={source.endpoints.length === 0}
        emptyText={t('admin.apis.endpointsEmpty')}
        caption={t('admin.apis.endpointsOf', { name: source.name })}
      >
        {source.endpoints.map((endpoint) => (
          <Table.Tr key={endpoint.endpointId}>
            <Table.Td><Text size="sm" fw={600}>{endpoint.name}</Text></Table.Td>
            <Table.Td><Badge variant="outline" tt="none">{endpoint.method}</Badge></Table.Td>
            <Table.Td><Text size="sm" ff="monospace">{endpoint.path === '' ? '/' : endpoint.path}</Text></Table.Td>
            <Table.Td>
              <RowActions
                editLabel={t('admin.apis.editEndpointNamed', { name: endpoint.name })}
                onEdit={() => onEditEndpoint(endpoint)}
                removeLabel={t('admin.apis.removeEndpointNamed', { name: endpoint.name })}
                onRemove={() => onRemoveEndpoint(endpoint)}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </Stack>
  );
}
