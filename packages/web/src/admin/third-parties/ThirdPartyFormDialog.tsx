import { Select, TextInput } from '@mantine/core';
import { SMTP_SECURITY, type SaveThirdPartyBody, type SmtpSecurity, SmtpSecuritySchema, type ThirdParty, thirdPartyCalls } from '@rakit/core';
import { useState } from 'react';
import { FormDialog } from '../../components/FormDialog';
import { CredentialFields, HostPortFields } from '../../components/ServerFields';
import { firstError } from '../../api/client';
import { useCurrentApp } from '../../current-app/app-context';
import { notifyFailure, notifySuccess } from '../../components/notify';
import { useStaleWrite } from '../../current-app/use-stale-write';
import { useT } from '../../i18n/LanguageProvider';
import { SECURITY_LABELS, SECURITY_PORTS } from './smtp-security';

interface ThirdPartyFormDialogProps {
  /** The server to edit, or null to add one. */
  editing: ThirdParty | null;
  onClose: () => void;
  onSaved: () => void;
}

/** An example address (a technical token, in no catalog). */
const SENDER_EXAMPLE = 'noreply@example.com';

/** The fields another's edit may have changed (never the password: an empty one keeps the stored). */
type ServerFields = Pick<ThirdParty, 'name' | 'host' | 'port' | 'security' | 'username' | 'fromAddress'>;

/** Add or edit an SMTP server of the Third Parties; its stored password is never shown, and an empty one keeps it. */
export function ThirdPartyFormDialog({ editing, onClose, onSaved }: ThirdPartyFormDialogProps) {
  const { api } = useCurrentApp();
  const t = useT();
  const [name, setName] = useState(editing?.name ?? '');
  const [host, setHost] = useState(editing?.host ?? '');
  const [security, setSecurity] = useState<SmtpSecurity>(editing?.security ?? 'starttls');
  const [port, setPort] = useState<number | ''>(editing?.port ?? SECURITY_PORTS.starttls);
  const [username, setUsername] = useState(editing?.username ?? '');
  const [password, setPassword] = useState('');
  const [fromAddress, setFromAddress] = useState(editing?.fromAddress ?? '');
  const staleWrite = useStaleWrite<ServerFields>(t('admin.thirdParties.staleWhat'), {
    name: t('admin.thirdParties.name'), host: t('admin.thirdParties.host'), port: t('admin.thirdParties.port'), security: t('admin.thirdParties.security'),
    username: t('admin.thirdParties.username'), fromAddress: t('admin.thirdParties.sender'),
  });
  const securityOptions = SMTP_SECURITY.map((value) => ({ value, label: t(SECURITY_LABELS[value]) }));

  function changeSecurity(value: string | null) {
    const parsed = SmtpSecuritySchema.safeParse(value);
    if (!parsed.success) return;
    // A port still at the old protection's usual one follows the new protection.
    if (port === '' || port === SECURITY_PORTS[security]) setPort(SECURITY_PORTS[parsed.data]);
    setSecurity(parsed.data);
  }

  async function save() {
    const body: SaveThirdPartyBody = {
      serviceId: editing?.serviceId ?? null,
      kind: 'smtp',
      name: name.trim(),
      host: host.trim(),
      port: port === '' ? 0 : port,
      security,
      username: username.trim(),
      password,
      fromAddress: fromAddress.trim(),
    };
    const answer = await staleWrite.saveForm({ editing, body, send: (sent) => api.call(thirdPartyCalls.saveThirdParty, { body: sent }) });
    if (answer === 'theirs') {
      onSaved();
      return;
    }
    if (answer === null) return;
    if (answer.status) {
      notifySuccess(t('thirdPartySaved'));
      onSaved();
    } else {
      notifyFailure(firstError(answer, t('admin.thirdParties.saveFailed')));
    }
  }

  return (
    <FormDialog title={editing === null ? t('admin.thirdParties.add') : t('admin.thirdParties.editTitle')} onSubmit={save} onClose={onClose} size="lg">
      {staleWrite.dialog}
      <TextInput label={t('admin.thirdParties.name')} value={name} onChange={(event) => setName(event.currentTarget.value)} data-autofocus />
      <HostPortFields host={host} onHostChange={setHost} port={port} onPortChange={setPort} hostPlaceholder="smtp.example.com" />
      <Select
        label={t('admin.thirdParties.security')}
        description={t('admin.thirdParties.securityHint')}
        data={securityOptions}
        value={security}
        onChange={changeSecurity}
        allowDeselect={false}
      />
      <CredentialFields
        username={username}
        onUsernameChange={setUsername}
        password={password}
        onPasswordChange={setPassword}
        passwordDescription={editing === null ? undefined : editing.hasPassword ? t('admin.keepStoredPassword') : t('admin.thirdParties.noneStored')}
      />
      <TextInput
        label={t('admin.thirdParties.sender')}
        description={t('admin.thirdParties.senderHint')}
        placeholder={SENDER_EXAMPLE}
        value={fromAddress}
        onChange={(event) => setFromAddress(event.currentTarget.value)}
      />
    </FormDialog>
  );
}
