import { Autocomplete, Loader } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Messages } from '@rakit/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormDialog } from '../../components/FormDialog';
import { useCurrentApp } from '../../current-app/app-context';
import { notifyFailure } from '../../components/notify';
import { dataOf } from '../admin-call';
import { SEARCH_DEBOUNCE_MS, USER_PICKER_LIMIT } from '../admin-limits';

interface SelectUserDialogProps {
  groupName: string;
  onSave: (userId: string) => Promise<void>;
  onClose: () => void;
}

/**
 * 'Select User': an autocomplete over the application's users, searched as one types
 * (page 1, 20 users); Enter saves. Only a user the search found can be chosen.
 */
export function SelectUserDialog({ groupName, onSave, onClose }: SelectUserDialogProps) {
  const { app, api } = useCurrentApp();
  const [value, setValue] = useState('');
  const [search] = useDebouncedValue(value.trim(), SEARCH_DEBOUNCE_MS);
  const users = useQuery({
    queryKey: ['users', app.appSlug, 'picker', search],
    queryFn: async () => dataOf(await api.listUser(app.appId, { page: 1, limit: USER_PICKER_LIMIT, userId: search }), 'Users'),
    placeholderData: keepPreviousData,
  });
  const found = users.data?.users.map((user) => user.userId) ?? [];
  // The list opens once something is typed, so it does not cover the buttons of an untouched dialog.
  const offered = value.trim() === '' ? [] : found;

  async function save() {
    const userId = value.trim();
    if (userId === '' || !found.includes(userId)) {
      notifyFailure(Messages.selectUser);
      return;
    }
    await onSave(userId);
  }

  return (
    <FormDialog title="Select User" onSubmit={save} onClose={onClose}>
      <Autocomplete
        label={`Add a user to ${groupName}`}
        placeholder="Type a user id"
        data={offered}
        value={value}
        onChange={setValue}
        rightSection={users.isFetching ? <Loader size={14} /> : undefined}
        limit={USER_PICKER_LIMIT}
        data-autofocus
      />
    </FormDialog>
  );
}
