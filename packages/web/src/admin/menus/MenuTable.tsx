import { ActionIcon, Button, Group, Table, Text } from '@mantine/core';
import { IconFile, IconPlus, IconUsersPlus } from '@tabler/icons-react';
import type { Group as UserGroup, Menu } from '@rakit/core';
import { DataTable } from '../../components/DataTable';
import { RemovableChip } from '../../components/RemovableChip';
import { RowActions } from '../../components/RowActions';
import { type MenuRow, menuRows } from './menu-rows';

export interface MenuTableActions {
  onSelectPage: (row: MenuRow) => void;
  onRemovePage: (row: MenuRow) => void;
  onSelectGroup: (row: MenuRow) => void;
  onRemoveGroup: (row: MenuRow, group: UserGroup) => void;
  onRemove: (row: MenuRow) => void;
}

interface MenuTableProps extends MenuTableActions {
  parent: Menu;
  /** The groups whose access lists each menu id. */
  groupsOf: (menuId: number) => readonly UserGroup[];
}

const COLUMNS = ['MENU / SUB MENU', 'PAGE', 'ACCESS', null] as const;

/** A parent menu and its sub-menus with their page and the groups that may open them. */
export function MenuTable({ parent, groupsOf, onSelectPage, onRemovePage, onSelectGroup, onRemoveGroup, onRemove }: MenuTableProps) {
  return (
    <DataTable columns={COLUMNS} isEmpty={false} emptyText="" minWidth={680} caption={`Menus of ${parent.menuName}`}>
      {menuRows(parent).map((row, index) => (
        <Table.Tr key={row.menuId}>
          <Table.Td w="36%">
            <Text size="sm" fw={index === 0 ? 600 : 400} pl={index === 0 ? 0 : 'md'}>{row.label}</Text>
          </Table.Td>
          <Table.Td w="24%">
            {row.menuPageId === 0 ? (
              <Button size="compact-xs" variant="light" leftSection={<IconFile size={14} />} onClick={() => onSelectPage(row)} aria-label={`Select page for ${row.label}`}>
                Select Page
              </Button>
            ) : (
              <RemovableChip label={row.pageName} removeLabel={`Remove page ${row.pageName}`} onRemove={() => onRemovePage(row)} />
            )}
          </Table.Td>
          <Table.Td>
            <Group gap={6}>
              {groupsOf(row.menuId).map((group) => (
                <RemovableChip key={group.groupId} label={group.groupName} removeLabel={`Remove group ${group.groupName}`} onRemove={() => onRemoveGroup(row, group)} />
              ))}
              <ActionIcon variant="light" radius="xl" aria-label={`Add group to ${row.label}`} title="Select Group" onClick={() => onSelectGroup(row)}>
                <IconUsersPlus size={16} />
              </ActionIcon>
            </Group>
          </Table.Td>
          <Table.Td w={60}>
            <RowActions removeLabel={`Delete menu ${row.label}`} onRemove={() => onRemove(row)} />
          </Table.Td>
        </Table.Tr>
      ))}
      {parent.submenu.length === 0 && (
        <Table.Tr>
          <Table.Td colSpan={COLUMNS.length}>
            <Group gap={6} c="dimmed">
              <IconPlus size={14} />
              <Text size="sm">No sub-menus yet: use Add Sub Menu.</Text>
            </Group>
          </Table.Td>
        </Table.Tr>
      )}
    </DataTable>
  );
}
