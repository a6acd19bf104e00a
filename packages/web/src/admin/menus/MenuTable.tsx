import { ActionIcon, Button, Group, Table, Text } from '@mantine/core';
import { IconFile, IconLanguage, IconPlus, IconUsersPlus } from '@tabler/icons-react';
import type { Group as UserGroup, Menu } from '@rakit/core';
import { DataTable } from '../../components/DataTable';
import { RemovableChip } from '../../components/RemovableChip';
import { RowActions } from '../../components/RowActions';
import { useT } from '../../i18n/LanguageProvider';
import { type MenuRow, menuRows } from './menu-rows';

export interface MenuTableActions {
  onSelectPage: (row: MenuRow) => void;
  onRemovePage: (row: MenuRow) => void;
  onSelectGroup: (row: MenuRow) => void;
  onRemoveGroup: (row: MenuRow, group: UserGroup) => void;
  onRemove: (row: MenuRow) => void;
  /** Opens the menu's name in other catalogs (issue 35). */
  onTranslate: (row: MenuRow) => void;
}

interface MenuTableProps extends MenuTableActions {
  parent: Menu;
  /** The groups whose access lists each menu id. */
  groupsOf: (menuId: number) => readonly UserGroup[];
}

/** A parent menu and its sub-menus with their page and the groups that may open them. */
export function MenuTable({ parent, groupsOf, onSelectPage, onRemovePage, onSelectGroup, onRemoveGroup, onRemove, onTranslate }: MenuTableProps) {
  const t = useT();
  const columns = [t('admin.menus.colMenu'), t('admin.menus.colPage'), t('admin.menus.colAccess'), null];
  return (
    <DataTable columns={columns} isEmpty={false} emptyText="" minWidth={680} caption={t('admin.menus.menusOf', { name: parent.menuName })}>
      {menuRows(parent, (name) => t('admin.menus.parentLabel', { name })).map((row, index) => (
        <Table.Tr key={row.menuId}>
          <Table.Td w="36%">
            <Group gap={4} wrap="nowrap" pl={index === 0 ? 0 : 'md'}>
              <Text size="sm" fw={index === 0 ? 600 : 400}>{row.label}</Text>
              <ActionIcon
                variant="subtle" color={Object.keys(row.nameTranslations).length > 0 ? 'blue' : 'gray'} size="sm" onClick={() => onTranslate(row)}
                aria-label={t('admin.menus.translate', { label: row.label })} title={t('admin.menus.translate', { label: row.label })}
              >
                <IconLanguage size={14} />
              </ActionIcon>
            </Group>
          </Table.Td>
          <Table.Td w="24%">
            {row.menuPageId === 0 ? (
              <Button size="compact-xs" variant="light" leftSection={<IconFile size={14} />} onClick={() => onSelectPage(row)} aria-label={t('admin.menus.selectPageFor', { label: row.label })}>
                {t('admin.menus.selectPage')}
              </Button>
            ) : (
              <RemovableChip label={row.pageName} removeLabel={t('admin.menus.removePage', { name: row.pageName })} onRemove={() => onRemovePage(row)} />
            )}
          </Table.Td>
          <Table.Td>
            <Group gap={6}>
              {groupsOf(row.menuId).map((group) => (
                <RemovableChip key={group.groupId} label={group.groupName} removeLabel={t('admin.menus.removeGroup', { name: group.groupName })} onRemove={() => onRemoveGroup(row, group)} />
              ))}
              <ActionIcon variant="light" radius="xl" aria-label={t('admin.menus.addGroupTo', { label: row.label })} title={t('admin.menus.selectGroup')} onClick={() => onSelectGroup(row)}>
                <IconUsersPlus size={16} />
              </ActionIcon>
            </Group>
          </Table.Td>
          <Table.Td w={60}>
            <RowActions removeLabel={t('admin.menus.deleteMenu', { label: row.label })} onRemove={() => onRemove(row)} />
          </Table.Td>
        </Table.Tr>
      ))}
      {parent.submenu.length === 0 && (
        <Table.Tr>
          <Table.Td colSpan={columns.length}>
            <Group gap={6} c="dimmed">
              <IconPlus size={14} />
              <Text size="sm">{t('admin.menus.noSubMenus')}</Text>
            </Group>
          </Table.Td>
        </Table.Tr>
      )}
    </DataTable>
  );
}
