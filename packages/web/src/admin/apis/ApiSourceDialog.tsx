import { Alert, NumberInput, PasswordInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  API_AUTH_KINDS, API_MAX_KB_DEFAULT, API_MAX_KB_MAX, API_TIME_LIMIT_DEFAULT_S, API_TIME_LIMIT_MAX_S, type ApiAuthKind, ApiAuthKindSchema,
  type ApiAuthSettings, type ApiSource, type NameValue, type SaveApiSourceBody, apiSourceCalls } from '@rakit/core';
import { useState } from 'react';
import { firstError } from '../../api/client';
import { FormDialog } from '../../components/FormDialog';
import { notifyFailure, notifySuccess } from '../../components/notify';
import { useCurrentApp } from '../../current-app/app-context';
import { useStaleWrite } from '../../current-app/use-stale-write';
import { useT } from '../../i18n/LanguageProvider';
import { AUTH_LABELS, SECRET_LABELS } from './api-labels';
import { filledRows } from './endpoint-draft';
import { NameValueRows } from './NameValueRows';

interface ApiSourceDialogProps {
  /** The API to edit, or null to add one. */
  editing: ApiSource | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Examples (technical text, written the same in every catalog). */
const BASE_URL_EXAMPLE = 'https://api.example.com/v1';
const TOKEN_URL_EXAMPLE = 'https://auth.example.com/oauth/token';
const KEY_NAME_EXAMPLES = { header: 'X-Api-Key', query: 'api_key' } as const;

const NO_AUTH: ApiAuthSettings = { kind: 'none', username: '', keyName: '', keyIn: 'header', tokenUrl: '', clientId: '', scope: '' };

/** The fields another's edit may have changed (never the secret: an empty one keeps the stored). */
type SourceFields = Pick<ApiSource, 'name' | 'baseUrl' | 'auth' | 'headers' | 'timeLimitS' | 'maxKb'>;

/**
 * Add or edit an API of the application (issue 40): where it is, how the server signs in to it,
 * the headers every call sends and its limits. The stored secret is never shown; an empty one
 * keeps it while the way of signing in stays the same.
 */
export function ApiSourceDialog({ editing, onClose, onSaved }: ApiSourceDialogProps) {
  const { app, api } = useCurrentApp();
  const t = useT();
  const [name, setName] = useState(editing?.name ?? '');
  const [baseUrl, setBaseUrl] = useState(editing?.baseUrl ?? '');
  const [auth, setAuth] = useState<ApiAuthSettings>(editing?.auth ?? NO_AUTH);
  const [secret, setSecret] = useState('');
  const [headers, setHeaders] = useState<NameValue[]>(editing?.headers ?? []);
  const [timeLimitS, setTimeLimitS] = useState<number | ''>(editing?.timeLimitS ?? API_TIME_LIMIT_DEFAULT_S);
  const [maxKb, setMaxKb] = useState<number | ''>(editing?.maxKb ?? API_MAX_KB_DEFAULT);
  /** Why the server refused the last save, shown until the next one. */
  const [problem, setProblem] = useState<string | null>(null);
  const authLabel = (settings: unknown) => t(AUTH_LABELS[ApiAuthKindSchema.catch('none').parse((settings as Partial<ApiAuthSettings> | null)?.kind)]);
  const staleWrite = useStaleWrite<SourceFields>(t('admin.apis.staleWhat'), {
    name: t('admin.apis.name'), baseUrl: t('admin.apis.baseUrl'), auth: { label: t('admin.apis.auth'), show: authLabel },
    headers: t('admin.apis.headers'), timeLimitS: t('admin.apis.timeLimit'), maxKb: t('admin.apis.maxKb'),
  });
  const setAuthField = (changes: Partial<ApiAuthSettings>) => setAuth((current) => ({ ...current, ...changes }));
  /** A secret is stored and kept by an empty field: the way of signing in is still the stored one. */
  const keepsSecret = editing !== null && editing.hasSecret && editing.auth.kind === auth.kind;

  function changeKind(value: string | null) {
    const parsed = ApiAuthKindSchema.safeParse(value);
    if (parsed.success) setAuthField({ kind: parsed.data });
  }

  async function save() {
    const body: SaveApiSourceBody = {
      sourceId: editing?.sourceId ?? null,
      appId: app.appId,
      name: name.trim(),
      baseUrl: baseUrl.trim(),
      auth: {
        ...auth, username: auth.username.trim(), keyName: auth.keyName.trim(), tokenUrl: auth.tokenUrl.trim(), clientId: auth.clientId.trim(), scope: auth.scope.trim(),
      },
      secret: auth.kind === 'none' ? '' : secret,
      headers: filledRows(headers),
      timeLimitS: timeLimitS === '' ? API_TIME_LIMIT_DEFAULT_S : timeLimitS,
      maxKb: maxKb === '' ? API_MAX_KB_DEFAULT : maxKb,
    };
    setProblem(null);
    const answer = await staleWrite.saveForm({ editing, body, send: (sent) => api.call(apiSourceCalls.saveApiSource, { body: sent }) });
    if (answer === 'theirs') {
      onSaved();
      return;
    }
    if (answer === null) return;
    if (answer.status) {
      notifySuccess(t('admin.apis.saved'));
      onSaved();
    } else {
      const why = firstError(answer, t('admin.apis.saveFailed'));
      notifyFailure(why);
      setProblem(why);
    }
  }

  return (
    <FormDialog title={editing === null ? t('admin.apis.add') : t('admin.apis.editTitle')} onSubmit={save} onClose={onClose} size="lg">
      {staleWrite.dialog}
      {problem !== null && (
        <Alert color="red" variant="light" title={t('admin.apis.saveFailed')} icon={<IconAlertTriangle size={18} />}>{problem}</Alert>
      )}
      <TextInput label={t('admin.apis.name')} value={name} onChange={(event) => setName(event.currentTarget.value)} data-autofocus />
      <TextInput
        label={t('admin.apis.baseUrl')}
        description={t('admin.apis.baseUrlHint')}
        placeholder={BASE_URL_EXAMPLE}
        type="url"
        value={baseUrl}
        onChange={(event) => setBaseUrl(event.currentTarget.value)}
      />
      <Select
        label={t('admin.apis.auth')}
        data={API_AUTH_KINDS.map((kind) => ({ value: kind, label: t(AUTH_LABELS[kind]) }))}
        value={auth.kind}
        onChange={changeKind}
        allowDeselect={false}
      />
      <AuthFields auth={auth} onChange={setAuthField} />
      {auth.kind !== 'none' && (
        <PasswordInput
          label={t(SECRET_LABELS[auth.kind])}
          placeholder={keepsSecret ? t('admin.apis.secretStored') : undefined}
          description={keepsSecret ? t('admin.apis.secretKeep') : editing?.hasSecret === true ? t('admin.apis.secretNew') : undefined}
          value={secret}
          onChange={(event) => setSecret(event.currentTarget.value)}
          autoComplete="new-password"
        />
      )}
      <NameValueRows
        label={t('admin.apis.headers')}
        description={t('admin.apis.headersHint')}
        rowName={t('admin.apis.header')}
        rows={headers}
        onChange={setHeaders}
        addLabel={t('admin.apis.addHeader')}
        emptyText={t('admin.apis.headersNone')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <NumberInput
          label={t('admin.apis.timeLimit')}
          description={t('admin.apis.timeLimitHint', { max: API_TIME_LIMIT_MAX_S })}
          min={1}
          max={API_TIME_LIMIT_MAX_S}
          allowDecimal={false}
          allowNegative={false}
          value={timeLimitS}
          onChange={(value) => setTimeLimitS(typeof value === 'number' ? value : '')}
        />
        <NumberInput
          label={t('admin.apis.maxKb')}
          description={t('admin.apis.maxKbHint', { max: API_MAX_KB_MAX })}
          min={1}
          max={API_MAX_KB_MAX}
          allowDecimal={false}
          allowNegative={false}
          value={maxKb}
          onChange={(value) => setMaxKb(typeof value === 'number' ? value : '')}
        />
      </SimpleGrid>
    </FormDialog>
  );
}

/** The settings of the way of signing in chosen, beside its secret. */
function AuthFields({ auth, onChange }: { auth: ApiAuthSettings; onChange: (changes: Partial<ApiAuthSettings>) => void }) {
  const t = useT();
  const kind: ApiAuthKind = auth.kind;
  if (kind === 'basic') {
    return <TextInput label={t('admin.apis.username')} value={auth.username} onChange={(event) => onChange({ username: event.currentTarget.value })} autoComplete="off" />;
  }
  if (kind === 'apiKey') {
    return (
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Select
          label={t('admin.apis.keyIn')}
          data={[{ value: 'header', label: t('admin.apis.keyInHeader') }, { value: 'query', label: t('admin.apis.keyInQuery') }]}
          value={auth.keyIn}
          onChange={(value) => onChange({ keyIn: value === 'query' ? 'query' : 'header' })}
          allowDeselect={false}
        />
        <TextInput
          label={t('admin.apis.keyName')}
          placeholder={KEY_NAME_EXAMPLES[auth.keyIn]}
          value={auth.keyName}
          onChange={(event) => onChange({ keyName: event.currentTarget.value })}
          autoComplete="off"
        />
      </SimpleGrid>
    );
  }
  if (kind === 'oauth2') {
    return (
      <>
        <TextInput
          label={t('admin.apis.tokenUrl')}
          placeholder={TOKEN_URL_EXAMPLE}
          type="url"
          value={auth.tokenUrl}
          onChange={(event) => onChange({ tokenUrl: event.currentTarget.value })}
        />
        <TextInput label={t('admin.apis.clientId')} value={auth.clientId} onChange={(event) => onChange({ clientId: event.currentTarget.value })} autoComplete="off" />
        <TextInput label={t('admin.apis.scope')} description={t('admin.apis.scopeHint')} value={auth.scope} onChange={(event) => onChange({ scope: event.currentTarget.value })} />
      </>
    );
  }
  return null;
}
