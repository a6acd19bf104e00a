import {
  ActionIcon, Alert, Badge, Button, Card, Code, Grid, Group, NavLink, Select, Stack, Text, Textarea, TextInput, Title,
} from '@mantine/core';
import { IconPlayerPlay, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  type CustomFunction, type FunctionParameter, type FunctionParameterType, type FunctionRun, MAX_TEST_ROWS, type MessageKey,
  NEW_FUNCTION_TEMPLATE, TEST_SAMPLE_ROWS, functionCalls } from '@rakit/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { QueryStatus } from '../../components/QueryStatus';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useCurrentApp } from '../../current-app/app-context';
import { notifyFailure } from '../../components/notify';
import { dataOf, runChange, settle } from '../admin-call';
import { useStaleWrite } from '../../current-app/use-stale-write';
import { useT } from '../../i18n/LanguageProvider';
import { CodeEditor } from './CodeEditor';

/** The code's own words the hint names (JavaScript, in no catalog). */
const ROWS_VARIABLE = 'rows';
const RETURN_KEYWORD = 'return';

const TYPE_LABELS: Record<FunctionParameterType, MessageKey> = { int: 'admin.functions.typeInt', string: 'admin.functions.typeString' };

interface Draft {
  /** The stored function being edited; null in create mode. */
  stored: CustomFunction | null;
  name: string;
  parameter: FunctionParameter[];
  content: string;
}

const template = (): Draft => ({ stored: null, ...NEW_FUNCTION_TEMPLATE, parameter: NEW_FUNCTION_TEMPLATE.parameter.map((p) => ({ ...p })) });
const fieldsOf = (fn: Pick<Draft, 'name' | 'parameter' | 'content'>) => ({ name: fn.name, parameter: fn.parameter, content: fn.content });
const draftOf = (fn: CustomFunction): Draft => ({ stored: fn, ...fieldsOf(fn) });

/**
 * The Functions screen (spec 1 screen 9, §3–§5): the application's custom functions, a form
 * with the name, the typed parameters and the code, and a Test panel that runs the code as it
 * is in the form, so authors never have to save to find out whether it works.
 */
export function FunctionScreen() {
  const { app, api } = useCurrentApp();
  const t = useT();
  const queryClient = useQueryClient();
  const queryKey = ['functions', app.appSlug];
  const functions = useQuery({ queryKey, queryFn: async () => dataOf(await api.call(functionCalls.listFunction, { params: { appId: app.appId } }), t('admin.functions.what')) });
  const [draft, setDraft] = useState<Draft>(template);
  const [asking, setAsking] = useState(false);
  const [saving, setSaving] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const [errorLine, setErrorLine] = useState<number | null>(null);

  const change = (next: Partial<Draft>) => setDraft((d) => ({ ...d, ...next }));
  const staleWrite = useStaleWrite<ReturnType<typeof fieldsOf>>(t('admin.functions.staleWhat'), {
    name: t('admin.functions.name'), parameter: t('admin.functions.parameters'), content: t('admin.functions.code'),
  });

  async function open(fn: CustomFunction) {
    const answer = await settle(api.call(functionCalls.getFunction, { params: { slug: fn.slug } }));
    if (answer?.status === true && answer.data !== undefined) {
      setDraft(draftOf(answer.data));
      setNameError(null);
      setErrorLine(null);
    } else if (answer !== null) {
      notifyFailure(answer.error?.[0] ?? t('admin.functions.loadFailed'));
    }
  }

  async function save() {
    if (draft.name.trim() === '') {
      setNameError(t('admin.functions.nameRequired'));
      return;
    }
    setSaving(true);
    try {
      const fields = fieldsOf(draft);
      const { stored } = draft;
      const written = stored === null
        ? { answer: await settle(api.call(functionCalls.saveFunction, { body: { appId: app.appId, ...fields } })) }
        : await staleWrite.write({
          base: fieldsOf(stored), mine: fields, revision: stored.revision,
          send: (values, revision) => api.call(functionCalls.updateFunction, { body: { id: stored.id, ...values, revision } }),
          fieldsOf: (current) => fieldsOf(current),
          revisionOf: (current) => current.revision,
        });
      if ('theirs' in written) {
        setDraft(draftOf(written.theirs));
        return;
      }
      const { answer } = written;
      if (answer === null) return;
      if (!answer.status || answer.data === undefined) {
        notifyFailure(answer.error?.[0] ?? t('admin.functions.saveFailed'));
        return;
      }
      await runChange(Promise.resolve(answer), draft.stored === null ? t('admin.functions.saved') : t('admin.functions.updated'));
      setDraft(draftOf(answer.data));
      // Spec 1 §4: the list reloads when the answer carries the application's id.
      if (answer.data.appId !== undefined) await queryClient.invalidateQueries({ queryKey });
    } finally {
      setSaving(false);
    }
  }

  async function remove() {
    if (draft.stored === null) return;
    const removed = await runChange(api.call(functionCalls.deleteFunction, { params: { slug: draft.stored.slug } }), t('admin.functions.deleted'));
    setAsking(false);
    if (removed) {
      setDraft(template());
      await queryClient.invalidateQueries({ queryKey });
    }
  }

  return (
    <>
      {staleWrite.dialog}
      <ScreenHeader title={t('admin.functions.title')}>
        <Button leftSection={<IconPlus size={16} />} onClick={() => { setDraft(template()); setNameError(null); setErrorLine(null); }}>{t('admin.functions.createNew')}</Button>
      </ScreenHeader>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Card withBorder padding="xs" component="nav" aria-label={t('admin.functions.title')}>
            <QueryStatus what={t('admin.functions.what')} isPending={functions.isPending} error={functions.error} />
            {functions.data?.length === 0 && <Text size="sm" c="dimmed" p="xs">{t('admin.functions.empty')}</Text>}
            {functions.data?.map((fn) => (
              <NavLink
                key={fn.id}
                label={fn.name}
                description={fn.parameter.map((p) => t('admin.functions.parameterSummary', { name: p.name, type: t(TYPE_LABELS[p.type]) })).join(', ') || t('admin.functions.noParameters')}
                active={draft.stored?.id === fn.id}
                onClick={() => void open(fn)}
              />
            ))}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack gap="md">
            <Group justify="space-between" wrap="wrap">
              <Title order={2} size="h3">{draft.stored === null ? t('admin.functions.newFunction') : t('admin.functions.editNamed', { name: draft.stored.name })}</Title>
              {draft.stored !== null && <Badge variant="light">{t('admin.functions.slug', { slug: draft.stored.slug })}</Badge>}
            </Group>
            <TextInput
              label={t('admin.functions.name')}
              value={draft.name}
              error={nameError}
              onChange={(e) => { change({ name: e.currentTarget.value }); setNameError(null); }}
            />
            <ParameterList parameter={draft.parameter} onChange={(parameter) => change({ parameter })} />
            <Stack gap={4}>
              <Text size="sm" fw={500}>{t('admin.functions.code')}</Text>
              <Text size="xs" c="dimmed">
                {t('admin.functions.codeHintStart')}<Code>{ROWS_VARIABLE}</Code>{t('admin.functions.codeHintMiddle')}<Code>{RETURN_KEYWORD}</Code>.
              </Text>
              <CodeEditor label={t('admin.functions.code')} value={draft.content} errorLine={errorLine} onChange={(content) => change({ content })} />
            </Stack>
            <Group gap="sm">
              <Button onClick={() => void save()} loading={saving}>{draft.stored === null ? t('admin.functions.save') : t('admin.functions.update')}</Button>
              <Button color="red" variant="light" leftSection={<IconTrash size={16} />} disabled={draft.stored === null} onClick={() => setAsking(true)}>{t('admin.functions.delete')}</Button>
            </Group>
            <TestPanel draft={draft} onErrorLine={setErrorLine} />
          </Stack>
        </Grid.Col>
      </Grid>
      <ConfirmDialog opened={asking} message={t('functionDeleteConfirm')} confirmLabel={t('admin.functions.delete')} onConfirm={remove} onClose={() => setAsking(false)} />
    </>
  );
}

/** The typed parameters (spec 1 screen 9's select, wired: the server checks each value's type). */
function ParameterList({ parameter, onChange }: { parameter: FunctionParameter[]; onChange: (next: FunctionParameter[]) => void }) {
  const t = useT();
  const set = (index: number, next: FunctionParameter) => onChange(parameter.map((p, i) => (i === index ? next : p)));
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>{t('admin.functions.parameter')}</Text>
      {parameter.map((p, index) => (
        <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            aria-label={t('admin.functions.parameterName', { number: index + 1 })}
            placeholder={t('admin.functions.parameterNamePlaceholder')}
            value={p.name}
            style={{ flex: 1 }}
            onChange={(e) => set(index, { ...p, name: e.currentTarget.value })}
          />
          <Select
            aria-label={t('admin.functions.parameterType', { number: index + 1 })}
            data={Object.entries(TYPE_LABELS).map(([value, label]) => ({ value, label: t(label) }))}
            value={p.type}
            allowDeselect={false}
            w={120}
            onChange={(type) => set(index, { ...p, type: (type ?? 'int') as FunctionParameterType })}
          />
          <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('admin.functions.removeParameter', { number: index + 1 })} onClick={() => onChange(parameter.filter((_, i) => i !== index))}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button size="xs" variant="default" leftSection={<IconPlus size={14} />} onClick={() => onChange([...parameter, { name: `param${parameter.length + 1}`, type: 'string' }])}>
          {t('admin.functions.addParameter')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Runs the code as it is in the form with values for its parameters (and sample rows for a transform). */
function TestPanel({ draft, onErrorLine }: { draft: Draft; onErrorLine: (line: number | null) => void }) {
  const { app, api } = useCurrentApp();
  const t = useT();
  const [values, setValues] = useState<Record<string, string>>({});
  const [rowsText, setRowsText] = useState('');
  /** A widget the function serves, as `pageId:componentId`, whose rows the test reads; '' for the typed rows. */
  const [sample, setSample] = useState('');
  const uses = draft.stored?.usedBy ?? [];
  const [rowsError, setRowsError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [run, setRun] = useState<FunctionRun | null>(null);
  const [refused, setRefused] = useState<string | null>(null);

  async function test() {
    let rows: Record<string, unknown>[] | undefined;
    const [samplePage, ...sampleComponent] = sample.split(':');
    const sampled = sample === '' ? undefined : { pageId: Number(samplePage), componentId: sampleComponent.join(':') };
    if (sampled === undefined && rowsText.trim() !== '') {
      try {
        const parsed = JSON.parse(rowsText) as unknown;
        if (!Array.isArray(parsed) || parsed.length > MAX_TEST_ROWS) throw new Error(t('admin.functions.rowsLimit', { max: MAX_TEST_ROWS }));
        rows = parsed as Record<string, unknown>[];
      } catch (error) {
        setRowsError(t('admin.functions.rowsNotJson', { problem: (error as Error).message }));
        return;
      }
    }
    setRowsError(null);
    setRunning(true);
    try {
      const params = Object.fromEntries(draft.parameter.map((p) => [p.name, values[p.name] ?? '']));
      const answer = await settle(api.call(functionCalls.testFunction, { body: { appId: app.appId, parameter: draft.parameter, content: draft.content, params, ...(rows === undefined ? {} : { rows }), ...(sampled === undefined ? {} : { sample: sampled }) } }));
      if (answer === null) return;
      if (!answer.status || answer.data === undefined) {
        setRun(null);
        setRefused(answer.error?.join(' ') ?? t('admin.functions.testRefused'));
        return;
      }
      setRefused(null);
      setRun(answer.data);
      onErrorLine(answer.data.ok ? null : answer.data.line ?? null);
    } finally {
      setRunning(false);
    }
  }

  return (
    <Card withBorder padding="md" component="section" aria-label={t('admin.functions.test')}>
      <Stack gap="sm">
        <Title order={3} size="h4">{t('admin.functions.test')}</Title>
        {draft.parameter.length === 0 && <Text size="sm" c="dimmed">{t('admin.functions.hasNoParameters')}</Text>}
        <Group gap="sm" align="flex-end" wrap="wrap">
          {draft.parameter.map((p) => (
            <TextInput
              key={p.name}
              label={t('admin.functions.testValue', { name: p.name, type: t(TYPE_LABELS[p.type]) })}
              inputMode={p.type === 'int' ? 'numeric' : 'text'}
              value={values[p.name] ?? ''}
              onChange={(e) => { const next = e.currentTarget.value; setValues((v) => ({ ...v, [p.name]: next })); }}
              w={180}
            />
          ))}
        </Group>
        {uses.length > 0 && (
          <Select
            label={t('admin.functions.sampleTable')}
            description={t('admin.functions.sampleTableHint', { count: TEST_SAMPLE_ROWS })}
            data={[{ value: '', label: t('admin.functions.typedRows') }, ...uses.map((u) => ({ value: `${u.pageId}:${u.componentId}`, label: `${u.pageName} · ${u.title} (${u.type})` }))]}
            value={sample}
            allowDeselect={false}
            onChange={(next) => setSample(next ?? '')}
          />
        )}
        <Textarea
          disabled={sample !== ''}
          label={t('admin.functions.sampleRows')}
          description={t('admin.functions.sampleRowsHint', { example: '[{"name": "Pens", "qty": 3}]' })}
          autosize
          minRows={2}
          maxRows={8}
          value={rowsText}
          error={rowsError}
          onChange={(e) => setRowsText(e.currentTarget.value)}
          styles={{ input: { fontFamily: 'ui-monospace, monospace' } }}
        />
        <Group>
          <Button leftSection={<IconPlayerPlay size={16} />} onClick={() => void test()} loading={running}>{t('admin.functions.run')}</Button>
        </Group>
        {refused !== null && <Alert color="red" title={t('admin.functions.notRun')}>{refused}</Alert>}
        {run !== null && <RunResult run={run} />}
      </Stack>
    </Card>
  );
}

function RunResult({ run }: { run: FunctionRun }) {
  const t = useT();
  const figures = `${run.ms.toFixed(1)} ms${run.memoryBytes === null ? '' : ` · ${(run.memoryBytes / 1024).toFixed(0)} KB`}`;
  if (!run.ok) {
    return (
      <Alert color="red" title={run.line === null || run.line === undefined ? t('admin.functions.error') : t('admin.functions.errorOnLine', { line: run.line })} role="status">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{run.error}</Text>
        <Text size="xs" c="dimmed" mt={4}>{figures}</Text>
      </Alert>
    );
  }
  return (
    <Alert color="green" title={t('admin.functions.result')} role="status">
      <Code block style={{ maxHeight: 300, overflow: 'auto' }}>{JSON.stringify(run.result, null, 2)}</Code>
      <Text size="xs" c="dimmed" mt={4}>{figures}</Text>
    </Alert>
  );
}
