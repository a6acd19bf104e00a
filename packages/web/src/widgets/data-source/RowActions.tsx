import { ActionIcon, Menu } from '@mantine/core';
import {
  bulkActions, type Component, type CustomAction, menuActions, type RowValues, rowKeyValue, topLevelActions, type WidgetColumn, tableCalls } from '@rakit/core';
import { IconDotsVertical } from '@tabler/icons-react';
import { type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { actionsOfComponent } from '../../actions/config-of';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { lazyModule, preloadWhenIdle } from '../../components/lazy-module';
import { useT } from '../../i18n/LanguageProvider';
import { t as translate } from '../../i18n/i18n';
import { CurrentAppContext } from '../../current-app/app-context';
import { assertAnswered, useRowActions, writesRow } from './row-actions';
import { readValuesOf, useKeepForLater } from '../../actions/keep-for-later';
import { notifyFailure, notifySuccess } from '../../components/notify';

/** The edit dialog's code comes with the first EDIT: most visits edit nothing (issue 35's budget). */
const editDialog = lazyModule(() => import('./RowEditDialog'));

/**
 * The row actions of a data widget (table rows, kanban cards; spec 3 "Data table", "Kanban",
 * §4): which actions a row offers, and what choosing one does — EDIT opens the row edit
 * dialog, DELETE asks 'Are You sure to delete this row?', every other kind runs at once. Each
 * run goes through useRowActions (the chain, the notice, the reload), one at a time: while one
 * runs the widget's action controls are disabled and another choice is ignored.
 */

export interface RowActionsSource {
  component: Component;
  /** The rows' primary key (null: none, rows cannot be edited or deleted). */
  primaryKey: string | null;
  /** The shown columns: the edit dialog's fields when the EDIT action lists none, and their labels. */
  columns: readonly WidgetColumn[];
  pageId: number | null;
  reload: () => void;
  /** The rows cannot be written (an API's, issue 40): no EDIT or DELETE is offered. */
  readOnly?: boolean;
}

export interface RowActions {
  /** False where actions never run (the editor's sample rows). */
  ready: boolean;
  /** True while an action runs: the widget disables its action controls. */
  running: boolean;
  /** Every action a row's menu may list: the visible top-level ones, in their order. */
  topLevel: CustomAction[];
  /** The first top-level EDIT and DELETE actions (the table shows them as icons). */
  edit: CustomAction | undefined;
  remove: CustomAction | undefined;
  /** The top-level actions other than EDIT and DELETE. */
  others: CustomAction[];
  /** The actions the Bulk Action menu offers for several rows. */
  bulk: CustomAction[];
  /**
   * Chooses `action` for `rows`: EDIT opens the edit dialog of the first row, DELETE asks
   * first, the others run. `onSuccess` is called once the run succeeded. Ignored while another
   * action runs.
   */
  choose: (action: CustomAction, rows: readonly RowValues[], onSuccess?: () => void) => void;
  /** The edit dialog and the delete question; the widget renders them once. */
  dialogs: ReactNode;
}

interface Pending {
  action: CustomAction;
  rows: readonly RowValues[];
  onSuccess?: (() => void) | undefined;
}

export function useRowActionsOf({ component, primaryKey, columns, pageId, reload, readOnly = false }: RowActionsSource): RowActions {
  const current = useContext(CurrentAppContext);
  const t = useT();
  const runner = useRowActions(component, primaryKey, reload);
  const later = useKeepForLater(component);
  const [editing, setEditing] = useState<Pending | null>(null);
  const dialogCode = editDialog.useModule(editing !== null);
  // The control that opened the edit dialog: the dialog unmounts as it closes, before Mantine
  // could give it the focus back, so it is given back here once the widget's controls are
  // enabled again (they are disabled while the save runs).
  const editOpener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (editing !== null || runner.running || editOpener.current === null) return;
    if (editOpener.current.isConnected) editOpener.current.focus();
    editOpener.current = null;
  }, [editing, runner.running]);
  const [deleting, setDeleting] = useState<Pending | null>(null);
  const actions = actionsOfComponent(component);
  const topLevel = topLevelActions(actions).filter((action) => !readOnly || !writesRow(action));
  // A row edit made offline needs the dialog's code on the device: fetched while the network is there (issue 38).
  const editable = runner.ready && !readOnly && actions.some((action) => action.action === 'EDIT');
  useEffect(() => {
    return editable ? preloadWhenIdle(editDialog.preload) : undefined;
  }, [editable]);

  async function saveEdit(pending: Pending, changes: Record<string, string | number | null>) {
    const row = pending.rows[0];
    if (row === undefined || current === null || pageId === null) return;
    const key = rowKeyValue(row, primaryKey);
    // Based on the values the dialog showed: a row another device changed meanwhile is refused, not overwritten (issue 38).
    const expected = readValuesOf(row, Object.keys(changes));
    if (later?.offline() === true && key !== null) {
      // Offline, the edit waits on the device; what it would cause needs the network.
      if (actions.some((action) => action.cause === pending.action.name)) {
        notifyFailure(translate('shell.offline.needsNetwork', { type: pending.action.action }));
        return;
      }
      later.keep([{ kind: 'editRow', body: { pageId, componentId: component.id, actionName: pending.action.name, key, values: changes, expected } }], `${component.title || component.id} #${key}`);
      notifySuccess(translate('shell.offline.kept'));
      closeEdit();
      pending.onSuccess?.();
      return;
    }
    const succeeded = await runner.run(pending.action, [row], async () => {
      if (key === null) throw new Error(translate('rowKeyMissing'));
      assertAnswered(await current.api.call(tableCalls.editRow, { body: { pageId, componentId: component.id, actionName: pending.action.name, key, values: changes, expected } }));
    });
    // A failed save keeps the dialog, and what was typed, for another try after the notice.
    if (!succeeded) return;
    closeEdit();
    pending.onSuccess?.();
  }

  function closeEdit() {
    setEditing(null);
  }

  const editRow = editing?.rows[0];
  const dialogs = (
    <>
      {editing !== null && editRow !== undefined && dialogCode !== null ? (
        <dialogCode.RowEditDialog
          action={editing.action}
          row={editRow}
          columns={columns}
          primaryKey={primaryKey}
          labels={Object.fromEntries(columns.map((c) => [c.field, c.label]))}
          onClose={closeEdit}
          onSave={(changes) => saveEdit(editing, changes)}
        />
      ) : null}
      <ConfirmDialog
        opened={deleting !== null}
        message={t('deleteRowConfirm')}
        confirmLabel={t('datawidgets.rowActions.delete')}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting === null) return;
          const succeeded = await runner.run(deleting.action, deleting.rows);
          setDeleting(null);
          if (succeeded) deleting.onSuccess?.();
        }}
      />
    </>
  );

  return {
    ready: runner.ready,
    running: runner.running,
    topLevel,
    edit: topLevel.find((a) => a.action === 'EDIT'),
    remove: topLevel.find((a) => a.action === 'DELETE'),
    others: menuActions(actions),
    bulk: bulkActions(actions).filter((action) => !readOnly || !writesRow(action)),
    choose: (action, rows, onSuccess) => {
      if (!runner.ready || runner.running || rows.length === 0) return;
      if (action.action === 'EDIT') {
        editOpener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setEditing({ action, rows: rows.slice(0, 1), onSuccess });
      }
      else if (action.action === 'DELETE') setDeleting({ action, rows, onSuccess });
      else {
        void runner.run(action, rows).then((succeeded) => {
          if (succeeded) onSuccess?.();
        });
      }
    },
    dialogs,
  };
}

interface RowActionMenuProps {
  actions: readonly CustomAction[];
  /** The accessible name of the ellipsis button, e.g. 'More actions of row 3'. */
  label: string;
  /** True while the widget runs an action: the actions are disabled meanwhile. */
  busy: boolean;
  onChoose: (action: CustomAction) => void;
}

/**
 * An ellipsis button opening a menu of actions, with Cancel. Reachable by keyboard: Tab to
 * the button, Enter or Space opens it, the arrows move, Enter chooses, Escape closes.
 */
export function RowActionMenu({ actions, label, busy, onChoose }: RowActionMenuProps) {
  const t = useT();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={label}><IconDotsVertical size={16} /></ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => <Menu.Item key={action.name} disabled={busy} onClick={() => onChoose(action)}>{action.name}</Menu.Item>)}
        <Menu.Divider />
        <Menu.Item color="gray">{t('datawidgets.rowActions.cancel')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
