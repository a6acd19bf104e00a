import { PasswordInput, TextInput } from '@mantine/core';
import { Messages } from '@rakit/core';
import { useState } from 'react';
import { FormDialog } from '../../components/FormDialog';
import { useCurrentApp } from '../../shell/app-context';
import { notifyFailure } from '../../shell/notify';
import { runChange } from '../admin-call';

interface UserFormDialogProps {
  /** The user whose password changes, or null to add a user. */
  editing: string | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * Add a user, or set a user's password (spec 1 screen 7): Name, Password, Confirm Password,
 * the name fixed while editing. Both rules of spec 1 §5 are checked before anything is sent.
 */
export function UserFormDialog({ editing, onClose, onSaved }: UserFormDialogProps) {
  const { app, api } = useCurrentApp();
  const [userId, setUserId] = useState(editing ?? '');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');

  async function save() {
    const entries = { userId: userId.trim(), password, confirm_password: confirmPassword };
    if (entries.userId === '' || password === '' || confirmPassword === '') {
      notifyFailure(Messages.fillAllFields);
      return;
    }
    if (password !== confirmPassword) {
      notifyFailure(Messages.passwordConfirmMismatch);
      return;
    }
    const saved = editing === null
      ? await runChange(api.addUser(app.appId, entries), Messages.userCreated)
      : await runChange(api.changePassword(app.appId, entries), Messages.userEdited);
    if (saved) onSaved();
  }

  return (
    <FormDialog title={editing === null ? 'Add New User' : 'Edit User'} onSubmit={save} onClose={onClose}>
      <TextInput
        label="Name"
        value={userId}
        onChange={(event) => setUserId(event.currentTarget.value)}
        disabled={editing !== null}
        autoComplete="off"
        maxLength={100}
        data-autofocus={editing === null ? true : undefined}
      />
      <PasswordInput
        label="Password"
        value={password}
        onChange={(event) => setPassword(event.currentTarget.value)}
        autoComplete="new-password"
        data-autofocus={editing === null ? undefined : true}
      />
      <PasswordInput
        label="Confirm Password"
        value={confirmPassword}
        onChange={(event) => setConfirmPassword(event.currentTarget.value)}
        autoComplete="new-password"
      />
    </FormDialog>
  );
}
