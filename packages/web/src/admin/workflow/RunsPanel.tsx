import {
  ActionIcon, Alert, Badge, Button, Code, Collapse, Group, Loader, Modal, Paper, ScrollArea, Select, Stack, Table, Text, TextInput, Title, UnstyledButton,
} from '@mantine/core';
import { type RunOutcome, workflowRunCalls, type WorkflowRunDetail, type WorkflowRunSummary, type WorkflowStepRun, workflowTaskCalls } from '@rakit/core';
import { IconChevronDown, IconChevronRight, IconPlayerPlay, IconRefresh, IconRotateClockwise } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { firstError } from '../../api/client';
import { useCurrentApp } from '../../current-app/app-context';
import { notifyFailure, notifySuccess } from '../../components/notify';
import { runChange, settle } from '../admin-call';
import { t as translateNow } from '../../i18n/i18n';
import { useLanguage, useT } from '../../i18n/LanguageProvider';
import { useInstantText } from '../../current-app/use-instant-text';
import { loaded } from './load';
import { durationText, runIsGoing, runStatusColor, STATUS_TEXTS, starterText } from './run-view';

/** The runs' queries; the language ends their keys, as the server says failures in the reader's (invalidating by these prefixes reaches every language). */
export const runsKey = (workflowId: number) => ['workflow-runs', workflowId] as const;
export const runKey = (runId: number) => ['workflow-run', runId] as const;

/** The runs of a workflow; looked at again every 2 s while one is queued or running. */
export function useWorkflowRuns(workflowId: number | null) {
  const { api } = useCurrentApp();
  const { language } = useLanguage();
  return useQuery({
    queryKey: [...runsKey(workflowId ?? 0), language],
    queryFn: async () => loaded(await api.call(workflowRunCalls.workflowRuns, { params: { id: workflowId as number } }), translateNow('workflow.load.runs')),
    enabled: workflowId !== null,
    refetchInterval: (query) => ((query.state.data ?? []).some((r) => runIsGoing(r.status)) ? 2000 : false),
  });
}

export function useWorkflowRun(runId: number | null) {
  const { api } = useCurrentApp();
  const { language } = useLanguage();
  return useQuery({
    queryKey: [...runKey(runId ?? 0), language],
    queryFn: async () => loaded(await api.call(workflowRunCalls.workflowRun, { params: { id: runId as number } }), translateNow('workflow.load.run')),
    enabled: runId !== null,
    refetchInterval: (query) => (query.state.data !== undefined && runIsGoing(query.state.data.status) ? 2000 : false),
  });
}

interface RunsPanelProps {
  workflowId: number;
  /** Names of the trigger's parameters: the values a run from the editor is asked for ($0). */
  inputNames: readonly string[];
  /** Whether a version is built (runs use the published version). */
  built: boolean;
  /** The cards a run may start from (runChains), besides the start of the workflow. */
  cards: readonly { actionId: number; alias: string }[];
}

/**
 * The Runs panel (issue 12): the workflow's runs (status, started, duration, who or what started
 * it), a run's steps with their resolved input, output, attempts and error, 'Re-run from failed
 * step' on a failed run, and 'Run' with the values of $0.
 */
export function RunsPanel({ workflowId, inputNames, built, cards }: RunsPanelProps) {
  const { api } = useCurrentApp();
  const t = useT();
  const queryClient = useQueryClient();
  const runs = useWorkflowRuns(workflowId);
  const [openRunId, setOpenRunId] = useState<number | null>(null);
  const [asking, setAsking] = useState(false);
  const shownId = openRunId ?? runs.data?.[0]?.runId ?? null;

  async function started(outcome: RunOutcome) {
    await queryClient.invalidateQueries({ queryKey: runsKey(workflowId) });
    await queryClient.invalidateQueries({ queryKey: runKey(outcome.runId) });
    setOpenRunId(outcome.runId);
    if (outcome.status === 'failed') notifyFailure(t('workflow.runs.failed', { id: outcome.runId, error: outcome.errors[0] ?? t('workflow.runs.aStepFailed') }));
    else notifySuccess(t(outcome.status === 'started' ? 'workflow.runs.started' : 'workflow.runs.succeeded', { id: outcome.runId }));
  }

  async function run(params: Record<string, string>, from: number | null | 'start') {
    // Spec 1 §5: running an action without an action id.
    if (from === null) {
      notifyFailure(t('workflow.common.actionIdEmpty'));
      return;
    }
    const answer = await settle(from === 'start' ? api.call(workflowRunCalls.runWorkflow, { params: { id: workflowId }, body: { params } }) : api.call(workflowRunCalls.runChains, { body: { actionId: from, params } }));
    if (answer === null) return;
    if (!answer.status || answer.data === undefined) {
      notifyFailure(firstError(answer, t('workflow.runs.runFailed')));
      return;
    }
    setAsking(false);
    await started(answer.data);
  }

  async function rerun(runId: number) {
    const answer = await settle(api.call(workflowRunCalls.rerunWorkflowRun, { params: { id: runId } }));
    if (answer === null) return;
    if (!answer.status || answer.data === undefined) {
      notifyFailure(firstError(answer, t('workflow.runs.resumeFailed')));
      return;
    }
    await started(answer.data);
  }

  async function cancel(runId: number) {
    const cancelled = await runChange(api.call(workflowTaskCalls.cancelWorkflowRun, { params: { id: runId } }), t('workflow.runs.cancelled'));
    if (!cancelled) return;
    await queryClient.invalidateQueries({ queryKey: runsKey(workflowId) });
    await queryClient.invalidateQueries({ queryKey: runKey(runId) });
  }

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={t('workflow.runs.title')} data-testid="runs-panel">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">{t('workflow.runs.title')}</Title>
        <Group gap="xs">
          <ActionIcon variant="default" aria-label={t('workflow.runs.refresh')} onClick={() => void runs.refetch()} loading={runs.isFetching}><IconRefresh size={16} /></ActionIcon>
          <Button size="xs" leftSection={<IconPlayerPlay size={14} />} disabled={!built} title={built ? undefined : t('workflow.runs.buildFirst')} onClick={() => setAsking(true)}>
            {t('workflow.runs.run')}
          </Button>
        </Group>
      </Group>
      {runs.isError && <Alert color="red">{runs.error.message}</Alert>}
      {runs.data !== undefined && runs.data.length === 0 && <Text size="sm" c="dimmed">{t('workflow.runs.none')}</Text>}
      {runs.data !== undefined && runs.data.length > 0 && (
        <ScrollArea.Autosize mah={260} type="auto">
          <Table highlightOnHover verticalSpacing={4} fz="sm" miw={520}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('workflow.runs.columnRun')}</Table.Th>
                <Table.Th>{t('workflow.runs.columnStatus')}</Table.Th>
                <Table.Th>{t('workflow.runs.columnStarted')}</Table.Th>
                <Table.Th>{t('workflow.runs.columnDuration')}</Table.Th>
                <Table.Th>{t('workflow.runs.columnStartedBy')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {runs.data.map((r) => <RunRow key={r.runId} run={r} active={r.runId === shownId} onOpen={() => setOpenRunId(r.runId)} />)}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
      {shownId !== null && <RunDetail runId={shownId} onRerun={(id) => void rerun(id)} onCancel={(id) => void cancel(id)} />}
      {asking && <RunInputDialog names={inputNames} cards={cards} onRun={run} onClose={() => setAsking(false)} />}
    </Paper>
  );
}

function RunRow({ run, active, onOpen }: { run: WorkflowRunSummary; active: boolean; onOpen: () => void }) {
  const t = useT();
  const when = useInstantText(true);
  return (
    <Table.Tr data-testid="run-row" data-status={run.status} bg={active ? 'var(--mantine-color-blue-light)' : undefined}>
      <Table.Td><UnstyledButton onClick={onOpen} fw={600} aria-label={t('workflow.runs.open', { id: run.runId })}>#{run.runId}</UnstyledButton></Table.Td>
      <Table.Td><Badge color={runStatusColor(run.status)} variant="light">{t(STATUS_TEXTS[run.status])}</Badge></Table.Td>
      <Table.Td>{when(run.startedAt ?? run.createdAt)}</Table.Td>
      <Table.Td>{durationText(run.durationMs)}</Table.Td>
      <Table.Td>{starterText(t, run.startedBy)}</Table.Td>
    </Table.Tr>
  );
}

function RunDetail({ runId, onRerun, onCancel }: { runId: number; onRerun: (runId: number) => void; onCancel: (runId: number) => void }) {
  const t = useT();
  const run = useWorkflowRun(runId);
  if (run.isPending) return <Loader size="sm" mt="sm" />;
  if (run.isError) return <Alert color="red" mt="sm">{run.error.message}</Alert>;
  const detail: WorkflowRunDetail = run.data;
  return (
    <Stack gap="xs" mt="sm" data-testid="run-detail">
      <Group justify="space-between">
        <Group gap="xs">
          <Text fw={700}>{t('workflow.runs.detailTitle', { id: detail.runId })}</Text>
          <Badge color={runStatusColor(detail.status)} variant="filled">{t(STATUS_TEXTS[detail.status])}</Badge>
          <Text size="xs" c="dimmed">{t('workflow.runs.versionAndDuration', { version: detail.versionId, duration: durationText(detail.durationMs) })}</Text>
        </Group>
        {detail.status === 'failed' && (
          <Button size="xs" color="orange" leftSection={<IconRotateClockwise size={14} />} onClick={() => onRerun(detail.runId)}>
            {t('workflow.runs.rerun')}
          </Button>
        )}
        {(detail.status === 'waiting' || detail.status === 'queued') && (
          <Button size="xs" variant="default" color="red" onClick={() => onCancel(detail.runId)}>{t('workflow.runs.cancel')}</Button>
        )}
      </Group>
      {detail.error !== null && <Alert color="red" p="xs">{detail.error}</Alert>}
      <JsonBlock title={t('workflow.runs.input0')} testId="Input ($0)" value={detail.input} />
      {detail.steps.map((step) => <StepRow key={`${step.stepNumber}-${step.actionId}`} step={step} />)}
    </Stack>
  );
}

function StepRow({ step }: { step: WorkflowStepRun }) {
  const t = useT();
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="step-row" data-alias={step.actionAlias} data-status={step.status}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Badge variant="light" tt="none">${step.stepNumber}</Badge>
          <Text fw={600} size="sm">{step.actionAlias}</Text>
          <Text size="xs" c="dimmed">{step.addonName}</Text>
          {step.branch !== null && <Badge size="xs" variant="outline">{step.branch}</Badge>}
        </Group>
        <Group gap="xs">
          <Text size="xs" c="dimmed">{t('workflow.runs.attempt', { attempt: step.attempt, max: step.maxAttempts, duration: durationText(step.durationMs) })}</Text>
          <Badge color={runStatusColor(step.status)} variant="light">{t(STATUS_TEXTS[step.status])}</Badge>
        </Group>
      </Group>
      {step.error !== null && <Text size="sm" c="red" mt={4} data-testid="step-error">{step.error}</Text>}
      <JsonBlock title={t('workflow.runs.input')} testId="Input" value={step.input} />
      <JsonBlock title={t('workflow.runs.output')} testId="Output" value={step.output} />
    </Paper>
  );
}

/** A value as JSON, folded until opened; `testId` names it for the tests in any language. */
function JsonBlock({ title, testId, value }: { title: string; testId: string; value: unknown }) {
  const [open, setOpen] = useState(false);
  if (value === undefined || value === null) return null;
  const text = JSON.stringify(value, null, 2);
  return (
    <div>
      <UnstyledButton onClick={() => setOpen((o) => !o)} aria-expanded={open} fz="xs" c="blue">
        <Group gap={2}>{open ? <IconChevronDown size={12} /> : <IconChevronRight size={12} />}{title}</Group>
      </UnstyledButton>
      <Collapse expanded={open}>
        <Code block mah={240} style={{ overflow: 'auto' }} data-testid={`json-${testId}`}>{text}</Code>
      </Collapse>
    </div>
  );
}

interface RunInputDialogProps {
  names: readonly string[];
  cards: readonly { actionId: number; alias: string }[];
  onRun: (params: Record<string, string>, from: number | null | 'start') => Promise<void>;
  onClose: () => void;
}

const START = 'start';

/** The values of $0 for a run from the editor, and where it starts: the workflow's start or one of its actions (runChains). */
function RunInputDialog({ names, cards, onRun, onClose }: RunInputDialogProps) {
  const [values, setValues] = useState<Record<string, string>>(Object.fromEntries(names.map((n) => [n, ''])));
  const [from, setFrom] = useState<string | null>(START);
  const [busy, setBusy] = useState(false);
  const t = useT();
  return (
    <Modal opened onClose={onClose} title={t('workflow.runs.dialogTitle')} centered>
      <Stack gap="sm">
        <Select
          label={t('workflow.runs.startFrom')}
          data={[{ value: START, label: t('workflow.runs.fromStart') }, ...cards.map((c) => ({ value: String(c.actionId), label: c.alias }))]}
          value={from}
          onChange={setFrom}
        />
        <Text size="sm" c="dimmed">{names.length === 0 ? t('workflow.runs.noInput') : t('workflow.runs.inputHelp')}</Text>
        {names.map((name) => (
          <TextInput key={name} label={`$0.${name}`} value={values[name] ?? ''} onChange={(e) => setValues({ ...values, [name]: e.currentTarget.value })} />
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('workflow.common.cancel')}</Button>
          <Button
            loading={busy}
            onClick={() => {
              setBusy(true);
              void onRun(values, from === START ? 'start' : from === null ? null : Number(from)).finally(() => setBusy(false));
            }}
          >
            {t('workflow.runs.run')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
