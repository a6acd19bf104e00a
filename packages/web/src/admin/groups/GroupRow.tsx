import { ActionIcon, Badge, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { DEFAULT_GROUP_FLAG, GROUP_MEMBER_PAGE_SIZE, type GroupWithMembers } from '@rakit/core';
import { AdminPager } from '../../components/AdminPager';
import { RemovableChip } from '../../components/RemovableChip';
import { RowActions } from '../../components/RowActions';
import { useT } from '../../i18n/LanguageProvider';

interface GroupRowProps {
  group: GroupWithMembers;
  /** The members on the member page shown; undefined while that page loads. */
  members: readonly string[] | undefined;
  memberPage: number;
  onMemberPage: (page: number) => void;
  onAddMember: () => void;
  onRemoveMember: (userId: string) => void;
  onRemoveGroup: () => void;
}

/** One group of the table: its name, its members as removable chips with their pager, its actions. */
export function GroupRow({ group, members, memberPage, onMemberPage, onAddMember, onRemoveMember, onRemoveGroup }: GroupRowProps) {
  const t = useT();
  return (
    <Table.Tr>
      <Table.Td valign="top" w="28%">
        <Stack gap={2}>
          <Group gap={6}>
            <Text fw={600}>{group.groupName}</Text>
            {group.groupIsDefault === DEFAULT_GROUP_FLAG && <Badge size="xs" variant="light" color="yellow">{t('admin.groups.default')}</Badge>}
          </Group>
          <Text size="xs" c="dimmed">{t('admin.groups.memberCount', { count: group.memberCount })}</Text>
        </Stack>
      </Table.Td>
      <Table.Td valign="top">
        <Stack gap="xs">
          <Group gap={6}>
            {members === undefined && <Loader size="xs" role="status" aria-label={t('admin.groups.loadingMembers', { name: group.groupName })} />}
            {members?.map((userId) => (
              <RemovableChip key={userId} label={userId} removeLabel={t('admin.groups.removeMember', { userId })} onRemove={() => onRemoveMember(userId)} />
            ))}
            <ActionIcon variant="light" radius="xl" aria-label={t('admin.groups.addMember')} title={t('admin.groups.addMemberTo', { name: group.groupName })} onClick={onAddMember}>
              <IconUserPlus size={16} />
            </ActionIcon>
          </Group>
          <AdminPager
            page={memberPage}
            total={group.memberCount}
            pageSize={GROUP_MEMBER_PAGE_SIZE}
            onChange={onMemberPage}
            label={t('admin.groups.memberPages', { name: group.groupName })}
            size="xs"
          />
        </Stack>
      </Table.Td>
      <Table.Td valign="top" w={60}>
        <RowActions removeLabel={t('admin.groups.removeGroup')} onRemove={onRemoveGroup} />
      </Table.Td>
    </Table.Tr>
  );
}
