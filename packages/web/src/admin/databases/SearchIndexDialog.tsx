import { Alert, Button, Checkbox, Code, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { databaseCalls, type SearchIndexJob, type TableSearch } from '@rakit/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { firstError } from '../../api/client';
import { useCurrentApp } from '../../current-app/app-context';
import { useT } from '../../i18n/LanguageProvider';
import { dataOf, settle } from '../admin-call';

interface SearchIndexDialogProps {
  dbId: number;
  table: TableSearch;
  opened: boolean;
  onClose: () => void;
}

/** How often a running index build is asked how far it is. */
const PROGRESS_POLL_MS = 1000;

/**
 * Add search index (issue 19): the administrator picks the text columns, reads the exact
 * statements the server would run, confirms, and follows the build until the index is there.
 */
export function SearchIndexDialog({ dbId, table, opened, onClose }: SearchIndexDialogProps) {
  const { app, api } = useCurrentApp();
  const t = useT();
  const queryClient = useQueryClient();
  const candidates = table.columns.filter((c) => c.text && !c.indexed).map((c) => c.column);
  const [columns, setColumns] = useState<string[]>(candidates);
  const [job, setJob] = useState<SearchIndexJob | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  /** The build is no longer seen (it ran on another server process, which this one cannot follow to its end). */
  const [lost, setLost] = useState(false);

  const plan = useQuery({
    queryKey: ['databases', app.appSlug, 'search-plan', dbId, table.table_name, columns],
    queryFn: async () => dataOf(await api.call(databaseCalls.planSearchIndex, { body: { dbId, table: table.table_name, columns } }), t('admin.searchIndex.statementsWhat')),
    enabled: opened && columns.length > 0 && job === null,
  });

  const running = job?.state === 'running' && !lost;
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => {
      void settle(api.call(databaseCalls.searchIndexProgress, { params: { dbId } })).then((answer) => {
        if (answer?.status !== true || answer.data === undefined) return;
        if (answer.data === null) setLost(true);
        else setJob(answer.data.statements.length === 0 ? { ...answer.data, statements: job?.statements ?? [] } : answer.data);
      });
    }, PROGRESS_POLL_MS);
    return () => clearInterval(timer);
  }, [running, api, dbId, job?.statements]);
  useEffect(() => {
    if (job?.state === 'done' || lost) void queryClient.invalidateQueries({ queryKey: ['databases', app.appSlug, 'search', dbId] });
  }, [job?.state, lost, queryClient, app.appSlug, dbId]);

  async function start() {
    setRefusal(null);
    const answer = await settle(api.call(databaseCalls.addSearchIndex, { body: { dbId, table: table.table_name, columns } }));
    if (answer === null) return;
    if (answer.status && answer.data !== undefined) setJob(answer.data);
    else setRefusal(firstError(answer, t('admin.searchIndex.addFailed')));
  }

  const statements = job?.statements ?? plan.data?.statements ?? [];
  const notAllowed = plan.data !== undefined && !plan.data.allowed ? plan.data.refusal : null;
  const percent = job === null ? 0 : job.state === 'done' ? 100 : Math.round(((job.step - 1 + (job.progress ?? 0)) / Math.max(1, job.statements.length)) * 100);

  return (
    <Modal opened={opened} onClose={onClose} size="xl" title={<Text fw={700}>{t('admin.searchIndex.title', { table: table.table_name })}</Text>} closeOnClickOutside={!running}>
      <Stack gap="sm">
        {job === null ? (
          <Checkbox.Group label={t('admin.searchIndex.columns')} value={columns} onChange={setColumns}>
            <Group gap="md" mt={4}>
              {candidates.map((c) => <Checkbox key={c} value={c} label={c} />)}
            </Group>
          </Checkbox.Group>
        ) : null}
        <Text size="sm" fw={600}>{t('admin.searchIndex.statements')}</Text>
        <Code block aria-label={t('admin.searchIndex.statementsLabel')} style={{ whiteSpace: 'pre-wrap' }}>{statements.map((s) => `${s};`).join('\n')}</Code>
        {notAllowed !== null ? <Alert color="orange" title={t('admin.searchIndex.notAllowed')}>{notAllowed}</Alert> : null}
        {refusal !== null ? <Alert color="red" title={t('admin.searchIndex.refused')}>{refusal}</Alert> : null}
        {job !== null ? (
          <Stack gap={4} aria-label={t('admin.searchIndex.progress')}>
            <Progress value={percent} animated={running} aria-label={t('admin.searchIndex.indexProgress')} />
            <Text size="sm" c="dimmed">
              {lost ? t('admin.searchIndex.lost') : null}
              {job.state === 'running' && !lost
                ? (job.phase === null
                  ? t('admin.searchIndex.running', { step: Math.max(1, job.step), total: job.statements.length })
                  : t('admin.searchIndex.runningPhase', { step: Math.max(1, job.step), total: job.statements.length, phase: job.phase }))
                : null}
              {job.state === 'done' ? t('admin.searchIndex.done') : null}
              {job.state === 'failed' ? t('admin.searchIndex.failed', { problem: job.message ?? '' }) : null}
            </Text>
          </Stack>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={running}>{job?.state === 'done' ? t('admin.searchIndex.close') : t('admin.searchIndex.cancel')}</Button>
          {job === null ? (
            <Button onClick={() => void start()} disabled={plan.data?.allowed !== true || columns.length === 0}>{t('admin.searchIndex.run')}</Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}
