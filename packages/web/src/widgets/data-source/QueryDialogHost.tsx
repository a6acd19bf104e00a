import { type CustomAction, type DatabaseWithTables, valueComponentsOf } from '@rakit/core';
import { useContext, useMemo } from 'react';
import { useAuthoringPage } from '../../actions/authoring-page';
import { CustomQueryDialog } from '../../actions/CustomQueryDialog';
import { ActionDialogContext, type ActionDialogScope } from '../../actions/dialog-scope';
import { CurrentAppContext } from '../../current-app/app-context';

interface QueryDialogHostProps {
  name: string;
  database: number;
  stored: Record<string, unknown>;
  databases: readonly DatabaseWithTables[];
  onSave: (stored: Record<string, unknown>) => void;
  onClose: () => void;
  /** See CustomQueryDialog: 'none' for a data widget's custom source. */
  parameters?: 'mapped' | 'none';
}

/**
 * The Custom Query dialog of the action system, opened from a widget's panel rather than from
 * the Action Management dialog: a data widget's custom source, an alert's configuration query.
 */
export function QueryDialogHost({ name, database, stored, databases, onSave, onClose, parameters }: QueryDialogHostProps) {
  const page = useAuthoringPage();
  const current = useContext(CurrentAppContext);
  const scope = useMemo<ActionDialogScope>(() => ({
    valueComponents: valueComponentsOf(page.components), pageId: page.pageId, appId: current?.app.appId ?? null, databases, rowColumns: [],
    // Variables are bound where a page's action runs on the server; these queries bind none.
    variables: [],
  }), [page.components, page.pageId, current, databases]);
  const action: CustomAction = { name, action: 'QUERY', cause: '', show: false, stored: { ...stored, database } };
  return (
    <ActionDialogContext value={scope}>
      <CustomQueryDialog action={action} onSave={onSave} onClose={onClose} parameters={parameters} />
    </ActionDialogContext>
  );
}
