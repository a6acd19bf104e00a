import { Alert, Button, Checkbox, Group, Modal, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type TaskField, type WorkflowTask, workflowTaskCalls } from '@rakit/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { firstError } from '../api/client';
import { notifyFailure, notifySuccess } from '../components/notify';
import { useCurrentApp } from '../current-app/app-context';
import { useInstantText } from '../current-app/use-instant-text';
import { useT } from '../i18n/LanguageProvider';
import { myTasksKey, useMyTasks } from './my-tasks';

/** The member's open tasks (issue 37), each answered here: approve or reject, or its small form sent. */
export default function TasksDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const tasks = useMyTasks();
  return (
    <Modal opened onClose={onClose} title={t('shell.tasks.title')} size="lg" centered>
      <Stack gap="sm">
        {tasks.isError && <Alert color="red">{t('shell.tasks.loadFailed')}</Alert>}
        {tasks.data?.length === 0 && <Text c="dimmed">{t('shell.tasks.none')}</Text>}
        {(tasks.data ?? []).map((task) => <TaskCard key={task.taskId} task={task} />)}
        <Group justify="flex-end"><Button variant="default" onClick={onClose}>{t('shell.tasks.close')}</Button></Group>
      </Stack>
    </Modal>
  );
}

type FormValues = Record<string, string | boolean>;

const emptyForm = (fields: readonly TaskField[]): FormValues => Object.fromEntries(fields.map((field) => [field.name, field.type === 'boolean' ? false : '']));

function TaskCard({ task }: { task: WorkflowTask }) {
  const t = useT();
  const instant = useInstantText();
  const { app, api } = useCurrentApp();
  const queryClient = useQueryClient();
  const [comment, setComment] = useState('');
  const [values, setValues] = useState<FormValues>(() => emptyForm(task.fields));
  const [busy, setBusy] = useState<'approve' | 'reject' | 'submit' | null>(null);

  async function send(answer: 'approve' | 'reject' | 'submit') {
    setBusy(answer);
    const sent = await api.call(workflowTaskCalls.answerTask, { body: { taskId: task.taskId, answer, comment, values: answer === 'submit' ? values : {} } }).catch(() => null);
    setBusy(null);
    if (sent === null || !sent.status) {
      notifyFailure(sent === null ? t('shell.tasks.failed') : firstError(sent, t('shell.tasks.failed')));
      return;
    }
    notifySuccess(t('shell.tasks.answered'));
    await queryClient.invalidateQueries({ queryKey: myTasksKey(app.appId) });
  }

  const titleId = `task-${task.taskId}-message`;
  return (
    <Paper withBorder p="sm" component="article" aria-labelledby={titleId} data-testid="task-card">
      <Stack gap="xs">
        <Text fw={600} id={titleId} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{task.message}</Text>
        <Text size="xs" c="dimmed">
          {t('shell.tasks.from', { workflow: task.workflowName, run: String(task.runId) })} · {t('shell.tasks.givenTo', { assignee: task.assignee })}
        </Text>
        {task.deadlineAt !== null && <Text size="xs" c="orange.8">{t('shell.tasks.deadline', { at: instant(task.deadlineAt) })}</Text>}
        {task.fields.map((field) => (field.type === 'boolean' ? (
          <Checkbox key={field.name} label={field.name} checked={values[field.name] === true} onChange={(event) => { const checked = event.currentTarget.checked; setValues((was) => ({ ...was, [field.name]: checked })); }} />
        ) : (
          <TextInput
            key={field.name}
            label={field.name}
            inputMode={field.type === 'number' ? 'decimal' : undefined}
            value={String(values[field.name] ?? '')}
            onChange={(event) => { const next = event.currentTarget.value; setValues((was) => ({ ...was, [field.name]: next })); }}
          />
        )))}
        <Textarea label={t('shell.tasks.comment')} value={comment} onChange={(event) => setComment(event.currentTarget.value)} autosize minRows={1} maxRows={4} />
        <Group gap="xs" justify="flex-end">
          {task.kind === 'approval' ? (
            <>
              <Button variant="default" color="red" loading={busy === 'reject'} disabled={busy !== null} onClick={() => { void send('reject'); }}>{t('shell.tasks.reject')}</Button>
              <Button color="teal" loading={busy === 'approve'} disabled={busy !== null} onClick={() => { void send('approve'); }}>{t('shell.tasks.approve')}</Button>
            </>
          ) : (
            <Button loading={busy === 'submit'} disabled={busy !== null} onClick={() => { void send('submit'); }}>{t('shell.tasks.submit')}</Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
