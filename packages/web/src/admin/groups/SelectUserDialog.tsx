import { Autocomplete, Loader } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormDialog } from '../../components/FormDialog';
import { useCurrentApp } from '../../current-app/app-context';
import { notifyFailure } from '../../components/notify';
import { useT } from '../../i18n/LanguageProvider';
import { dataOf } from '../admin-call';
import { SEARCH_DEBOUNCE_MS, USER_PICKER_LIMIT } from '../admin-limits';
import { listUserPage } from '../users/user-page';

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
  const t = useT();
  const [value, setValue] = useState('');
  const [search] = useDebouncedValue(value.trim(), SEARCH_DEBOUNCE_MS);
  const users = useQuery({
    queryKey: ['users', app.appSlug, 'picker', search],
    queryFn: async () => dataOf(await listUserPage(api, app.appId, { page: 1, limit: USER_PICKER_LIMIT, userId: search }), t('admin.users.what')),
    placeholderData: keepPreviousData,
  });
  const found = users.data?.users.map((user) => user.userId) ?? [];
  // The list opens once something is typed, so it does not cover the buttons of an untouched dialog.
  const offered = value.trim() === '' ? [] : found;

  async function save() {
    const userId = value.trim();
    if (userId === '' || !found.includes(userId)) {
      notifyFailure(t('selectUser'));
      return;
    }
    await onSave(userId);
  }

  return (
    <FormDialog title={t('admin.groups.selectUser')} onSubmit={save} onClose={onClose}>
      <Autocomplete
        label={t('admin.groups.addUserTo', { name: groupName })}
        placeholder={t('admin.groups.typeUserId')}
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
