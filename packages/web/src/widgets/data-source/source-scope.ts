import {
  type ActionDataContext, type ApiSourceWithEndpoints, CUSTOM_TABLE, type DatabaseWithTables, type DataSourceValues, NONE_PRIMARY_KEY, readsApiEndpoint,
} from '@rakit/core';
import { useMemo, useState } from 'react';
import { columnsOf, tablesOf } from '../../actions/dialog-scope';
import { useApiSources, useDatabases } from '../../actions/use-action-data';

/** Where a data widget's rows come from: a connection, or an endpoint of the application's APIs (issue 40). */
export type SourceKind = 'database' | 'api';

/** An endpoint a data widget may read, as its panel offers it. */
export interface EndpointChoice {
  endpointId: number;
  /** 'API name › endpoint name'. */
  label: string;
  /** The names of the endpoint's columns: what the widget's mappings may name. */
  columns: string[];
  /** Whether the endpoint takes a table's search (it has a search parameter). */
  searchable: boolean;
  /** The columns a table may filter: those the endpoint sends a parameter for. */
  filterColumns: string[];
}

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
  /** A connection, or an API endpoint: the widget's, or the panel's choice until an endpoint is picked. */
  kind: SourceKind;
  setKind: (kind: SourceKind) => void;
  /** The application's API endpoints, fetched once the panel reads from an API. */
  endpoints: readonly EndpointChoice[];
  endpointsLoading: boolean;
  endpointsFailed: boolean;
  /** The endpoint the widget reads, when listed. */
  endpoint: EndpointChoice | undefined;
}

type CustomSource = DataSourceValues['customSource'];
export const NO_CUSTOM_SOURCE: CustomSource = { query: '', columns: [], table: '' };

/** What a panel reads of its widget's source; the alert has a connection only. */
export type SourceChoice = Pick<DataSourceValues, 'database_used'> & Partial<Pick<DataSourceValues, 'table_used' | 'customSource' | 'primaryKey' | 'apiEndpointId'>>;

export const customSourceOf = (component: SourceChoice): CustomSource => component.customSource ?? NO_CUSTOM_SOURCE;

export const primaryKeyOf = (component: SourceChoice): string => component.primaryKey || NONE_PRIMARY_KEY;

/** Every endpoint of the application's APIs, named by its API and its own name. */
export const endpointChoices = (sources: readonly ApiSourceWithEndpoints[]): EndpointChoice[] => sources.flatMap((source) => source.endpoints.map((endpoint) => ({
  endpointId: endpoint.endpointId,
  label: `${source.name} › ${endpoint.name}`,
  columns: endpoint.columns.map((column) => column.name),
  searchable: endpoint.searchParam !== '',
  filterColumns: endpoint.filterParams.map((filter) => filter.field),
})));

/** The endpoints a panel offers, fetched once `wanted` (the panel reads from an API). */
export interface EndpointList {
  endpoints: readonly EndpointChoice[];
  loading: boolean;
  failed: boolean;
}

export function useEndpointChoices(wanted: boolean): EndpointList {
  const apis = useApiSources(wanted);
  const sources = apis.data;
  const endpoints = useMemo(() => endpointChoices(sources ?? []), [sources]);
  return { endpoints, loading: apis.isPending && apis.fetchStatus !== 'idle', failed: apis.isError };
}

export function useSourceScope(component: SourceChoice): SourceScope {
  const [chosenKind, setKind] = useState<SourceKind>('database');
  const kind: SourceKind = readsApiEndpoint(component) ? 'api' : chosenKind;
  const databases = useDatabases();
  const apis = useEndpointChoices(kind === 'api');
  const list = databases.data ?? [];
  const id = Number(component.database_used);
  const dbId = Number.isInteger(id) && id > 0 ? id : null;
  const database = list.find((d) => d.dbId === dbId);
  const custom = component.table_used === CUSTOM_TABLE;
  const source = customSourceOf(component);
  const table = custom ? source.table : component.table_used ?? '';
  const tableColumns = columnsOf(tablesOf(list, dbId), table);
  const { endpoints } = apis;
  const endpoint = endpoints.find((e) => e.endpointId === component.apiEndpointId);
  const databaseColumns = custom ? (source.columns.length > 0 ? source.columns : tableColumns) : tableColumns;
  const primaryKey = primaryKeyOf(component);
  return {
    databases: list,
    loading: databases.isPending,
    failed: databases.isError,
    dbId,
    database,
    table,
    custom,
    columns: kind === 'api' ? endpoint?.columns ?? [] : databaseColumns,
    dataContext: kind === 'api' || dbId === null || database === undefined
      ? undefined
      : { database: dbId, dbType: database.dbType, table, primaryKey: primaryKey === NONE_PRIMARY_KEY ? '' : primaryKey },
    kind,
    setKind,
    endpoints,
    endpointsLoading: apis.loading,
    endpointsFailed: apis.failed,
    endpoint,
  };
}

/** The single-column primary key of `table`, or NONE. */
export function tablePrimaryKey(database: DatabaseWithTables | undefined, table: string): string {
  const keys = database?.tables.find((t) => t.table_name === table)?.columns.filter((c) => c.COLUMN_KEY === 'PRI') ?? [];
  return keys.length === 1 ? keys[0]?.COLUMN_NAME ?? NONE_PRIMARY_KEY : NONE_PRIMARY_KEY;
}
