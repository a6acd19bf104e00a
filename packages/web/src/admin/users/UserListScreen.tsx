import { ActionIcon, Button, Group, Select, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconLogout2, IconPlus, IconSearch, IconShieldOff, IconUser } from '@tabler/icons-react';
import { type MessageKey, USER_PAGE_SIZES, signInCalls, secondFactorCalls, userCalls } from '@rakit/core';
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
import type { ApiAnswer } from '../../api/client';
import { dataOf, runChange } from '../admin-call';
import { SEARCH_DEBOUNCE_MS } from '../admin-limits';
import { SignInSettings } from '../sign-in/SignInSettings';
import { UserFormDialog } from './UserFormDialog';
import { listUserPage } from './user-page';

const PAGE_SIZE_OPTIONS = USER_PAGE_SIZES.map(String);

type AccountChange = 'endSessions' | 'resetSecondFactor';

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
    queryFn: async () => dataOf(await listUserPage(api, app.appId, { page, limit: pageSize, userId }), t('admin.users.what')),
    placeholderData: keepPreviousData,
  });
  // Memberships change with users: the group screen reads them afresh.
  const reload = () => Promise.all([usersKey, ['groups', app.appSlug]].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  const dialogs = useEditRemoveDialog<string>(reload);
  // Whose sessions are about to be ended (issue 36), once asked.
  // A question before a change of a user's sign-in (issue 36): ending his sessions, or turning off his second factor.
  const [asking, setAsking] = useState<{ about: AccountChange; userId: string } | null>(null);
  const accountChanges: Record<AccountChange, { question: MessageKey; confirm: MessageKey; done: MessageKey; run: (userId: string) => Promise<ApiAnswer<unknown>> }> = {
    endSessions: {
      question: 'admin.users.endSessionsConfirm', confirm: 'admin.users.endSessionsConfirmLabel', done: 'admin.users.sessionsEnded',
      run: (userId) => api.call(signInCalls.endUserSessions, { body: { appId: app.appId, userId } }),
    },
    resetSecondFactor: {
      question: 'admin.users.resetSecondFactorConfirm', confirm: 'admin.users.resetSecondFactorConfirmLabel', done: 'admin.users.secondFactorReset',
      run: (userId) => api.call(secondFactorCalls.resetUserSecondFactor, { body: { appId: app.appId, userId } }),
    },
  };
  const change = asking === null ? null : accountChanges[asking.about];

  async function remove(target: string) {
    const removed = await runChange(api.call(userCalls.deleteUser, { body: { data: { userId: target, appId: app.appId } } }), t('userRemoved'));
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
                <Table.Td w={200}>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      size="lg"
                      aria-label={t('admin.users.endSessions', { user: user.userId })}
                      title={t('admin.users.endSessions', { user: user.userId })}
                      onClick={() => setAsking({ about: 'endSessions', userId: user.userId })}
                    >
                      <IconLogout2 size={18} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      size="lg"
                      aria-label={t('admin.users.resetSecondFactor', { user: user.userId })}
                      title={t('admin.users.resetSecondFactor', { user: user.userId })}
                      onClick={() => setAsking({ about: 'resetSecondFactor', userId: user.userId })}
                    >
                      <IconShieldOff size={18} />
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
        opened={asking !== null}
        message={change === null || asking === null ? '' : t(change.question, { user: asking.userId })}
        confirmLabel={change === null ? '' : t(change.confirm)}
        onConfirm={async () => {
          if (change !== null && asking !== null) await runChange(change.run(asking.userId), t(change.done));
          setAsking(null);
        }}
        onClose={() => setAsking(null)}
      />

      <SignInSettings />
    </>
  );
}
