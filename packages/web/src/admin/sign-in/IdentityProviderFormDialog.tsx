import { PasswordInput, Select, TextInput } from '@mantine/core';
import { DEFAULT_SSO_SCOPES, type IdentityProvider, type SaveIdentityProviderBody, SsoNewUsersSchema, type SsoNewUsers, signInCalls } from '@rakit/core';
import { useState } from 'react';
import { FormDialog } from '../../components/FormDialog';
import { firstError } from '../../api/client';
import { useCurrentApp } from '../../current-app/app-context';
import { notifyFailure, notifySuccess } from '../../components/notify';
import { useStaleWrite } from '../../current-app/use-stale-write';
import { useT } from '../../i18n/LanguageProvider';

interface IdentityProviderFormDialogProps {
  /** The provider to edit, or null to add one. */
  editing: IdentityProvider | null;
  onClose: () => void;
  onSaved: () => void;
}

/** The fields another's edit may have changed (never the secret: an empty one keeps the stored). */
type ProviderFields = Pick<IdentityProvider, 'name' | 'issuer' | 'clientId' | 'scopes' | 'groupsClaim' | 'newUsers'>;

/** An example issuer (a technical token, in no catalog). */
const ISSUER_EXAMPLE = 'https://accounts.google.com';

/** Add or edit an application's OpenID Connect provider (issue 36); its stored secret is never shown, and an empty one keeps it. */
export function IdentityProviderFormDialog({ editing, onClose, onSaved }: IdentityProviderFormDialogProps) {
  const { app, api } = useCurrentApp();
  const t = useT();
  const [name, setName] = useState(editing?.name ?? '');
  const [issuer, setIssuer] = useState(editing?.issuer ?? '');
  const [clientId, setClientId] = useState(editing?.clientId ?? '');
  const [clientSecret, setClientSecret] = useState('');
  const [scopes, setScopes] = useState(editing?.scopes ?? DEFAULT_SSO_SCOPES);
  const [groupsClaim, setGroupsClaim] = useState(editing?.groupsClaim ?? '');
  const [newUsers, setNewUsers] = useState<SsoNewUsers>(editing?.newUsers ?? 'create');
  const staleWrite = useStaleWrite<ProviderFields>(t('admin.signIn.staleWhat'), {
    name: t('admin.signIn.name'), issuer: t('admin.signIn.issuer'), clientId: t('admin.signIn.clientId'), scopes: t('admin.signIn.scopes'),
    groupsClaim: t('admin.signIn.groupsClaim'), newUsers: t('admin.signIn.newUsers'),
  });

  async function save() {
    const body: SaveIdentityProviderBody = {
      appId: app.appId,
      providerId: editing?.providerId ?? null,
      name: name.trim(),
      issuer: issuer.trim(),
      clientId: clientId.trim(),
      clientSecret,
      scopes: scopes.trim(),
      groupsClaim: groupsClaim.trim() === '' ? null : groupsClaim.trim(),
      newUsers,
    };
    const answer = await staleWrite.saveForm({ editing, body, send: (sent) => api.call(signInCalls.saveIdentityProvider, { body: sent }) });
    if (answer === 'theirs') {
      onSaved();
      return;
    }
    if (answer === null) return;
    if (answer.status) {
      notifySuccess(t('admin.signIn.saved'));
      onSaved();
    } else {
      notifyFailure(firstError(answer, t('admin.signIn.saveFailed')));
    }
  }

  return (
    <FormDialog title={editing === null ? t('admin.signIn.add') : t('admin.signIn.editTitle')} onSubmit={save} onClose={onClose} size="lg">
      {staleWrite.dialog}
      <TextInput label={t('admin.signIn.name')} description={t('admin.signIn.nameHint')} value={name} onChange={(event) => setName(event.currentTarget.value)} data-autofocus />
      <TextInput
        label={t('admin.signIn.issuer')}
        description={t('admin.signIn.issuerHint')}
        placeholder={ISSUER_EXAMPLE}
        value={issuer}
        onChange={(event) => setIssuer(event.currentTarget.value)}
        type="url"
      />
      <TextInput label={t('admin.signIn.clientId')} value={clientId} onChange={(event) => setClientId(event.currentTarget.value)} autoComplete="off" />
      <PasswordInput
        label={t('admin.signIn.clientSecret')}
        description={editing?.hasClientSecret === true ? t('admin.signIn.keepSecret') : undefined}
        value={clientSecret}
        onChange={(event) => setClientSecret(event.currentTarget.value)}
        autoComplete="new-password"
      />
      <TextInput label={t('admin.signIn.scopes')} value={scopes} onChange={(event) => setScopes(event.currentTarget.value)} />
      <TextInput label={t('admin.signIn.groupsClaim')} description={t('admin.signIn.groupsClaimHint')} value={groupsClaim} onChange={(event) => setGroupsClaim(event.currentTarget.value)} />
      <Select
        label={t('admin.signIn.newUsers')}
        data={[{ value: 'create', label: t('admin.signIn.newUsersCreate') }, { value: 'refuse', label: t('admin.signIn.newUsersRefuse') }]}
        value={newUsers}
        onChange={(value) => {
          const parsed = SsoNewUsersSchema.safeParse(value);
          if (parsed.success) setNewUsers(parsed.data);
        }}
        allowDeselect={false}
      />
    </FormDialog>
  );
}
