import { ActionIcon, Badge, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { DEFAULT_GROUP_FLAG, GROUP_MEMBER_PAGE_SIZE, type GroupWithMembers } from '@rakit/core';
import { AdminPager } from '../../components/AdminPager';
import { RemovableChip } from '../../components/RemovableChip';
import { RowActions } from '../../components/RowActions';

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
  return (
    <Table.Tr>
      <Table.Td valign="top" w="28%">
        <Stack gap={2}>
          <Group gap={6}>
            <Text fw={600}>{group.groupName}</Text>
            {group.groupIsDefault === DEFAULT_GROUP_FLAG && <Badge size="xs" variant="light" color="yellow">Default</Badge>}
          </Group>
          <Text size="xs" c="dimmed">{group.memberCount} {group.memberCount === 1 ? 'member' : 'members'}</Text>
        </Stack>
      </Table.Td>
      <Table.Td valign="top">
        <Stack gap="xs">
          <Group gap={6}>
            {members === undefined && <Loader size="xs" role="status" aria-label={`Loading members of ${group.groupName}`} />}
            {members?.map((userId) => (
              <RemovableChip key={userId} label={userId} removeLabel={`Remove ${userId}`} onRemove={() => onRemoveMember(userId)} />
            ))}
            <ActionIcon variant="light" radius="xl" aria-label="Add member" title={`Add a member to ${group.groupName}`} onClick={onAddMember}>
              <IconUserPlus size={16} />
            </ActionIcon>
          </Group>
          <AdminPager
            page={memberPage}
            total={group.memberCount}
            pageSize={GROUP_MEMBER_PAGE_SIZE}
            onChange={onMemberPage}
            label={`Member pages of ${group.groupName}`}
            size="xs"
          />
        </Stack>
      </Table.Td>
      <Table.Td valign="top" w={60}>
        <RowActions removeLabel="Remove group" onRemove={onRemoveGroup} />
      </Table.Td>
    </Table.Tr>
  );
}
