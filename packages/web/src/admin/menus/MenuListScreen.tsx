import { Accordion, Badge, Button, Group, Text } from '@mantine/core';
import { IconFolder, IconPlus } from '@tabler/icons-react';
import { type Group as UserGroup, groupCalls, menuCalls } from '@rakit/core';
import { t as translate } from '../../i18n/i18n';
import { useT } from '../../i18n/LanguageProvider';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type ApiAnswer, firstError } from '../../api/client';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { NameDialog } from '../../components/NameDialog';
import { NameTranslationsDialog } from '../../components/NameTranslationsDialog';
import { PickerDialog } from '../../components/PickerDialog';
import { QueryStatus } from '../../components/QueryStatus';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useCurrentApp } from '../../current-app/app-context';
import { dataOf, type FailureNotice, runChange } from '../admin-call';
import { MENU_GROUP_PICKER_LIMIT } from '../admin-limits';
import { useGroupOptions } from '../groups/use-group-options';
import { type MenuRow, menuRows } from './menu-rows';
import { useStaleWrite } from '../../current-app/use-stale-write';
import { MenuTable } from './MenuTable';
import { SubMenuDialog } from './SubMenuDialog';

type Dialog =
  | { kind: 'parent' }
  | { kind: 'sub' }
  | { kind: 'page'; row: MenuRow }
  | { kind: 'group'; row: MenuRow }
  | { kind: 'remove'; row: MenuRow }
  | { kind: 'translate'; row: MenuRow }
  | null;

/** What a change of the menus may touch, by query key. */
type Area = 'menus' | 'groups' | 'pages';

/** A group that has the menu already answers 409 (spec 1 §8). */
const groupRefused = (answer: ApiAnswer<unknown>) => (answer.httpStatus === 409 ? translate('groupUsed') : firstError(answer, translate('groupUsed')));

/**
 * The application's menus (spec 1 screen 8): each parent menu with its sub-menus, the page
 * each one opens and the groups that may see it. The first parent is expanded and selected
 * at first; 'Add Sub Menu' adds under the selected one.
 */
export function MenuListScreen() {
  const { app, api } = useCurrentApp();
  const t = useT();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  /** The expanded parent's id; undefined until the person opens or closes one. */
  const [expanded, setExpanded] = useState<string | null | undefined>(undefined);
  const [selected, setSelected] = useState<number | null>(null);

  const menus = useQuery({
    queryKey: ['menus', app.appSlug],
    queryFn: async () => dataOf(await api.call(menuCalls.listMenu, { params: { appId: app.appId } }), t('admin.menus.what')),
  });
  const groups = useQuery({
    queryKey: ['groups', app.appSlug, 'all'],
    queryFn: async () => dataOf(await api.call(groupCalls.listGroup, { params: { appId: app.appId } }), t('admin.groups.what')),
  });
  const pages = useQuery({
    queryKey: ['pages', app.appSlug, 'unassigned'],
    queryFn: async () => dataOf(await api.call(menuCalls.listUnassignedPages, { params: { appId: app.appId } }), t('admin.menus.pagesWhat')),
    enabled: dialog?.kind === 'page',
  });
  const groupOptions = useGroupOptions(MENU_GROUP_PICKER_LIMIT, dialog?.kind === 'group');

  const parents = menus.data ?? [];
  const first = parents[0];
  const selectedParent = parents.find((parent) => parent.menuId === selected) ?? first;
  // The first parent is open at first, and again when the open one is removed.
  const expandedGone = expanded !== undefined && expanded !== null && !parents.some((parent) => String(parent.menuId) === expanded);
  const openValue = expanded === undefined || expandedGone ? (first === undefined ? null : String(first.menuId)) : expanded;
  const parentLabel = (name: string) => t('admin.menus.parentLabel', { name });
  // The names of the pages a menu's clash may show (its own, the offered ones, the one stored since).
  const [storedPageNames, setStoredPageNames] = useState<ReadonlyMap<number, string>>(new Map());
  const pageNames = new Map<number, string>([
    ...parents.flatMap((parent) => menuRows(parent, parentLabel)).map((row) => [row.menuPageId, row.pageName] as const),
    ...(pages.data ?? []).map((page) => [page.pageId, page.pageName] as const),
    ...storedPageNames,
  ]);
  const staleMenu = useStaleWrite<{ menuPageId: number }>(t('admin.menus.staleWhat'), {
    menuPageId: {
      label: t('admin.menus.stalePage'),
      show: (id) => (id === 0 ? t('admin.menus.noPage') : t('admin.menus.quotedPage', { name: pageNames.get(Number(id)) ?? t('admin.menus.pageNumber', { id: String(id) }) })),
    },
  });
  const groupsOf = (menuId: number): UserGroup[] => (groups.data ?? []).filter((group) => group.groupAccess.menuId.includes(menuId));

  const reload = (...areas: Area[]) =>
    Promise.all(areas.map((area) => queryClient.invalidateQueries({ queryKey: [area, app.appSlug] })));
  const close = () => setDialog(null);
  /** Runs a change of the menus and reloads what it touched; true when it succeeded. */
  async function change(request: Promise<ApiAnswer<unknown>>, success: string, touched: Area[], failure?: FailureNotice) {
    const done = await runChange(request, success, failure);
    if (done) {
      close();
      await reload(...touched);
    }
    return done;
  }

  /**
   * Points a menu at a page (0: none), based on the menu as listed: another builder's change of
   * it since is shown, and kept or replaced as this one says (issue 33).
   */
  async function pointMenu(row: MenuRow, menuPageId: number, success: string) {
    const written = await staleMenu.write({
      base: { menuPageId: row.menuPageId }, mine: { menuPageId }, revision: row.revision,
      send: (values, revision) => api.call(menuCalls.updateMenu, { body: { menuId: row.menuId, menuAppId: app.appId, menuPageId: values.menuPageId, revision } }),
      fieldsOf: (current) => {
        setStoredPageNames((known) => new Map([...known, [current.menuPageId, current.pageName]]));
        return { menuPageId: current.menuPageId };
      },
      revisionOf: (current) => current.revision,
    });
    if ('theirs' in written) {
      close();
      await reload('menus', 'pages');
    } else if (written.answer !== null) {
      await change(Promise.resolve(written.answer), success, ['menus', 'pages']);
    }
  }

  function open(value: string | null) {
    setExpanded(value);
    if (value !== null) setSelected(Number(value));
  }

  async function addSubMenu(parentId: number, name: string) {
    if (await change(api.call(menuCalls.saveMenu, { body: { menuId: null, menuName: name, menuAppId: app.appId, menuPageId: 0, menuParentMenuId: parentId } }), t('submenuCreated'), ['menus'])) open(String(parentId));
  }


  return (
    <>
      {staleMenu.dialog}
      <ScreenHeader title={t('admin.menus.title')}>
        <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'parent' })}>{t('admin.menus.addParentMenu')}</Button>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'sub' })} disabled={selectedParent === undefined}>
          {t('admin.menus.addSubMenu')}
        </Button>
      </ScreenHeader>

      <QueryStatus what={t('admin.menus.what')} isPending={menus.isPending} error={menus.error} />
      {menus.data?.length === 0 && <Text c="dimmed" ta="center" py="xl">{t('admin.menus.empty')}</Text>}
      {parents.length > 0 && (
        <Accordion value={openValue} onChange={open} variant="separated" radius="md" chevronPosition="left">
          {parents.map((parent) => (
            <Accordion.Item
              key={parent.menuId}
              value={String(parent.menuId)}
              bg="white"
              style={parent.menuId === selectedParent?.menuId ? { borderColor: 'var(--mantine-color-blue-4)' } : undefined}
            >
              <Accordion.Control>
                <Group gap="sm">
                  <IconFolder size={18} color="var(--mantine-color-blue-6)" />
                  <Text fw={600}>{parent.menuName}</Text>
                  <Badge size="sm" variant="light" color="gray">
                    {t('admin.menus.subMenuCount', { count: parent.submenu.length })}
                  </Badge>
                  {parent.menuId === selectedParent?.menuId && <Badge size="sm" variant="light">{t('admin.menus.selected')}</Badge>}
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <MenuTable
                  parent={parent}
                  groupsOf={groupsOf}
                  onSelectPage={(row) => setDialog({ kind: 'page', row })}
                  onRemovePage={(row) => void pointMenu(row, 0, t('pageUnassigned'))}
                  onSelectGroup={(row) => setDialog({ kind: 'group', row })}
                  onRemoveGroup={(row, group) =>
                    void change(api.call(groupCalls.removeGroupAccess, { body: { groupId: group.groupId, groupAppId: app.appId, groupAccess: { menuId: [row.menuId] } } }), t('groupUnassigned'), ['groups'])}
                  onRemove={(row) => setDialog({ kind: 'remove', row })}
                  onTranslate={(row) => setDialog({ kind: 'translate', row })}
                />
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}

      {dialog?.kind === 'parent' && (
        <NameDialog
          title={t('admin.menus.addParentMenu')}
          requiredMessage={t('parentMenuNameRequired')}
          onSave={async (name) => { await change(api.call(menuCalls.saveMenu, { body: { menuId: null, menuName: name, menuAppId: app.appId, menuPageId: 0, menuParentMenuId: 0 } }), t('parentMenuCreated'), ['menus']); }}
          onClose={close}
        />
      )}
      {dialog?.kind === 'translate' && (
        <NameTranslationsDialog
          name={dialog.row.menuName}
          translations={dialog.row.nameTranslations}
          onSave={async (translations) => { await change(api.call(menuCalls.translateMenuName, { body: { menuId: dialog.row.menuId, translations } }), t('admin.nameTranslations.saved'), ['menus']); }}
          onClose={close}
        />
      )}
      {dialog?.kind === 'sub' && selectedParent !== undefined && (
        <SubMenuDialog parents={parents} initialParent={selectedParent.menuId} onSave={addSubMenu} onClose={close} />
      )}
      {dialog?.kind === 'page' && (
        <PickerDialog
          title={t('admin.menus.selectPage')}
          description={t('admin.menus.selectPageHint', { label: dialog.row.label })}
          options={pages.data?.map((page) => ({ value: String(page.pageId), label: page.pageName }))}
          requiredMessage={t('pageNameRequired')}
          emptyText={t('admin.menus.noFreePages')}
          onSave={async (value) => { await pointMenu(dialog.row, Number(value), t('pageAssigned')); }}
          onClose={close}
        />
      )}
      {dialog?.kind === 'group' && (
        <PickerDialog
          title={t('admin.menus.selectGroup')}
          description={t('admin.menus.selectGroupHint', { label: dialog.row.label })}
          options={groupOptions}
          requiredMessage={t('groupNameRequired')}
          emptyText={t('admin.groups.noGroupsToPick')}
          onSave={async (value) => {
            await change(api.call(groupCalls.updateGroup, { body: { groupId: Number(value), groupAppId: app.appId, groupAccess: { menuId: [dialog.row.menuId] } } }), t('groupAssigned'), ['groups'], groupRefused);
          }}
          onClose={close}
        />
      )}
      <ConfirmDialog
        opened={dialog?.kind === 'remove'}
        message={t('menuRemoveConfirm')}
        confirmLabel={t('admin.groups.remove')}
        onClose={close}
        onConfirm={async () => {
          if (dialog?.kind !== 'remove') return;
          if (!(await change(api.call(menuCalls.deleteMenu, { body: { menuId: dialog.row.menuId } }), t('menuRemoved'), ['menus', 'groups', 'pages']))) close();
        }}
      />
    </>
  );
}
