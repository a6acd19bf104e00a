import { Button, Group, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { GROUP_MEMBER_PAGE_SIZE, GROUP_PAGE_SIZE, type GroupPage, type GroupWithMembers, groupCalls } from '@rakit/core';
import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AdminPager } from '../../components/AdminPager';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { NameDialog } from '../../components/NameDialog';
import { QueryStatus } from '../../components/QueryStatus';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useCurrentApp } from '../../current-app/app-context';
import { useT } from '../../i18n/LanguageProvider';
import { dataOf, runChange } from '../admin-call';
import { SEARCH_DEBOUNCE_MS } from '../admin-limits';
import { DefaultGroupLine } from './DefaultGroupLine';
import { GroupRow } from './GroupRow';
import { SelectUserDialog } from './SelectUserDialog';

type Dialog =
  | { kind: 'create' }
  | { kind: 'add-member'; group: GroupWithMembers }
  | { kind: 'remove'; group: GroupWithMembers }
  | null;

/**
 * The application's user groups (spec 1 screen 6): ten groups a page, each with twenty
 * members a page. The server pages every group's members alike, so a group showing
 * another member page reads it from a second listing of the same groups.
 */
export function GroupListScreen() {
  const { app, api } = useCurrentApp();
  const t = useT();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [userId] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  /** Member page of each group not on the first one. */
  const [memberPages, setMemberPages] = useState<Record<number, number>>({});

  const groupsKey = ['groups', app.appSlug];
  const listing = (pageUser: number) => ({
    queryKey: [...groupsKey, 'page', page, userId, pageUser],
    queryFn: async () => dataOf(
      await api.call(groupCalls.listGroupUser, { params: { appId: app.appId }, query: { page, limit: GROUP_PAGE_SIZE, pageUser, limitUser: GROUP_MEMBER_PAGE_SIZE, userId } }),
      t('admin.groups.what'),
    ),
    placeholderData: keepPreviousData,
  });
  const groups = useQuery(listing(1));
  const otherMemberPages = [...new Set(Object.values(memberPages))].filter((p) => p !== 1);
  const otherListings = useQueries({ queries: otherMemberPages.map(listing) });

  const listingOf = (memberPage: number): GroupPage | undefined =>
    memberPage === 1 ? groups.data : otherListings[otherMemberPages.indexOf(memberPage)]?.data;
  const membersOf = (group: GroupWithMembers) =>
    listingOf(memberPages[group.groupId] ?? 1)?.groups.find((g) => g.groupId === group.groupId)?.member;

  const reload = () => queryClient.invalidateQueries({ queryKey: groupsKey });
  const close = () => setDialog(null);
  const goToPage = (target: number) => {
    setPage(target);
    setMemberPages({});
  };

  async function createGroup(groupName: string) {
    if (await runChange(api.call(groupCalls.addGroup, {
              body: { data: { groupId: null, groupName, groupAppId: app.appId, groupAccess: { pageId: [], actionId: [], menuId: [] } } },
            }), t('groupCreated'), 'nothing')) {
      close();
      await reload();
    }
  }

  async function addMember(group: GroupWithMembers, member: string) {
    if (await runChange(api.call(groupCalls.addUserToGroup, { body: { userId: member, groupId: group.groupId } }), t('memberAdded'), 'nothing')) {
      close();
      await reload();
    }
  }

  async function removeMember(group: GroupWithMembers, member: string) {
    if (await runChange(api.call(groupCalls.removeUserFromGroup, { body: { userId: member, groupId: group.groupId } }), t('userRemoved'), 'nothing')) await reload();
  }

  async function removeGroup(group: GroupWithMembers) {
    const removed = await runChange(api.call(groupCalls.deleteGroup, { body: { data: { groupId: group.groupId } } }), t('groupRemoved'), 'nothing');
    close();
    if (!removed) return;
    // The last group of a later page is gone: show the page before it.
    if (groups.data?.groups.length === 1 && page > 1) goToPage(page - 1);
    await reload();
  }

  return (
    <>
      <ScreenHeader title={t('admin.groups.title')}>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'create' })}>{t('admin.groups.addNew')}</Button>
      </ScreenHeader>

      <Group justify="space-between" align="flex-start" wrap="wrap">
        <DefaultGroupLine />
        <TextInput
          aria-label={t('admin.groups.searchUser')}
          placeholder={t('admin.groups.searchUser')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            goToPage(1);
          }}
          mb="md"
          w={260}
        />
      </Group>

      <QueryStatus what={t('admin.groups.what')} isPending={groups.isPending} error={groups.error} />
      {groups.data !== undefined && (
        <>
          <DataTable
            columns={[t('admin.groups.colGroup'), t('admin.groups.colMember'), null]}
            isEmpty={groups.data.groups.length === 0}
            emptyText={userId === '' ? t('admin.groups.empty') : t('admin.groups.noMatch', { search: `'${userId}'` })}
            caption={t('admin.groups.what')}
            wrap
          >
            {groups.data.groups.map((group) => (
              <GroupRow
                key={group.groupId}
                group={group}
                members={membersOf(group)}
                memberPage={memberPages[group.groupId] ?? 1}
                onMemberPage={(target) => setMemberPages((pages) => ({ ...pages, [group.groupId]: target }))}
                onAddMember={() => setDialog({ kind: 'add-member', group })}
                onRemoveMember={(member) => void removeMember(group, member)}
                onRemoveGroup={() => setDialog({ kind: 'remove', group })}
              />
            ))}
          </DataTable>
          <Group justify="flex-end" mt="md">
            <AdminPager page={page} total={groups.data.count} pageSize={GROUP_PAGE_SIZE} onChange={goToPage} label={t('admin.groups.pages')} />
          </Group>
        </>
      )}

      {dialog?.kind === 'create' && (
        <NameDialog title={t('admin.groups.addNew')} requiredMessage={t('groupNameRequired')} onSave={createGroup} onClose={close} />
      )}
      {dialog?.kind === 'add-member' && (
        <SelectUserDialog groupName={dialog.group.groupName} onSave={(member) => addMember(dialog.group, member)} onClose={close} />
      )}
      <ConfirmDialog
        opened={dialog?.kind === 'remove'}
        message={t('groupRemoveConfirm')}
        confirmLabel={t('admin.groups.remove')}
        onClose={close}
        onConfirm={() => (dialog?.kind === 'remove' ? removeGroup(dialog.group) : Promise.resolve())}
      />
    </>
  );
}
