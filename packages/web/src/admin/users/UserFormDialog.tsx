import { PasswordInput, TextInput } from '@mantine/core';
import { groupsForApp, isPasswordLongEnough, PASSWORD_MIN_LENGTH, type PublicApplication, authCalls, userCalls } from '@rakit/core';
import { useState } from 'react';
import { publicApi } from '../../api/client';
import { FormDialog } from '../../components/FormDialog';
import { useCurrentApp } from '../../current-app/app-context';
import { notifyFailure } from '../../components/notify';
import { useT } from '../../i18n/LanguageProvider';
import { useSession } from '../../session/session-context';
import { storeSession } from '../../session/session-storage';
import { runChange, settle } from '../admin-call';

interface UserFormDialogProps {
  /** The user whose password changes, or null to add a user. */
  editing: string | null;
  onClose: () => void;
  onSaved: () => void;
  /** The dialog's title and success notice where it is not the users screen's (the profile popover's). */
  title?: string;
  savedMessage?: string;
}

/**
 * A new password ends every session of the account, this one too: sign in again with it so
 * the administrator stays on his screen.
 */
async function signInAgain(app: PublicApplication, userId: string, password: string): Promise<void> {
  const answer = await settle(publicApi.call(authCalls.login, { body: { userId, password, appSlug: app.appSlug } }));
  const user = answer?.status === true ? answer.data?.[0] : undefined;
  const firstGroup = user === undefined ? undefined : groupsForApp(user.userGroup, app)[0];
  if (user !== undefined && firstGroup !== undefined) storeSession(app, user, firstGroup);
}

/**
 * Add a user, or set a user's password (spec 1 screen 7): Name, Password, Confirm Password,
 * the name fixed while editing, and the current password when it is one's own. The rules of
 * spec 1 §5 and the password rule are checked before anything is sent.
 */
export function UserFormDialog({ editing, onClose, onSaved, title, savedMessage }: UserFormDialogProps) {
  const { app, api } = useCurrentApp();
  const t = useT();
  const session = useSession();
  const ownAccount = editing !== null && editing === session.user.userId;
  const [userId, setUserId] = useState(editing ?? '');
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');

  async function save() {
    const entries = { userId: userId.trim(), password, confirm_password: confirmPassword };
    if (entries.userId === '' || password === '' || confirmPassword === '' || (ownAccount && currentPassword === '')) {
      notifyFailure(t('fillAllFields'));
      return;
    }
    if (password !== confirmPassword) {
      notifyFailure(t('passwordConfirmMismatch'));
      return;
    }
    if (!isPasswordLongEnough(password)) {
      notifyFailure(t('passwordTooShort', { min: PASSWORD_MIN_LENGTH }));
      return;
    }
    const saved = editing === null
      ? await runChange(api.call(userCalls.addUser, { body: { data: { ...entries, appId: app.appId } } }), t('userCreated'))
      : await runChange(api.call(userCalls.changePassword, { body: { data: { ...(ownAccount ? { ...entries, current_password: currentPassword } : entries), appId: app.appId } } }), savedMessage ?? t('userEdited'));
    if (saved && ownAccount) await signInAgain(app, entries.userId, password);
    if (saved) onSaved();
  }

  return (
    <FormDialog title={title ?? (editing === null ? t('admin.users.addNew') : t('admin.users.editTitle'))} onSubmit={save} onClose={onClose}>
      <TextInput
        label={t('admin.users.name')}
        value={userId}
        onChange={(event) => setUserId(event.currentTarget.value)}
        disabled={editing !== null}
        autoComplete="off"
        maxLength={100}
        data-autofocus={editing === null ? true : undefined}
      />
      {ownAccount && (
        <PasswordInput
          label={t('admin.users.currentPassword')}
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.currentTarget.value)}
          autoComplete="current-password"
          data-autofocus
        />
      )}
      <PasswordInput
        label={t('admin.users.password')}
        value={password}
        onChange={(event) => setPassword(event.currentTarget.value)}
        autoComplete="new-password"
        data-autofocus={editing === null || ownAccount ? undefined : true}
      />
      <PasswordInput
        label={t('admin.users.confirmPassword')}
        value={confirmPassword}
        onChange={(event) => setConfirmPassword(event.currentTarget.value)}
        autoComplete="new-password"
      />
    </FormDialog>
  );
}
