import { Alert, Badge, Button, Group, List, NumberInput, Paper, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MISSED_OCCURRENCES, type MissedOccurrences, type WorkflowSchedule, workflowScheduleCalls } from '@rakit/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { firstError } from '../../api/client';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormDialog } from '../../components/FormDialog';
import { notifyFailure, notifySuccess } from '../../components/notify';
import { useCurrentApp } from '../../current-app/app-context';
import { useInstantText } from '../../current-app/use-instant-text';
import { t as translateNow } from '../../i18n/i18n';
import { useT } from '../../i18n/LanguageProvider';
import { runChange, settle } from '../admin-call';
import { loaded } from './load';
import { WorkflowPanel } from './WorkflowPanel';
import { cronOf, describeForm, formOf, MINUTE_STEPS, SCHEDULE_KINDS, type ScheduleForm, type ScheduleKind, weekdayKey } from './schedule-presets';

const schedulesKey = (workflowId: number) => ['workflow-schedules', workflowId] as const;
/** How long the editor waits after a change before asking when the schedule would run. */
const PREVIEW_DEBOUNCE_MS = 300;

const KIND_LABELS = {
  minutes: 'workflow.schedules.kind.minutes', hourly: 'workflow.schedules.kind.hourly', daily: 'workflow.schedules.kind.daily',
  weekly: 'workflow.schedules.kind.weekly', monthly: 'workflow.schedules.kind.monthly', custom: 'workflow.schedules.kind.custom',
} as const;
const MISSED_LABELS = { runOnce: 'workflow.schedules.missed.runOnce', skip: 'workflow.schedules.missed.skip' } as const;

/** A kind's form with its usual values (07:00, Monday, the 1st), keeping the time already chosen. */
function formOfKind(kind: ScheduleKind, from: ScheduleForm): ScheduleForm {
  const hour = 'hour' in from ? from.hour : 7;
  const minute = 'minute' in from ? from.minute : 0;
  switch (kind) {
    case 'minutes': return { kind, every: 15 };
    case 'hourly': return { kind, minute };
    case 'daily': return { kind, hour, minute };
    case 'weekly': return { kind, weekday: 1, hour, minute };
    case 'monthly': return { kind, day: 1, hour, minute };
    case 'custom': return { kind, cron: cronOf(from) };
  }
}

const clockText = (hour: number, minute: number) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;

/**
 * A workflow's schedules (issue 37): when it runs by itself, read as a sentence, with its next
 * run; an editor of readable forms (every day at…, every Monday…, every N minutes) or a cron
 * expression, showing the next five runs as it is typed.
 */
export function SchedulesPanel({ workflowId, built }: { workflowId: number; built: boolean }) {
  const { app, api } = useCurrentApp();
  const t = useT();
  const instant = useInstantText();
  const queryClient = useQueryClient();
  const schedules = useQuery({
    queryKey: schedulesKey(workflowId),
    queryFn: async () => loaded(await api.call(workflowScheduleCalls.listWorkflowSchedules, { params: { id: workflowId } }), translateNow('workflow.schedules.title')),
  });
  const [editing, setEditing] = useState<WorkflowSchedule | 'new' | null>(null);
  const [removing, setRemoving] = useState<WorkflowSchedule | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: schedulesKey(workflowId) });

  async function remove(schedule: WorkflowSchedule) {
    const removed = await runChange(api.call(workflowScheduleCalls.deleteWorkflowSchedule, { body: { scheduleId: schedule.scheduleId } }), t('workflow.schedules.removed'));
    setRemoving(null);
    if (removed) await refresh();
  }

  return (
    <WorkflowPanel
      title={t('workflow.schedules.title')}
      testId="schedules-panel"
      addLabel={t('workflow.schedules.add')}
      onAdd={() => setEditing('new')}
      intro={t('workflow.schedules.intro', { zone: app.appTimeZone })}
      notBuilt={built ? null : t('workflow.schedules.buildFirst')}
    >
      {schedules.data !== undefined && schedules.data.length === 0 && <Text size="sm" c="dimmed">{t('workflow.schedules.none')}</Text>}
      <Stack gap="xs">
        {(schedules.data ?? []).map((schedule) => {
          const what = describeForm(t, formOf(schedule.cron));
          return (
            <Paper key={schedule.scheduleId} withBorder radius="sm" p="xs" component="article" aria-label={what}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Group gap="xs">
                  <Text fw={600} size="sm">{what}</Text>
                  {!schedule.enabled && <Badge color="gray" variant="light" tt="none">{t('workflow.schedules.off')}</Badge>}
                </Group>
                <Group gap={4}>
                  <Button size="compact-sm" variant="subtle" onClick={() => setEditing(schedule)} aria-label={t('workflow.schedules.editNamed', { what })}>{t('workflow.schedules.edit')}</Button>
                  <Button size="compact-sm" variant="subtle" color="red" onClick={() => setRemoving(schedule)} aria-label={t('workflow.schedules.removeNamed', { what })}>{t('workflow.schedules.remove')}</Button>
                </Group>
              </Group>
              <Text size="sm" c="dimmed">{schedule.nextRuns[0] === undefined ? t('workflow.schedules.noneAhead') : t('workflow.schedules.next', { time: instant(schedule.nextRuns[0]) })}</Text>
            </Paper>
          );
        })}
      </Stack>
      {editing !== null && (
        <ScheduleFormDialog
          workflowId={workflowId}
          editing={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => { setEditing(null); void refresh(); }}
        />
      )}
      <ConfirmDialog
        opened={removing !== null}
        message={t('workflow.schedules.removeConfirm', { what: removing === null ? '' : describeForm(t, formOf(removing.cron)) })}
        confirmLabel={t('workflow.schedules.remove')}
        onConfirm={() => (removing === null ? Promise.resolve() : remove(removing))}
        onClose={() => setRemoving(null)}
      />
    </WorkflowPanel>
  );
}

function ScheduleFormDialog({ workflowId, editing, onClose, onSaved }: { workflowId: number; editing: WorkflowSchedule | null; onClose: () => void; onSaved: () => void }) {
  const { api } = useCurrentApp();
  const t = useT();
  const instant = useInstantText();
  const [form, setForm] = useState<ScheduleForm>(editing === null ? { kind: 'daily', hour: 7, minute: 0 } : formOf(editing.cron));
  const [startsOn, setStartsOn] = useState(editing?.startsOn ?? '');
  const [endsOn, setEndsOn] = useState(editing?.endsOn ?? '');
  const [missed, setMissed] = useState<MissedOccurrences>(editing?.missed ?? 'runOnce');
  const [enabled, setEnabled] = useState(editing?.enabled ?? true);
  const times = { workflowId, cron: cronOf(form), startsOn: startsOn === '' ? null : startsOn, endsOn: endsOn === '' ? null : endsOn };
  const [asked] = useDebouncedValue(times, PREVIEW_DEBOUNCE_MS);
  const preview = useQuery({
    queryKey: ['schedule-preview', asked],
    queryFn: async ({ signal }) => loaded(await api.call(workflowScheduleCalls.previewSchedule, { body: asked }, { signal }), translateNow('workflow.schedules.preview')),
    retry: false,
  });

  async function save() {
    const answer = await settle(api.call(workflowScheduleCalls.saveWorkflowSchedule, { body: { scheduleId: editing?.scheduleId ?? null, ...times, missed, enabled } }));
    if (answer === null) return;
    if (answer.status) {
      notifySuccess(t('workflow.schedules.saved'));
      onSaved();
    } else {
      notifyFailure(firstError(answer, t('workflow.schedules.saveFailed')));
    }
  }

  const setClock = (text: string) => {
    const [hour, minute] = text.split(':').map(Number);
    if (hour === undefined || minute === undefined || Number.isNaN(hour) || Number.isNaN(minute)) return;
    setForm((current) => ('hour' in current ? { ...current, hour, minute } : current));
  };

  return (
    <FormDialog title={editing === null ? t('workflow.schedules.add') : t('workflow.schedules.editTitle')} onSubmit={save} onClose={onClose} size="lg">
      <Select
        label={t('workflow.schedules.kind')}
        data={SCHEDULE_KINDS.map((kind) => ({ value: kind, label: t(KIND_LABELS[kind]) }))}
        value={form.kind}
        onChange={(value) => { if (value !== null) setForm(formOfKind(value as ScheduleKind, form)); }}
        allowDeselect={false}
        data-autofocus
      />
      {form.kind === 'minutes' && (
        <Select
          label={t('workflow.schedules.every')}
          data={MINUTE_STEPS.map((step) => ({ value: String(step), label: t('workflow.schedules.minutesN', { count: step }) }))}
          value={String(form.every)}
          onChange={(value) => setForm({ kind: 'minutes', every: Number(value ?? 15) })}
          allowDeselect={false}
        />
      )}
      {form.kind === 'hourly' && (
        <NumberInput label={t('workflow.schedules.atMinute')} min={0} max={59} clampBehavior="strict" value={form.minute} onChange={(value) => setForm({ kind: 'hourly', minute: Number(value) || 0 })} />
      )}
      {form.kind === 'weekly' && (
        <Select
          label={t('workflow.schedules.onWeekday')}
          data={[1, 2, 3, 4, 5, 6, 0].map((weekday) => ({ value: String(weekday), label: t(weekdayKey(weekday)) }))}
          value={String(form.weekday)}
          onChange={(value) => setForm({ ...form, weekday: Number(value ?? 1) })}
          allowDeselect={false}
        />
      )}
      {form.kind === 'monthly' && (
        <NumberInput label={t('workflow.schedules.onDay')} min={1} max={31} clampBehavior="strict" value={form.day} onChange={(value) => setForm({ ...form, day: Number(value) || 1 })} />
      )}
      {'hour' in form && <TextInput type="time" label={t('workflow.schedules.at')} value={clockText(form.hour, form.minute)} onChange={(event) => setClock(event.currentTarget.value)} />}
      {form.kind === 'custom' && (
        <TextInput label={t('workflow.schedules.cron')} description={t('workflow.schedules.cronHint')} value={form.cron} onChange={(event) => setForm({ kind: 'custom', cron: event.currentTarget.value })} ff="monospace" />
      )}
      <Group grow>
        <TextInput type="date" label={t('workflow.schedules.startsOn')} value={startsOn} onChange={(event) => setStartsOn(event.currentTarget.value)} />
        <TextInput type="date" label={t('workflow.schedules.endsOn')} value={endsOn} onChange={(event) => setEndsOn(event.currentTarget.value)} />
      </Group>
      <Select
        label={t('workflow.schedules.missed')}
        data={MISSED_OCCURRENCES.map((value) => ({ value, label: t(MISSED_LABELS[value]) }))}
        value={missed}
        onChange={(value) => setMissed(value === 'skip' ? 'skip' : 'runOnce')}
        allowDeselect={false}
      />
      <Switch label={t('workflow.schedules.enabled')} checked={enabled} onChange={(event) => setEnabled(event.currentTarget.checked)} />
      <div aria-live="polite">
        <Text size="sm" fw={600}>{t('workflow.schedules.preview')}</Text>
        {preview.isError ? <Alert color="red" p="xs">{preview.error.message}</Alert> : (
          <List size="sm" data-testid="schedule-preview">
            {(preview.data?.nextRuns ?? []).map((at) => <List.Item key={at}>{instant(at)}</List.Item>)}
          </List>
        )}
        {preview.data !== undefined && preview.data.nextRuns.length === 0 && <Text size="sm" c="dimmed">{t('workflow.schedules.noneAhead')}</Text>}
      </div>
    </FormDialog>
  );
}
