import {
  Autocomplete, Box, Button, Code, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import {
  AUDIT_PAGE_SIZE_DEFAULT, type AuditEntry, type AuditFilter, calls, LOGIN_FAILED_ACTION, ROOT_APP_SLUG, WORKFLOW_RUN_STARTED_ACTION, appCalls, auditCalls } from '@rakit/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { downloadBlob } from '../../actions/file-download';
import { AdminPager } from '../../components/AdminPager';
import { DataTable } from '../../components/DataTable';
import { QueryStatus } from '../../components/QueryStatus';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useCurrentApp } from '../../current-app/app-context';
import { notifyFailure } from '../../components/notify';
import { useInstantText } from '../../current-app/use-instant-text';
import { useLanguage, useT } from '../../i18n/LanguageProvider';
import { dataOf } from '../admin-call';
import { SEARCH_DEBOUNCE_MS } from '../admin-limits';
import { AuditDetails } from './AuditDetails';

/** The actions one may filter by: every call's name, and the two that are no call. */
const ACTIONS = [...Object.keys(calls), LOGIN_FAILED_ACTION, WORKFLOW_RUN_STARTED_ACTION].sort();
const ENTITY_TYPES = ['app', 'page', 'row', 'user', 'group', 'menu', 'db', 'function', 'workflow', 'workflowAction', 'workflowRun', 'trigger', 'template', 'pdfTemplate', 'thirdParty', 'schools', 'auditLog'];
/** The filters of the audit log screens: what the person typed, blanks left out by the server. */
type AuditQuery = { [K in keyof AuditFilter]?: string };

const EMPTY_FILTER: Required<AuditQuery> = { actor: '', action: '', entityType: '', entityId: '', from: '', to: '' };


/**
 * The audit log (issue 17): who did what, newest first, filtered and paged on the server, and
 * exported to Excel as filtered. In `_root` the super administrator reads every application's
 * (with an application filter); elsewhere an application's administrators read theirs.
 */
export function AuditLogScreen() {
  const { app, api } = useCurrentApp();
  const t = useT();
  const { language } = useLanguage();
  const isRoot = app.appSlug === ROOT_APP_SLUG;
  const [typed, setTyped] = useState(EMPTY_FILTER);
  const [debounced] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const [appFilter, setAppFilter] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const filter: AuditQuery = Object.fromEntries(Object.entries(debounced).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v !== ''));
  const scopeAppId = isRoot ? (appFilter === null ? undefined : Number(appFilter)) : app.appId;

  const apps = useQuery({ queryKey: ['apps', app.appSlug, 'all'], queryFn: async () => dataOf(await api.call(appCalls.listApp, {}), t('admin.apps.title')), enabled: isRoot });
  const log = useQuery({
    // The server says the summaries in the reader's language: another language is another answer.
    queryKey: ['audit', app.appSlug, scopeAppId, filter, page, language],
    queryFn: async () => dataOf(isRoot
      ? await api.call(auditCalls.listAllAuditLog, { query: { ...filter, appId: scopeAppId, page, pageSize: AUDIT_PAGE_SIZE_DEFAULT } })
      : await api.call(auditCalls.listAuditLog, { query: { ...filter, appId: app.appId, page, pageSize: AUDIT_PAGE_SIZE_DEFAULT } }), t('admin.audit.what')),
    placeholderData: keepPreviousData,
  });

  const setField = (field: keyof AuditQuery) => (value: string) => {
    setTyped((current) => ({ ...current, [field]: value }));
    setPage(1);
  };

  async function exportLog() {
    setExporting(true);
    try {
      const blob = isRoot
        ? await api.download(auditCalls.exportAllAuditLog, { query: { ...filter, appId: scopeAppId } })
        : await api.download(auditCalls.exportAuditLog, { query: { ...filter, appId: app.appId } });
      downloadBlob(blob, 'audit-log.xlsx');
    } catch (error) {
      notifyFailure((error as Error).message);
    } finally {
      setExporting(false);
    }
  }

  const columns = isRoot
    ? [t('admin.audit.colWhen'), t('admin.audit.colWho'), t('admin.audit.colApplication'), t('admin.audit.colAction'), t('admin.audit.colWhat')]
    : [t('admin.audit.colWhen'), t('admin.audit.colWho'), t('admin.audit.colAction'), t('admin.audit.colWhat')];
  return (
    <>
      <ScreenHeader title={t('admin.audit.title')}>
        <Button variant="default" leftSection={<IconFileSpreadsheet size={16} />} loading={exporting} onClick={() => void exportLog()}>{t('admin.audit.export')}</Button>
      </ScreenHeader>
      <Text size="sm" c="dimmed" mb="sm">
        {isRoot ? t('admin.audit.introRoot') : t('admin.audit.intro')}
      </Text>
      <Stack gap="xs" mb="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: isRoot ? 4 : 3 }} spacing="sm">
          {isRoot && (
            <Select
              label={t('admin.audit.application')} placeholder={t('admin.audit.allApplications')} clearable searchable
              data={(apps.data ?? []).map((a) => ({ value: String(a.appId), label: a.appName }))}
              value={appFilter} onChange={(value) => { setAppFilter(value); setPage(1); }}
            />
          )}
          <TextInput label={t('admin.audit.who')} placeholder={t('admin.audit.userId')} value={typed.actor} onChange={(e) => setField('actor')(e.currentTarget.value)} />
          <Autocomplete label={t('admin.audit.action')} placeholder={t('admin.audit.anyAction')} data={ACTIONS} limit={20} value={typed.action} onChange={setField('action')} />
          <Autocomplete label={t('admin.audit.entity')} placeholder={t('admin.audit.anyEntity')} data={ENTITY_TYPES} value={typed.entityType} onChange={setField('entityType')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <TextInput label={t('admin.audit.entityId')} placeholder={t('admin.audit.any')} value={typed.entityId} onChange={(e) => setField('entityId')(e.currentTarget.value)} />
          <TextInput label={t('admin.audit.from')} type="date" value={typed.from} onChange={(e) => setField('from')(e.currentTarget.value)} />
          <TextInput label={t('admin.audit.to')} type="date" value={typed.to} onChange={(e) => setField('to')(e.currentTarget.value)} />
        </SimpleGrid>
      </Stack>

      <QueryStatus what={t('admin.audit.what')} isPending={log.isPending} error={log.error} />
      {log.data !== undefined && (
        <>
          <Box visibleFrom="sm">
            <DataTable columns={columns} isEmpty={log.data.entries.length === 0} emptyText={t('admin.audit.empty')} minWidth={isRoot ? 900 : 760} caption={t('admin.audit.title')} wrap>
              {log.data.entries.map((entry) => <AuditRow key={entry.auditId} entry={entry} showApp={isRoot} />)}
            </DataTable>
          </Box>
          {/* A phone shows each entry as a card: a table this wide would hide what changed. */}
          <Stack hiddenFrom="sm" gap="xs" aria-label={t('admin.audit.entries')} role="list">
            {log.data.entries.length === 0 && <Text c="dimmed" ta="center" py="md">{t('admin.audit.empty')}</Text>}
            {log.data.entries.map((entry) => <AuditCard key={entry.auditId} entry={entry} showApp={isRoot} />)}
          </Stack>
          <Group justify="space-between" mt="md">
            <Text size="sm" c="dimmed">{t('admin.audit.count', { count: log.data.total })}</Text>
            <AdminPager page={page} total={log.data.total} pageSize={log.data.pageSize} onChange={setPage} label={t('admin.audit.pages')} />
          </Group>
        </>
      )}
    </>
  );
}

function AuditCard({ entry, showApp }: { entry: AuditEntry; showApp: boolean }) {
  const t = useT();
  const when = useInstantText(true);
  return (
    <Paper withBorder radius="md" p="sm" bg="white" role="listitem">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={500}>{entry.actorId ?? t('admin.audit.system')}</Text>
        <Code>{entry.action}</Code>
      </Group>
      <Text size="xs" c="dimmed">{when(entry.at)}{showApp && entry.appName !== null ? ` · ${entry.appName}` : ''}{entry.sourceAddress === null ? '' : ` · ${entry.sourceAddress}`}</Text>
      <Text size="sm" mt={4}>{entry.summary}</Text>
      <AuditDetails details={entry.details} />
    </Paper>
  );
}

function AuditRow({ entry, showApp }: { entry: AuditEntry; showApp: boolean }) {
  const t = useT();
  const when = useInstantText(true);
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}><Text size="sm">{when(entry.at)}</Text></Table.Td>
      <Table.Td>
        <Text size="sm" fw={500}>{entry.actorId ?? t('admin.audit.system')}</Text>
        {entry.sourceAddress !== null && <Text size="xs" c="dimmed">{entry.sourceAddress}</Text>}
      </Table.Td>
      {showApp && <Table.Td><Text size="sm">{entry.appName ?? '—'}</Text></Table.Td>}
      <Table.Td><Code>{entry.action}</Code></Table.Td>
      <Table.Td>
        <Text size="sm">{entry.summary}</Text>
        <Text size="xs" c="dimmed">{entry.entityType}{entry.entityId === null ? '' : ` ${entry.entityId}`}</Text>
        <AuditDetails details={entry.details} />
      </Table.Td>
    </Table.Tr>
  );
}
