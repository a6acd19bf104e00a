import { Alert, NumberInput, Select, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  DB_TYPES, type DbConfig, type DbType, DbTypeSchema, type SaveDbConfigBody, TIME_LIMIT_DEFAULT_S, TIME_LIMIT_MAX_S, TIME_LIMIT_MIN_S, databaseCalls } from '@rakit/core';
import { useState } from 'react';
import { FormDialog } from '../../components/FormDialog';
import { CredentialFields, HostPortFields } from '../../components/ServerFields';
import { firstError } from '../../api/client';
import { useCurrentApp } from '../../current-app/app-context';
import { notifyFailure, notifySuccess } from '../../components/notify';
import { useStaleWrite } from '../../current-app/use-stale-write';
import { useT } from '../../i18n/LanguageProvider';
import { DB_DEFAULT_PORTS, DB_TYPE_LABELS } from './db-types';

interface DbFormDialogProps {
  /** The connection to edit, or null to add one. */
  editing: DbConfig | null;
  onClose: () => void;
  onSaved: () => void;
}

const TYPE_OPTIONS = DB_TYPES.map((value) => ({ value, label: DB_TYPE_LABELS[value] }));

/** The fields another builder's edit may have changed (the password is never shown nor merged: an empty one keeps the stored). */
type ConnectionFields = Pick<DbConfig, 'dbType' | 'dbDatabase' | 'dbHost' | 'dbPort' | 'dbUser' | 'dbTimeLimit'>;

/**
 * Add or edit a connection (spec 1 screen 5). The server tries it before storing it; when it
 * answers 'Incorrect Config' the dialog stays open and says what went wrong.
 */
export function DbFormDialog({ editing, onClose, onSaved }: DbFormDialogProps) {
  const { app, api } = useCurrentApp();
  const t = useT();
  const [dbType, setDbType] = useState<DbType>(editing?.dbType ?? 'mysql');
  const [dbDatabase, setDbDatabase] = useState(editing?.dbDatabase ?? '');
  const [dbHost, setDbHost] = useState(editing?.dbHost ?? '');
  const [dbPort, setDbPort] = useState<number | ''>(editing === null || editing.dbPort === 0 ? DB_DEFAULT_PORTS[dbType] : editing.dbPort);
  const [dbUser, setDbUser] = useState(editing?.dbUser ?? '');
  const [dbPassword, setDbPassword] = useState('');
  /** Seconds; empty: the default. */
  const [dbTimeLimit, setDbTimeLimit] = useState<number | ''>(editing?.dbTimeLimit ?? '');
  /** Why the server refused the configuration, shown inside the dialog. */
  const [problem, setProblem] = useState<string | null>(null);
  const isFile = dbType === 'sqlite';
  const staleWrite = useStaleWrite<ConnectionFields>(t('admin.databases.staleWhat'), {
    dbType: t('admin.databases.type'), dbDatabase: t('admin.databases.name'), dbHost: t('admin.databases.host'), dbPort: t('admin.databases.port'),
    dbUser: t('admin.databases.username'), dbTimeLimit: t('admin.databases.timeLimit'),
  });

  function changeType(value: string | null) {
    const parsed = DbTypeSchema.safeParse(value);
    if (!parsed.success) return;
    // A port still at the old type's default follows the new type.
    if (dbPort === '' || dbPort === DB_DEFAULT_PORTS[dbType]) setDbPort(DB_DEFAULT_PORTS[parsed.data]);
    setDbType(parsed.data);
  }

  async function save() {
    const body: SaveDbConfigBody = {
      dbId: editing?.dbId ?? null,
      dbAppId: app.appId,
      dbType,
      dbDatabase: dbDatabase.trim(),
      dbHost: isFile ? '' : dbHost.trim(),
      dbPort: isFile || dbPort === '' ? 0 : dbPort,
      dbUser: isFile ? '' : dbUser.trim(),
      dbPassword: isFile ? '' : dbPassword,
      dbTimeLimit: dbTimeLimit === '' ? null : dbTimeLimit,
    };
    setProblem(null);
    const answer = await staleWrite.saveForm({ editing, body, send: (sent) => api.call(databaseCalls.saveDbConfig, { body: sent }) });
    if (answer === 'theirs') {
      onSaved();
      return;
    }
    if (answer === null) return;
    if (answer.status) {
      notifySuccess(t('configurationSuccess'));
      onSaved();
    } else if (answer.code === 'incorrectConfig') {
      // Known by its code: the server's words are in the reader's language.
      notifyFailure(t('incorrectConfiguration'));
      setProblem(answer.error?.[1] ?? '');
    } else {
      notifyFailure(firstError(answer, t('incorrectConfiguration')));
    }
  }

  return (
    <FormDialog title={editing === null ? t('admin.databases.add') : t('admin.databases.editTitle')} onSubmit={save} onClose={onClose} size="lg">
      {staleWrite.dialog}
      {problem !== null && (
        <Alert color="red" variant="light" title={t('incorrectConfiguration')} icon={<IconAlertTriangle size={18} />}>
          {problem === '' ? t('admin.databases.connectFailed') : problem}
        </Alert>
      )}
      <Select label={t('admin.databases.type')} data={TYPE_OPTIONS} value={dbType} onChange={changeType} allowDeselect={false} />
      <TextInput
        label={t('admin.databases.name')}
        description={isFile ? t('admin.databases.nameHintSqlite') : t('admin.databases.nameHint')}
        value={dbDatabase}
        onChange={(event) => setDbDatabase(event.currentTarget.value)}
        data-autofocus
      />
      {!isFile && (
        <>
          <HostPortFields host={dbHost} onHostChange={setDbHost} port={dbPort} onPortChange={setDbPort} />
          <CredentialFields
            username={dbUser}
            onUsernameChange={setDbUser}
            password={dbPassword}
            onPasswordChange={setDbPassword}
            passwordDescription={editing === null ? undefined : t('admin.keepStoredPassword')}
          />
        </>
      )}
      <NumberInput
        label={t('admin.databases.timeLimit')}
        description={t('admin.databases.timeLimitHint', { seconds: TIME_LIMIT_DEFAULT_S })}
        placeholder={String(TIME_LIMIT_DEFAULT_S)}
        min={TIME_LIMIT_MIN_S}
        max={TIME_LIMIT_MAX_S}
        allowDecimal={false}
        allowNegative={false}
        value={dbTimeLimit}
        onChange={(value) => setDbTimeLimit(typeof value === 'number' ? value : '')}
      />
    </FormDialog>
  );
}
