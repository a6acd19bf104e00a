import type { Component, CustomAction, DatabaseWithTables } from '@rakit/core';
import { createContext, useContext } from 'react';

/** What every section of the Action Management dialog may need besides the action itself. */
export interface ActionDialogScope {
  /** The page's form widgets, offered as value sources by title. */
  valueComponents: readonly Component[];
  /** The page the action belongs to (null when it is not saved yet). */
  pageId: number | null;
  /** The application's id (trigger saves). */
  appId: number | null;
  /** The application's connections with their tables (listDatabase). */
  databases: readonly DatabaseWithTables[];
  /** A data widget's source columns: its actions run on a row, whose values they name. */
  rowColumns: readonly string[];
  /** The environment's variables (issue 39): offered by name where a value comes from, a secret one only where the server binds it. */
  variables: readonly { name: string; secret: boolean; value: string }[];
}

export const ActionDialogContext = createContext<ActionDialogScope>({ valueComponents: [], pageId: null, appId: null, databases: [], rowColumns: [], variables: [] });

export const useActionScope = (): ActionDialogScope => useContext(ActionDialogContext);

/** Props of one action type's section of the dialog. */
export interface ActionSectionProps {
  action: CustomAction;
  onChange: (next: CustomAction) => void;
}

export type DatabaseTable = DatabaseWithTables['tables'][number];

/** The tables of the connection `dbId`; none when it is unknown. */
export const tablesOf = (databases: readonly DatabaseWithTables[], dbId: number | null): readonly DatabaseTable[] =>
  databases.find((d) => d.dbId === dbId)?.tables ?? [];

/** The column names of `table` among `tables`. */
export const columnsOf = (tables: readonly DatabaseTable[], table: string): string[] =>
  tables.find((t) => t.table_name === table)?.columns.map((c) => c.COLUMN_NAME) ?? [];

/** The action with some fields of its `raw` configuration changed. */
export const withRaw = (action: CustomAction, changes: Record<string, unknown>): CustomAction => ({ ...action, raw: { ...action.raw, ...changes } });

