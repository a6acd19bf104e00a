import { Select, TextInput } from '@mantine/core';
import { Messages, SMTP_SECURITY, type SaveThirdPartyBody, type SmtpSecurity, SmtpSecuritySchema, type ThirdParty } from '@rakit/core';
import { useState } from 'react';
import { FormDialog } from '../../components/FormDialog';
import { CredentialFields, HostPortFields } from '../../components/ServerFields';
import { firstError } from '../../api/client';
import { useCurrentApp } from '../../current-app/app-context';
import { notifyFailure, notifySuccess } from '../../components/notify';
import { useStaleWrite } from '../../current-app/use-stale-write';
import { SECURITY_LABELS, SECURITY_PORTS } from './smtp-security';

interface ThirdPartyFormDialogProps {
  /** The server to edit, or null to add one. */
  editing: ThirdParty | null;
  onClose: () => void;
  onSaved: () => void;
}

const SECURITY_OPTIONS = SMTP_SECURITY.map((value) => ({ value, label: SECURITY_LABELS[value] }));

/** The fields another's edit may have changed (never the password: an empty one keeps the stored). */
type ServerFields = Pick<ThirdParty, 'name' | 'host' | 'port' | 'security' | 'username' | 'fromAddress'>;
const FIELD_LABELS = { name: 'Name', host: 'Host', port: 'Port', security: 'Security', username: 'Username', fromAddress: 'Sender address' };

/** Add or edit an SMTP server of the Third Parties; its stored password is never shown, and an empty one keeps it. */
export function ThirdPartyFormDialog({ editing, onClose, onSaved }: ThirdPartyFormDialogProps) {
  const { api } = useCurrentApp();
  const [name, setName] = useState(editing?.name ?? '');
  const [host, setHost] = useState(editing?.host ?? '');
  const [security, setSecurity] = useState<SmtpSecurity>(editing?.security ?? 'starttls');
  const [port, setPort] = useState<number | ''>(editing?.port ?? SECURITY_PORTS.starttls);
  const [username, setUsername] = useState(editing?.username ?? '');
  const [password, setPassword] = useState('');
  const [fromAddress, setFromAddress] = useState(editing?.fromAddress ?? '');
  const staleWrite = useStaleWrite<ServerFields>('this SMTP server', FIELD_LABELS);

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
    const answer = await staleWrite.saveForm({ editing, body, send: (sent) => api.saveThirdParty(sent) });
    if (answer === 'theirs') {
      onSaved();
      return;
    }
    if (answer === null) return;
    if (answer.status) {
      notifySuccess(Messages.thirdPartySaved);
      onSaved();
    } else {
      notifyFailure(firstError(answer, 'The SMTP server could not be saved'));
    }
  }

  return (
    <FormDialog title={editing === null ? 'Add SMTP Server' : 'Edit SMTP Server'} onSubmit={save} onClose={onClose} size="lg">
      {staleWrite.dialog}
      <TextInput label="Name" value={name} onChange={(event) => setName(event.currentTarget.value)} data-autofocus />
      <HostPortFields host={host} onHostChange={setHost} port={port} onPortChange={setPort} hostPlaceholder="smtp.example.com" />
      <Select
        label="Security"
        description="TLS from the start (465), STARTTLS required (587), or none for a relay on a trusted network"
        data={SECURITY_OPTIONS}
        value={security}
        onChange={changeSecurity}
        allowDeselect={false}
      />
      <CredentialFields
        username={username}
        onUsernameChange={setUsername}
        password={password}
        onPasswordChange={setPassword}
        passwordDescription={editing === null ? undefined : editing.hasPassword ? 'Leave empty to keep the stored one' : 'None stored'}
      />
      <TextInput
        label="Sender address"
        description="The From of every email sent through this server"
        placeholder="noreply@example.com"
        value={fromAddress}
        onChange={(event) => setFromAddress(event.currentTarget.value)}
      />
    </FormDialog>
  );
}
