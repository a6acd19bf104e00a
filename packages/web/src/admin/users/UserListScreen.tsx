import { ActionIcon, Button, Group, Select, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconLogout2, IconPlus, IconSearch, IconUser } from '@tabler/icons-react';
import { USER_PAGE_SIZES } from '@rakit/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AdminPager } from '../../components/AdminPager';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { EditRemoveDialogs, useEditRemoveDialog } from '../../components/EditRemoveDialogs';
import { QueryStatus } from '../../components/QueryStatus';
import { RowActions } from '../../components/RowActions';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useCurrentApp } from '../../current-app/app-context';
import { useT } from '../../i18n/LanguageProvider';
import { dataOf, runChange } from '../admin-call';
import { SEARCH_DEBOUNCE_MS } from '../admin-limits';
import { SignInSettings } from '../sign-in/SignInSettings';
import { UserFormDialog } from './UserFormDialog';

const PAGE_SIZE_OPTIONS = USER_PAGE_SIZES.map(String);

/** The application's users (spec 1 screen 7): searched, paged, added, re-passworded, removed. */
export function UserListScreen() {
  const { app, api } = useCurrentApp();
  const t = useT();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(USER_PAGE_SIZES[0]);
  const [search, setSearch] = useState('');
  const [userId] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);

  const usersKey = ['users', app.appSlug];
  const users = useQuery({
    queryKey: [...usersKey, 'page', page, pageSize, userId],
    queryFn: async () => dataOf(await api.listUser(app.appId, { page, limit: pageSize, userId }), t('admin.users.what')),
    placeholderData: keepPreviousData,
  });
  // Memberships change with users: the group screen reads them afresh.
  const reload = () => Promise.all([usersKey, ['groups', app.appSlug]].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  const dialogs = useEditRemoveDialog<string>(reload);
  // Whose sessions are about to be ended (issue 36), once asked.
  const [endingSessionsOf, setEndingSessionsOf] = useState<string | null>(null);

  async function remove(target: string) {
    const removed = await runChange(api.deleteUser(app.appId, target), t('userRemoved'));
    dialogs.close();
    if (!removed) return;
    if (users.data?.users.length === 1 && page > 1) setPage(page - 1);
    await reload();
  }

  return (
    <>
      <ScreenHeader title={t('admin.users.title')}>
        <Button leftSection={<IconPlus size={16} />} onClick={() => dialogs.edit(null)}>{t('admin.users.addNew')}</Button>
      </ScreenHeader>

      <Group justify="space-between" mb="md">
        <TextInput
          aria-label={t('admin.users.search')}
          placeholder={t('admin.users.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          w={260}
        />
        <Group gap="xs">
          <Text size="sm" c="dimmed">{t('admin.users.rowsPerPage')}</Text>
          <Select
            aria-label={t('admin.users.rowsPerPage')}
            data={PAGE_SIZE_OPTIONS}
            value={String(pageSize)}
            onChange={(value) => {
              if (value === null) return;
              setPageSize(Number(value));
              setPage(1);
            }}
            allowDeselect={false}
            w={90}
          />
        </Group>
      </Group>

      <QueryStatus what={t('admin.users.what')} isPending={users.isPending} error={users.error} />
      {users.data !== undefined && (
        <>
          <DataTable
            columns={[t('admin.users.colUser'), t('admin.users.colAction')]}
            isEmpty={users.data.users.length === 0}
            emptyText={userId === '' ? t('admin.users.empty') : t('admin.users.noMatch', { search: `'${userId}'` })}
            minWidth={360}
            caption={t('admin.users.what')}
          >
            {users.data.users.map((user) => (
              <Table.Tr key={user.userId}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <IconUser size={16} color="var(--mantine-color-gray-6)" />
                    <Text size="sm" fw={500}>{user.userId}</Text>
                  </Group>
                </Table.Td>
                <Table.Td w={160}>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      size="lg"
                      aria-label={t('admin.users.endSessions', { user: user.userId })}
                      title={t('admin.users.endSessions', { user: user.userId })}
                      onClick={() => setEndingSessionsOf(user.userId)}
                    >
                      <IconLogout2 size={18} />
                    </ActionIcon>
                    <RowActions
                      editLabel={t('admin.users.edit')}
                      onEdit={() => dialogs.edit(user.userId)}
                      removeLabel={t('admin.users.delete')}
                      onRemove={() => dialogs.askRemove(user.userId)}
                    />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
          <Group justify="space-between" mt="md">
            <Text size="sm" c="dimmed">{t('admin.users.count', { count: users.data.count })}</Text>
            <AdminPager page={page} total={users.data.count} pageSize={pageSize} onChange={setPage} label={t('admin.users.pages')} />
          </Group>
        </>
      )}

      <EditRemoveDialogs
        state={dialogs}
        form={(editing) => <UserFormDialog editing={editing} onClose={dialogs.close} onSaved={dialogs.saved} />}
        removeMessage={t('userRemoveConfirm')}
        confirmLabel={t('admin.users.confirmDelete')}
        onRemove={remove}
      />

      <ConfirmDialog
        opened={endingSessionsOf !== null}
        message={t('admin.users.endSessionsConfirm', { user: endingSessionsOf ?? '' })}
        confirmLabel={t('admin.users.endSessionsConfirmLabel')}
        onConfirm={async () => {
          if (endingSessionsOf !== null) await runChange(api.endUserSessions(app.appId, endingSessionsOf), t('admin.users.sessionsEnded'));
          setEndingSessionsOf(null);
        }}
        onClose={() => setEndingSessionsOf(null)}
      />

      <SignInSettings />
    </>
  );
}
