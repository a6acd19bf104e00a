import { Badge, Button, Code, Group, ScrollArea, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  countBodyPlaceholders, CUSTOM_VALUE, fillBodyPlaceholders, REQUEST_METHODS, type RequestConfig, type RequestParam, requestSource, actionCalls } from '@rakit/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useContext, useState } from 'react';
import { firstError } from '../../api/client';
import { CurrentAppContext } from '../../current-app/app-context';
import { type Translate, useT } from '../../i18n/LanguageProvider';
import { usePlaceholderValues } from '../../page-state/placeholder-values';
import { requestConfigOf } from '../config-of';
import { type ActionSectionProps, useActionScope, withRaw } from '../dialog-scope';
import { prepareRequest, type RequestOutcome } from '../request-runner';
import { RowList } from '../RowList';
import { ValueSourcePicker } from '../ValueSourcePicker';

const blankParam = (): RequestParam => ({ name: '', value: CUSTOM_VALUE, customValue: '' });

/** Examples of the URL and the body: technical text, written the same in every catalog. */
const URL_EXAMPLE = 'https://api.example.com/items/{id}';
const BODY_EXAMPLE = '{ "name": ?, "city": ? }';

/** How a named row's fields are called, by its kind. */
const ROW_NAMES = {
  header: (t: Translate, position: number) => ({ name: t('actions.request.headerNameOf', { position }), value: t('actions.request.headerValueOf', { position }) }),
  path: (t: Translate, position: number) => ({ name: t('actions.request.pathNameOf', { position }), value: t('actions.request.pathValueOf', { position }) }),
};

/** A named row of the request (header or path parameter): its name and where its value comes from. */
function NamedParamRow({ row, set, what, index }: { row: RequestParam; set: (next: RequestParam) => void; what: keyof typeof ROW_NAMES; index: number }) {
  const t = useT();
  const names = ROW_NAMES[what](t, index + 1);
  return (
    <>
      <TextInput size="xs" w={140} aria-label={names.name} placeholder={t('actions.request.name')} value={row.name} onChange={(event) => set({ ...row, name: event.currentTarget.value })} />
      <ValueSourcePicker value={requestSource(row)} onChange={(next) => set({ ...row, value: next.source, customValue: next.custom })} name={names.value} withVariables="plain" />
    </>
  );
}

/** Whether the body is JSON once its placeholders are filled. */
function bodyIsJson(body: string): boolean {
  if (body.trim() === '') return true;
  try {
    JSON.parse(fillBodyPlaceholders(body, []));
    return true;
  } catch {
    return false;
  }
}

/**
 * REQUEST (spec 2 §2 "Request action configuration"): url, method, headers, path parameters and
 * a JSON body whose `?` are filled from the body values. 'Test' has the server send the call
 * (no CORS in the way; private addresses refused unless the operator allows them) with the
 * custom values (page components are empty while designing) and shows the answer. At runtime
 * the member's browser calls the URL itself.
 */
/** The plain variables' values, as the member's browser will have them for the page. */
const plainValuesOf = (variables: ReturnType<typeof useActionScope>['variables']) =>
  Object.fromEntries(variables.filter((variable) => !variable.secret).map((variable) => [variable.name, variable.value]));

export function RequestSection({ action, onChange }: ActionSectionProps) {
  const t = useT();
  const { userId } = usePlaceholderValues();
  const current = useContext(CurrentAppContext);
  const { variables } = useActionScope();
  const [testing, setTesting] = useState(false);
  const [outcome, setOutcome] = useState<RequestOutcome | { error: string } | null>(null);
  const config = requestConfigOf(action);
  const set = (changes: Partial<RequestConfig>) => onChange(withRaw(action, { configuration: { ...config, ...changes } }));
  const count = countBodyPlaceholders(config.body);
  const bodyParams = Array.from({ length: count }, (_, i) => config.bodyParams[i] ?? { value: CUSTOM_VALUE, customValue: '' });

  async function test() {
    if (current === null) return;
    setTesting(true);
    try {
      const answer = await current.api.call(actionCalls.testRequest, { body: { appId: current.app.appId, ...prepareRequest({ ...config, bodyParams }, {}, userId ?? '', plainValuesOf(variables)) } });
      if (answer.status && answer.data !== undefined) {
        const { status, body } = answer.data;
        setOutcome({ ok: status >= 200 && status < 300, status, body });
      } else {
        setOutcome({ error: firstError(answer, `HTTP ${answer.httpStatus}`) });
      }
    } catch (error) {
      console.error(error);
      setOutcome({ error: error instanceof Error ? error.message : String(error) });
    } finally {
      setTesting(false);
    }
  }

  return (
    <Stack gap="sm">
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <Select label={t('actions.request.method')} w={110} data={[...REQUEST_METHODS]} value={config.method} allowDeselect={false}
          onChange={(method) => set({ method: REQUEST_METHODS.find((m) => m === method) ?? 'GET' })} />
        <TextInput label={t('actions.request.url')} flex={1} placeholder={URL_EXAMPLE} value={config.url} onChange={(event) => set({ url: event.currentTarget.value })} />
      </Group>
      {config.method === 'UPDATE' ? <Text size="xs" c="dimmed" mt={-6}>{t('actions.request.updateAsPut')}</Text> : null}
      <RowList
        label={t('actions.request.headers')}
        rowName={t('actions.request.header')}
        rows={config.headers}
        onChange={(headers) => set({ headers })}
        newRow={blankParam}
        addLabel={t('actions.request.addHeader')}
        emptyText={t('actions.request.headersNone')}
      >
        {(row, setRow, index) => <NamedParamRow row={row} set={setRow} what="header" index={index} />}
      </RowList>
      <RowList
        label={t('actions.request.pathParameters')}
        rowName={t('actions.request.pathParameter')}
        description={t('actions.request.pathParametersHelp', { placeholder: '{name}' })}
        rows={config.pathParams}
        onChange={(pathParams) => set({ pathParams })}
        newRow={blankParam}
        addLabel={t('actions.request.addPathParameter')}
      >
        {(row, setRow, index) => <NamedParamRow row={row} set={setRow} what="path" index={index} />}
      </RowList>
      <Textarea
        label={t('actions.request.body')}
        description={config.method === 'GET' ? t('actions.request.bodyGet') : t('actions.request.bodyHelp')}
        placeholder={BODY_EXAMPLE}
        autosize
        minRows={3}
        maxRows={10}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        value={config.body}
        error={bodyIsJson(config.body) ? undefined : t('actions.request.bodyInvalid')}
        onChange={(event) => set({ body: event.currentTarget.value })}
      />
      {count === 0 ? null : (
        <RowList label={t('actions.request.bodyValues')} rowName={t('actions.request.bodyValue')} rows={bodyParams} onChange={(next) => set({ bodyParams: next })}>
          {(row, setRow, index) => (
            <>
              <Text size="xs" w={28} mt={6} c="dimmed">?{index + 1}</Text>
              <ValueSourcePicker value={requestSource(row)} onChange={(next) => setRow({ value: next.source, customValue: next.custom })} name={t('actions.request.bodyValueOf', { position: index + 1 })} withVariables="plain" />
            </>
          )}
        </RowList>
      )}
      <Group>
        <Button variant="light" leftSection={<IconPlayerPlay size={16} />} loading={testing} disabled={config.url.trim() === ''} onClick={() => void test()}>{t('actions.request.test')}</Button>
      </Group>
      {outcome === null ? null : <TestOutcome outcome={outcome} />}
    </Stack>
  );
}

function TestOutcome({ outcome }: { outcome: RequestOutcome | { error: string } }) {
  const t = useT();
  if ('error' in outcome) return <Text size="sm" c="red" data-testid="request-test-result">{t('actions.request.failed', { error: outcome.error })}</Text>;
  return (
    <Stack gap={4} data-testid="request-test-result">
      <Badge color={outcome.ok ? 'green' : 'red'} variant="light">{t('actions.request.status', { status: String(outcome.status) })}</Badge>
      <ScrollArea.Autosize mah={220} type="auto">
        <Code block>{typeof outcome.body === 'string' ? outcome.body : JSON.stringify(outcome.body, null, 2)}</Code>
      </ScrollArea.Autosize>
    </Stack>
  );
}
