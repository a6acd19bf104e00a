import { Alert, Button, Fieldset, Group, Paper, PasswordInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowsDiff } from '@tabler/icons-react';
import { type Environment, environmentCalls, type PromotionPreview, type TargetConnection, type TypedSecrets } from '@rakit/core';
import { useState } from 'react';
import { CredentialFields, HostPortFields } from '../../components/ServerFields';
import { notifySuccess } from '../../components/notify';
import { useCurrentApp } from '../../current-app/app-context';
import { useT } from '../../i18n/LanguageProvider';
import { settle } from '../admin-call';
import { NO_SECRETS_TYPED, SecretFields } from '../apps/SecretFields';
import { DB_DEFAULT_PORTS, DB_TYPE_LABELS } from '../databases/db-types';
import { ChangeList } from '../git/ChangeList';
import { type Refusal, RefusalAlert, refusalOf } from '../RefusalAlert';

/** Where a connection new to the target leads there, as typed (the port empty while the field is). */
type TypedConnection = Omit<TargetConnection, 'dbPort'> & { dbPort: number | '' };
type NewConnection = PromotionPreview['newConnections'][number];

/** A preview and the target it was asked for (the choice may have moved on since). */
interface Checked {
  target: Environment;
  preview: PromotionPreview;
}

const blankConnection = (connection: NewConnection): TypedConnection => ({ dbHost: '', dbPort: DB_DEFAULT_PORTS[connection.dbType], dbUser: '', dbPassword: '', dbDatabase: '' });

/**
 * The promotion of this environment's structure to another of the family the builder
 * administers (the next one in order first): what it would change, checked before anything is
 * written; where each connection new to the target leads there and the secrets of its new APIs;
 * refused while the target has changes of its own since its last promotion.
 */
export function PromotionSection({ environments, current, onPromoted }: { environments: readonly Environment[]; current: Environment; onPromoted: () => void }) {
  const { api } = useCurrentApp();
  const t = useT();
  const targets = environments.filter((environment) => environment.administered && environment.appId !== current.appId);
  const [targetId, setTargetId] = useState(() => (targets.find((environment) => environment.order > current.order) ?? targets[0])?.appId);
  const target = targets.find((environment) => environment.appId === targetId);
  const [checking, setChecking] = useState(false);
  const [promoting, setPromoting] = useState(false);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [connections, setConnections] = useState<Record<string, TypedConnection>>({});
  const [secrets, setSecrets] = useState<TypedSecrets>(NO_SECRETS_TYPED);
  const [variables, setVariables] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  function choose(value: string | null) {
    setTargetId(value === null ? undefined : Number(value));
    setChecked(null);
    setRefusal(null);
  }

  async function check(chosen: Environment) {
    setChecking(true);
    setChecked(null);
    setRefusal(null);
    try {
      const answer = await settle(api.call(environmentCalls.previewPromotion, { body: { appId: current.appId, targetAppId: chosen.appId } }));
      if (answer === null) return;
      if (answer.status && answer.data !== undefined) {
        setChecked({ target: chosen, preview: answer.data });
        setConnections(Object.fromEntries(answer.data.newConnections.map((connection) => [connection.link, blankConnection(connection)])));
        setSecrets(NO_SECRETS_TYPED);
        setVariables(Object.fromEntries(answer.data.newVariables.map((variable) => [variable.name, ''])));
      } else {
        setRefusal(refusalOf(answer, t('admin.changeRefused')));
      }
    } finally {
      setChecking(false);
    }
  }

  /** Promotes what the preview showed: if the target changed since, the server refuses and says so. */
  async function promote({ target: to, preview }: Checked) {
    setPromoting(true);
    setRefusal(null);
    try {
      const newConnections = Object.fromEntries(Object.entries(connections).map(([link, typed]) => [link, { ...typed, dbPort: typed.dbPort === '' ? 0 : typed.dbPort }]));
      const answer = await settle(api.call(environmentCalls.promote, { body: { appId: current.appId, targetAppId: to.appId, newConnections, newVariables: variables, apiSecrets: secrets.apiSecrets, targetState: preview.targetState } }));
      if (answer === null) return;
      if (answer.status && answer.data !== undefined) {
        notifySuccess(t('admin.environments.promoted', { target: answer.data.target, count: answer.data.changedFiles.length }));
        setChecked(null);
        onPromoted();
      } else {
        // The preview stays, with what was typed under it: the refusal says what to change.
        setRefusal(refusalOf(answer, t('admin.changeRefused')));
      }
    } finally {
      setPromoting(false);
    }
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="promotion-title">
      <Title order={2} size="h4" id="promotion-title" mb={4}>{t('admin.environments.promoteTitle')}</Title>
      <Text size="sm" c="dimmed" mb="sm" maw={760}>{t('admin.environments.promoteHint', { source: current.name })}</Text>
      {targets.length === 0
        ? <Text size="sm">{t('admin.environments.noTarget')}</Text>
        : (
          <Group align="flex-end" gap="sm">
            <Select
              label={t('admin.environments.target')}
              data={targets.map((environment) => ({ value: String(environment.appId), label: environment.name }))}
              value={targetId === undefined ? null : String(targetId)}
              onChange={choose}
              allowDeselect={false}
              w={{ base: '100%', xs: 240 }}
            />
            <Button variant="light" leftSection={<IconArrowsDiff size={16} />} loading={checking} disabled={target === undefined || promoting} onClick={() => target !== undefined && void check(target)}>
              {t('admin.environments.check')}
            </Button>
          </Group>
        )}
      {checked !== null && (
        <PromotionPreviewPanel
          checked={checked}
          source={current.name}
          promoting={promoting}
          onPromote={() => void promote(checked)}
          connections={connections}
          onConnectionChange={(link, typed) => setConnections((all) => ({ ...all, [link]: typed }))}
          secrets={secrets}
          onSecretsChange={setSecrets}
          variables={variables}
          onVariableChange={(name, value) => setVariables((all) => ({ ...all, [name]: value }))}
        />
      )}
      {refusal !== null && <Stack mt="md"><RefusalAlert refusal={refusal} testId="promotion-refusal" /></Stack>}
    </Paper>
  );
}

interface PromotionPreviewPanelProps {
  checked: Checked;
  source: string;
  promoting: boolean;
  onPromote: () => void;
  connections: Record<string, TypedConnection>;
  onConnectionChange: (link: string, typed: TypedConnection) => void;
  secrets: TypedSecrets;
  onSecretsChange: (next: TypedSecrets) => void;
  variables: Record<string, string>;
  onVariableChange: (name: string, value: string) => void;
}

/** What the promotion would change in the target, what the target changed meanwhile (which stops it), what it needs typed, and its button. */
function PromotionPreviewPanel({
  checked: { target, preview }, source, promoting, onPromote, connections, onConnectionChange, secrets, onSecretsChange, variables, onVariableChange,
}: PromotionPreviewPanelProps) {
  const t = useT();
  const blocked = preview.changedInTarget.length > 0;
  const nothingToPromote = preview.changes.length === 0;
  return (
    <Stack gap="md" mt="md" component="section" aria-labelledby="promotion-preview" data-testid="promotion-preview">
      <Title order={3} size="h5" id="promotion-preview">
        {nothingToPromote ? t('admin.environments.nothingToPromote', { target: target.name, source }) : t('admin.environments.changesTitle', { count: preview.changes.length, target: target.name })}
      </Title>
      {blocked && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={t('admin.environments.changedInTarget', { target: target.name })}
          role="alert"
          data-testid="changed-in-target"
          // Its body may shrink below the changes' tables, which then scroll sideways in it on a phone.
          styles={{ body: { minWidth: 0 } }}
        >
          <Text size="sm" mb="sm">{t('admin.environments.changedInTargetHint', { target: target.name, source })}</Text>
          <ChangeList changes={preview.changedInTarget} />
        </Alert>
      )}
      <ChangeList changes={preview.changes} />
      {!nothingToPromote && (
        <>
          {preview.newConnections.map((connection) => (
            <NewConnectionFields
              key={connection.link}
              connection={connection}
              target={target.name}
              typed={connections[connection.link] ?? blankConnection(connection)}
              onChange={(typed) => onConnectionChange(connection.link, typed)}
            />
          ))}
          {/* The APIs new to the target that sign in with a secret: none of it is carried from the source. */}
          <SecretFields needed={{ connections: [], apis: preview.apis }} typed={secrets} onChange={onSecretsChange} />
          {preview.newVariables.length > 0 && (
            <Fieldset legend={t('admin.environments.newVariables', { target: target.name })}>
              <Stack gap="sm">
                <Text size="sm" c="dimmed">{t('admin.environments.newVariablesHint', { target: target.name })}</Text>
                {preview.newVariables.map((variable) => {
                  const props = { label: variable.name, value: variables[variable.name] ?? '', onChange: (event: { currentTarget: { value: string } }) => onVariableChange(variable.name, event.currentTarget.value) };
                  return variable.secret ? <PasswordInput key={variable.name} {...props} autoComplete="new-password" /> : <TextInput key={variable.name} {...props} />;
                })}
              </Stack>
            </Fieldset>
          )}
          <Group justify="flex-end">
            <Button loading={promoting} disabled={blocked} onClick={onPromote}>{t('admin.environments.promote', { target: target.name })}</Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

interface NewConnectionFieldsProps {
  connection: NewConnection;
  target: string;
  typed: TypedConnection;
  onChange: (typed: TypedConnection) => void;
}

/** Where a connection the target does not have yet leads there: typed for the target, never the source's. */
function NewConnectionFields({ connection, target, typed, onChange }: NewConnectionFieldsProps) {
  const t = useT();
  const set = (change: Partial<TypedConnection>) => onChange({ ...typed, ...change });
  return (
    <Fieldset legend={t('admin.environments.newConnection', { database: connection.sourceDatabase, type: DB_TYPE_LABELS[connection.dbType], target })}>
      <Stack gap="sm">
        <TextInput label={t('admin.environments.database')} value={typed.dbDatabase} onChange={(event) => set({ dbDatabase: event.currentTarget.value })} required />
        <HostPortFields host={typed.dbHost} onHostChange={(dbHost) => set({ dbHost })} port={typed.dbPort} onPortChange={(dbPort) => set({ dbPort })} />
        <CredentialFields username={typed.dbUser} onUsernameChange={(dbUser) => set({ dbUser })} password={typed.dbPassword} onPasswordChange={(dbPassword) => set({ dbPassword })} />
      </Stack>
    </Fieldset>
  );
}
