import {
  type ActionDataContext, CUSTOM_TABLE, type DatabaseWithTables, type DataSourceValues, NONE_PRIMARY_KEY,
} from '@rakit/core';
import { columnsOf, tablesOf } from '../../actions/dialog-scope';
import { useDatabases } from '../../actions/use-action-data';

/** What a data widget's panel knows about its source: the connections, the chosen one and its columns. */
export interface SourceScope {
  databases: readonly DatabaseWithTables[];
  loading: boolean;
  failed: boolean;
  dbId: number | null;
  database: DatabaseWithTables | undefined;
  /** The table read, or the custom query's main table. */
  table: string;
  custom: boolean;
  /** The source columns the widget's mappings may name. */
  columns: string[];
  /** For the Action Management dialog (DELETE's query). */
  dataContext: ActionDataContext | undefined;
}

type CustomSource = DataSourceValues['customSource'];
const NO_CUSTOM_SOURCE: CustomSource = { query: '', columns: [], table: '' };

/** What a panel reads of its widget's source; the alert has a connection only. */
export type SourceChoice = Pick<DataSourceValues, 'database_used'> & Partial<Pick<DataSourceValues, 'table_used' | 'customSource' | 'primaryKey'>>;

export const customSourceOf = (component: SourceChoice): CustomSource => component.customSource ?? NO_CUSTOM_SOURCE;

export const primaryKeyOf = (component: SourceChoice): string => component.primaryKey || NONE_PRIMARY_KEY;

export function useSourceScope(component: SourceChoice): SourceScope {
  const databases = useDatabases();
  const list = databases.data ?? [];
  const id = Number(component.database_used);
  const dbId = Number.isInteger(id) && id > 0 ? id : null;
  const database = list.find((d) => d.dbId === dbId);
  const custom = component.table_used === CUSTOM_TABLE;
  const source = customSourceOf(component);
  const table = custom ? source.table : component.table_used ?? '';
  const tableColumns = columnsOf(tablesOf(list, dbId), table);
  const columns = custom ? (source.columns.length > 0 ? source.columns : tableColumns) : tableColumns;
  const primaryKey = primaryKeyOf(component);
  return {
    databases: list,
    loading: databases.isPending,
    failed: databases.isError,
    dbId,
    database,
    table,
    custom,
    columns,
    dataContext: dbId === null || database === undefined
      ? undefined
      : { database: dbId, dbType: database.dbType, table, primaryKey: primaryKey === NONE_PRIMARY_KEY ? '' : primaryKey },
  };
}

/** The single-column primary key of `table`, or NONE. */
export function tablePrimaryKey(database: DatabaseWithTables | undefined, table: string): string {
  const keys = database?.tables.find((t) => t.table_name === table)?.columns.filter((c) => c.COLUMN_KEY === 'PRI') ?? [];
  return keys.length === 1 ? keys[0]?.COLUMN_NAME ?? NONE_PRIMARY_KEY : NONE_PRIMARY_KEY;
}
