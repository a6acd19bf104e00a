import { ActionIcon, Badge, Button, Checkbox, Code, CopyButton, Group, Paper, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import {
  HOOK_FIELD_TYPES, HOOK_MAX_FIELDS, HOOK_MAX_WAIT_MS, HOOK_SIGNATURE_HEADER, HOOK_TIMESTAMP_HEADER, type HookAuthMode, type HookCallOutcome, type HookField, type HookFieldType,
  type MessageKey, type WorkflowHook, workflowHookCalls } from '@rakit/core';
import { IconCopy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { firstError } from '../../api/client';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormDialog } from '../../components/FormDialog';
import { notifyFailure, notifySuccess } from '../../components/notify';
import { ShownOnceDialog } from '../../components/ShownOnceDialog';
import { WRAPPING_BADGE } from '../../components/wrapping-badge';
import { useCurrentApp } from '../../current-app/app-context';
import { useInstantText } from '../../current-app/use-instant-text';
import { t as translateNow } from '../../i18n/i18n';
import { useT } from '../../i18n/LanguageProvider';
import { runChange, settle } from '../admin-call';
import { loaded } from './load';
import { WorkflowPanel } from './WorkflowPanel';

/** The hook calls each card lists, newest first. */
const CALLS_LISTED = 5;

const AUTH_LABELS: Record<HookAuthMode, MessageKey> = {
  signature: 'workflow.hooks.auth.signature',
  bearer: 'workflow.hooks.auth.bearer',
};

/** How long a caller may wait for the workflow's answer: at once, or a few seconds (core's HOOK_MAX_WAIT_MS at most). */
const WAITS: readonly { ms: number; label: MessageKey }[] = [
  { ms: 0, label: 'workflow.hooks.wait.none' },
  { ms: 5000, label: 'workflow.hooks.wait.short' },
  { ms: HOOK_MAX_WAIT_MS, label: 'workflow.hooks.wait.long' },
];

const OUTCOME_LABELS: Record<HookCallOutcome, MessageKey> = {
  accepted: 'workflow.hooks.outcome.accepted',
  wrongApplication: 'workflow.hooks.outcome.wrongApplication',
  missingSignature: 'workflow.hooks.outcome.missingSignature',
  badSignature: 'workflow.hooks.outcome.badSignature',
  staleTimestamp: 'workflow.hooks.outcome.staleTimestamp',
  replayed: 'workflow.hooks.outcome.replayed',
  badSecret: 'workflow.hooks.outcome.badSecret',
  badBody: 'workflow.hooks.outcome.badBody',
  unsupportedType: 'workflow.hooks.outcome.unsupportedType',
  bodyTooLarge: 'workflow.hooks.outcome.bodyTooLarge',
  badInput: 'workflow.hooks.outcome.badInput',
  notBuilt: 'workflow.hooks.outcome.notBuilt',
  rateLimited: 'workflow.hooks.outcome.rateLimited',
};

/** The address other systems call (this server's, as the browser reaches it). */
const TYPE_LABELS: Record<HookFieldType, MessageKey> = {
  text: 'workflow.hooks.type.text', number: 'workflow.hooks.type.number', boolean: 'workflow.hooks.type.boolean',
  object: 'workflow.hooks.type.object', list: 'workflow.hooks.type.list',
};

const hookUrl = (hook: Pick<WorkflowHook, 'path'>) => `${window.location.origin}${hook.path}`;

/** What a caller sends, as lines of HTTP (its own words, in no catalog). */
const callLines = (hook: Pick<WorkflowHook, 'path' | 'auth'>, secret: string): string[] => (hook.auth === 'bearer'
  ? [`POST ${hookUrl(hook)}`, `Authorization: Bearer ${secret}`]
  : [`POST ${hookUrl(hook)}`, `${HOOK_TIMESTAMP_HEADER}: <unix seconds>`, `${HOOK_SIGNATURE_HEADER}: sha256=<hex HMAC-SHA256 of "<unix seconds>.<body>">`]);

const hooksKey = (workflowId: number) => ['workflow-hooks', workflowId] as const;

/**
 * A workflow's incoming webhooks (issue 37): each one's address to give another system, how its
 * caller proves the secret, its latest calls (accepted or refused, with why); a new one's secret
 * (and a rotated one's) is shown once.
 */
export function HooksPanel({ workflowId, built }: { workflowId: number; built: boolean }) {
  const { api } = useCurrentApp();
  const t = useT();
  const queryClient = useQueryClient();
  const hooks = useQuery({
    queryKey: hooksKey(workflowId),
    queryFn: async () => loaded(await api.call(workflowHookCalls.listWorkflowHooks, { params: { id: workflowId } }), translateNow('workflow.hooks.title')),
  });
  const [editing, setEditing] = useState<WorkflowHook | 'new' | null>(null);
  const [rotating, setRotating] = useState<WorkflowHook | null>(null);
  const [removing, setRemoving] = useState<WorkflowHook | null>(null);
  const [shown, setShown] = useState<{ hook: WorkflowHook; secret: string } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: hooksKey(workflowId) });

  async function rotate(hook: WorkflowHook) {
    const answer = await settle(api.call(workflowHookCalls.rotateHookSecret, { body: { hookId: hook.hookId } }));
    setRotating(null);
    if (answer === null) return;
    if (answer.status && answer.data !== undefined) setShown({ hook, secret: answer.data.secret });
    else notifyFailure(firstError(answer, t('workflow.hooks.saveFailed')));
  }

  async function remove(hook: WorkflowHook) {
    const removed = await runChange(api.call(workflowHookCalls.deleteWorkflowHook, { body: { hookId: hook.hookId } }), t('workflow.hooks.removed'));
    setRemoving(null);
    if (removed) await refresh();
  }

  return (
    <WorkflowPanel
      title={t('workflow.hooks.title')}
      testId="hooks-panel"
      addLabel={t('workflow.hooks.add')}
      onAdd={() => setEditing('new')}
      intro={t('workflow.hooks.intro')}
      notBuilt={built ? null : t('workflow.hooks.buildFirst')}
    >
      {hooks.data !== undefined && hooks.data.length === 0 && <Text size="sm" c="dimmed">{t('workflow.hooks.none')}</Text>}
      <Stack gap="sm">
        {(hooks.data ?? []).map((hook) => (
          <HookCard key={hook.hookId} hook={hook} onEdit={() => setEditing(hook)} onRotate={() => setRotating(hook)} onRemove={() => setRemoving(hook)} />
        ))}
      </Stack>
      {editing !== null && (
        <HookFormDialog
          workflowId={workflowId}
          editing={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(hook, secret) => { setEditing(null); if (secret !== null) setShown({ hook, secret }); void refresh(); }}
        />
      )}
      {shown !== null && (
        <ShownOnceDialog
          title={t('workflow.hooks.secretTitle')}
          warning={t('workflow.hooks.secretWarning')}
          secret={shown.secret}
          howTo={t(shown.hook.auth === 'bearer' ? 'workflow.hooks.howToBearer' : 'workflow.hooks.howToSign')}
          howToLines={callLines(shown.hook, shown.secret)}
          copyLabel={t('workflow.hooks.copy')}
          copiedLabel={t('workflow.hooks.copied')}
          doneLabel={t('workflow.hooks.done')}
          onDone={() => setShown(null)}
        />
      )}
      <ConfirmDialog
        opened={rotating !== null}
        message={t('workflow.hooks.rotateConfirm', { name: rotating?.hookName ?? '' })}
        confirmLabel={t('workflow.hooks.rotate')}
        onConfirm={() => (rotating === null ? Promise.resolve() : rotate(rotating))}
        onClose={() => setRotating(null)}
      />
      <ConfirmDialog
        opened={removing !== null}
        message={t('workflow.hooks.removeConfirm', { name: removing?.hookName ?? '' })}
        confirmLabel={t('workflow.hooks.remove')}
        onConfirm={() => (removing === null ? Promise.resolve() : remove(removing))}
        onClose={() => setRemoving(null)}
      />
    </WorkflowPanel>
  );
}

function HookCard({ hook, onEdit, onRotate, onRemove }: {
  hook: WorkflowHook & { calls: { at: string; outcome: HookCallOutcome; runId: number | null }[] }; onEdit: () => void; onRotate: () => void; onRemove: () => void;
}) {
  const t = useT();
  const instant = useInstantText(true);
  return (
    <Paper withBorder radius="sm" p="xs" data-testid={`hook-${hook.hookId}`} aria-label={hook.hookName} component="article">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Text fw={600} size="sm">{hook.hookName}</Text>
          <Badge variant="light" tt="none">{t(AUTH_LABELS[hook.auth])}</Badge>
        </Group>
        <Group gap={4}>
          <Button size="compact-sm" variant="subtle" onClick={onEdit} aria-label={t('workflow.hooks.editNamed', { name: hook.hookName })}>{t('workflow.hooks.edit')}</Button>
          <Button size="compact-sm" variant="subtle" onClick={onRotate} aria-label={t('workflow.hooks.rotateNamed', { name: hook.hookName })}>{t('workflow.hooks.rotate')}</Button>
          <Button size="compact-sm" variant="subtle" color="red" onClick={onRemove} aria-label={t('workflow.hooks.removeNamed', { name: hook.hookName })}>{t('workflow.hooks.remove')}</Button>
        </Group>
      </Group>
      <Group gap={4} wrap="nowrap" mt={4}>
        <Code style={{ wordBreak: 'break-all' }} aria-label={t('workflow.hooks.address')}>{hookUrl(hook)}</Code>
        <CopyButton value={hookUrl(hook)}>
          {({ copy }) => <ActionIcon variant="subtle" onClick={copy} aria-label={t('workflow.hooks.copyAddress', { name: hook.hookName })}><IconCopy size={16} /></ActionIcon>}
        </CopyButton>
      </Group>
      {hook.fields.length > 0 && (
        <Text size="sm" mt={4}>{t('workflow.hooks.fieldsShown', { fields: hook.fields.map((field) => `${field.name} (${t(TYPE_LABELS[field.type])}${field.required ? `, ${t('workflow.hooks.fieldRequired')}` : ''})`).join(', ') })}</Text>
      )}
      <Text size="xs" c="dimmed" mt={6}>{t('workflow.hooks.calls')}</Text>
      {hook.calls.length === 0 ? <Text size="sm" c="dimmed">{t('workflow.hooks.noCalls')}</Text> : (
        <Table verticalSpacing={2} fz="sm">
          <Table.Tbody>
            {hook.calls.slice(0, CALLS_LISTED).map((call, index) => (
              <Table.Tr key={`${call.at}-${index}`}>
                <Table.Td>{instant(call.at)}</Table.Td>
                <Table.Td><Badge variant="light" color={call.outcome === 'accepted' ? 'teal' : 'red'} tt="none" h="auto" styles={WRAPPING_BADGE}>{t(OUTCOME_LABELS[call.outcome])}</Badge></Table.Td>
                <Table.Td>{call.runId === null ? '' : t('workflow.hooks.runNumber', { id: call.runId })}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}

function HookFormDialog({ workflowId, editing, onClose, onSaved }: {
  workflowId: number; editing: WorkflowHook | null; onClose: () => void; onSaved: (hook: WorkflowHook, secret: string | null) => void;
}) {
  const { api } = useCurrentApp();
  const t = useT();
  const [name, setName] = useState(editing?.hookName ?? '');
  const [auth, setAuth] = useState<HookAuthMode>(editing?.auth ?? 'signature');
  const [waitMs, setWaitMs] = useState(String(editing?.waitMs ?? 0));
  const [fields, setFields] = useState<HookField[]>(editing?.fields ?? []);
  const changeField = (index: number, change: Partial<HookField>) => setFields((list) => list.map((field, at) => (at === index ? { ...field, ...change } : field)));

  async function save() {
    if (name.trim() === '') {
      notifyFailure(t('workflow.hooks.nameEmpty'));
      return;
    }
    const answer = await settle(api.call(workflowHookCalls.saveWorkflowHook, { body: {
              hookId: editing?.hookId ?? null, workflowId, hookName: name.trim(), auth, waitMs: Number(waitMs), fields: fields.map((field) => ({ ...field, name: field.name.trim() })),
            } }));
    if (answer === null) return;
    if (answer.status && answer.data !== undefined) {
      notifySuccess(t(editing === null ? 'workflow.hooks.added' : 'workflow.hooks.saved'));
      onSaved(answer.data.hook, answer.data.secret);
    } else {
      notifyFailure(firstError(answer, t('workflow.hooks.saveFailed')));
    }
  }

  return (
    <FormDialog title={editing === null ? t('workflow.hooks.add') : t('workflow.hooks.editTitle')} onSubmit={save} onClose={onClose} size="lg" submitLabel={editing === null ? t('workflow.hooks.save') : undefined}>
      <TextInput label={t('workflow.hooks.name')} description={t('workflow.hooks.nameHint')} value={name} maxLength={80} onChange={(event) => setName(event.currentTarget.value)} data-autofocus />
      <Select
        label={t('workflow.hooks.auth')}
        data={(Object.keys(AUTH_LABELS) as HookAuthMode[]).map((mode) => ({ value: mode, label: t(AUTH_LABELS[mode]) }))}
        value={auth}
        onChange={(value) => setAuth(value === 'bearer' ? 'bearer' : 'signature')}
        allowDeselect={false}
      />
      <Select
        label={t('workflow.hooks.wait')}
        data={WAITS.map((wait) => ({ value: String(wait.ms), label: t(wait.label) }))}
        value={waitMs}
        onChange={(value) => setWaitMs(value ?? '0')}
        allowDeselect={false}
      />
      <Stack gap={6} role="group" aria-label={t('workflow.hooks.fields')}>
        <Text size="sm" fw={500}>{t('workflow.hooks.fields')}</Text>
        <Text size="xs" c="dimmed">{t('workflow.hooks.fieldsHint')}</Text>
        {fields.map((field, index) => (
          <Group key={index} gap="xs" wrap="nowrap" align="flex-end">
            <TextInput label={t('workflow.hooks.fieldName')} value={field.name} onChange={(event) => changeField(index, { name: event.currentTarget.value })} style={{ flex: 1 }} />
            <Select
              label={t('workflow.hooks.fieldType')}
              data={HOOK_FIELD_TYPES.map((type) => ({ value: type, label: t(TYPE_LABELS[type]) }))}
              value={field.type}
              onChange={(value) => { if (value !== null) changeField(index, { type: value as HookFieldType }); }}
              allowDeselect={false}
              w={140}
            />
            <Checkbox label={t('workflow.hooks.fieldRequired')} checked={field.required} onChange={(event) => changeField(index, { required: event.currentTarget.checked })} mb={8} />
            <ActionIcon variant="subtle" color="red" mb={4} onClick={() => setFields((list) => list.filter((_, at) => at !== index))} aria-label={t('workflow.hooks.removeField', { name: field.name })}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button size="xs" variant="default" leftSection={<IconPlus size={14} />} disabled={fields.length >= HOOK_MAX_FIELDS}
            onClick={() => setFields((list) => [...list, { name: '', type: 'text', required: true }])}>
            {t('workflow.hooks.addField')}
          </Button>
        </Group>
      </Stack>
    </FormDialog>
  );
}
