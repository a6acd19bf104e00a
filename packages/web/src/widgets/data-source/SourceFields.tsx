import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { type ComponentBaseValues, CUSTOM_TABLE, DATA_ACTIONS, type DataSourceValues, NO_FUNCTION, NONE_PRIMARY_KEY, functionCalls } from '@rakit/core';
import { IconSettings } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useContext, useState } from 'react';
import { ActionList } from '../../actions/ActionList';
import { useAuthoringPage } from '../../actions/authoring-page';
import { CurrentAppContext } from '../../current-app/app-context';
import { useT } from '../../i18n/LanguageProvider';
import { withChanges } from '../shared/config-fields';
import type { ConfigProps } from '../types';
import { ColumnsEditor } from './ColumnsEditor';
import { QueryDialogHost } from './QueryDialogHost';
import { writesRow } from './row-actions';
import { EndpointSelect, SourceSwitch } from './SourcePickers';
import {
  customSourceOf, type EndpointChoice, NO_CUSTOM_SOURCE, primaryKeyOf, type SourceKind, type SourceScope, tablePrimaryKey,
} from './source-scope';

/** What the data source fields edit: a widget that loads rows. */
type SourceComponent = ComponentBaseValues & DataSourceValues;

interface ScopedProps<C> extends ConfigProps<C> {
  scope: SourceScope;
}

/** The connection and what choosing another forgets (the alert has a connection only). */
type DatabaseChoice = Pick<DataSourceValues, 'database_used'> & Partial<Pick<DataSourceValues, 'table_used' | 'primaryKey'>>;

/** The connection the widget reads; changing it forgets the table. */
export function DatabaseField<C extends DatabaseChoice>({ component, onChange, scope }: ScopedProps<C>) {
  const t = useT();
  return (
    <Select
      label={t('datawidgets.source.database')}
      placeholder={scope.loading ? t('datawidgets.source.loading') : t('datawidgets.source.chooseDatabase')}
      data={scope.databases.map((d) => ({ value: String(d.dbId), label: `${d.dbDatabase} (${d.dbType} #${d.dbId})` }))}
      value={scope.dbId === null ? null : String(scope.dbId)}
      nothingFoundMessage={t('datawidgets.source.noDatabase')}
      error={scope.failed ? t('datawidgets.source.databasesFailed') : undefined}
      onChange={(next) => {
        if (next === String(scope.dbId)) return;
        onChange(withChanges<C, DatabaseChoice>(component, { database_used: next === null ? '' : Number(next), table_used: '', primaryKey: NONE_PRIMARY_KEY }));
      }}
    />
  );
}

/** The table read, or CUSTOM_TABLE with its Configure dialog (the Custom Query dialog of the actions). */
export function TableField<C extends SourceComponent>({ component, onChange, scope }: ScopedProps<C>) {
  const t = useT();
  const [configuring, setConfiguring] = useState(false);
  const tables = scope.database?.tables.map((t) => t.table_name) ?? [];
  const source = customSourceOf(component);
  const chosen = component.table_used;
  const choose = (table: string | null) => {
    if (table === null || table === chosen) return;
    const primaryKey = table === CUSTOM_TABLE ? NONE_PRIMARY_KEY : tablePrimaryKey(scope.database, table);
    onChange(withChanges<C, DataSourceValues>(component, { table_used: table, primaryKey }));
  };
  return (
    <Stack gap={6}>
      <Select
        label={t('datawidgets.source.table')}
        placeholder={scope.dbId === null ? t('datawidgets.source.chooseDatabaseFirst') : t('datawidgets.source.chooseTable')}
        disabled={scope.dbId === null}
        data={[...tables.map((t) => ({ value: t, label: t })), { value: CUSTOM_TABLE, label: t('datawidgets.source.customTable') }]}
        value={chosen === '' ? null : chosen}
        searchable
        onChange={choose}
      />
      {scope.custom && scope.dbId !== null ? (
        <Group gap={6} wrap="nowrap">
          <Button size="xs" variant="light" leftSection={<IconSettings size={14} />} onClick={() => setConfiguring(true)}>{t('datawidgets.source.configure')}</Button>
          <Text size="xs" c="dimmed" truncate>{source.query === '' ? t('datawidgets.source.noQuery') : source.query}</Text>
        </Group>
      ) : null}
      {configuring && scope.dbId !== null ? (
        <QueryDialogHost
          name={component.title === '' ? t('datawidgets.source.customTableName') : component.title}
          database={scope.dbId}
          stored={{ query: source.query, table: source.table, columns: source.columns }}
          databases={scope.databases}
          parameters="none"
          onClose={() => setConfiguring(false)}
          onSave={(stored) => {
            const columns = Array.isArray(stored.columns) ? stored.columns.filter((c): c is string => typeof c === 'string') : [];
            const table = typeof stored.table === 'string' ? stored.table : '';
            onChange(withChanges<C, DataSourceValues>(component, {
              customSource: { query: typeof stored.query === 'string' ? stored.query : '', columns, table },
              primaryKey: tablePrimaryKey(scope.database, table),
            }));
            setConfiguring(false);
          }}
        />
      ) : null}
    </Stack>
  );
}

export function PrimaryKeyField<C extends SourceComponent>({ component, onChange, scope }: ScopedProps<C>) {
  const t = useT();
  const value = primaryKeyOf(component);
  const data = [NONE_PRIMARY_KEY, ...scope.columns.filter((c) => c !== NONE_PRIMARY_KEY)];
  return (
    <Select
      label={t('datawidgets.source.primaryKey')}
      description={t('datawidgets.source.primaryKeyHint')}
      data={data.includes(value) ? data : [...data, value]}
      value={value}
      allowDeselect={false}
      onChange={(next) => onChange(withChanges<C, DataSourceValues>(component, { primaryKey: next ?? NONE_PRIMARY_KEY }))}
    />
  );
}

export const ColumnsField = <C extends SourceComponent>({ component, onChange, scope, label }: ScopedProps<C> & { label?: string }) => (
  <ColumnsEditor
    label={label}
    options={component.options}
    mapping={component.mapping_table}
    columns={scope.columns}
    onChange={(stored) => onChange(withChanges<C, DataSourceValues>(component, stored))}
  />
);

/** 'Refresh On': Only Once or every few seconds. */
export function RefreshField<C extends SourceComponent>({ component, onChange, choices }: ConfigProps<C> & { choices: readonly number[] }) {
  const t = useT();
  const value = component.timeToRefresh;
  return (
    <Select
      label={t('datawidgets.source.refreshOn')}
      data={choices.map((s) => ({ value: String(s), label: s === 0 ? t('datawidgets.source.onlyOnce') : t('datawidgets.source.everySeconds', { seconds: String(s) }) }))}
      value={String(value)}
      allowDeselect={false}
      onChange={(next) => onChange(withChanges<C, DataSourceValues>(component, { timeToRefresh: Number(next ?? 0) }))}
    />
  );
}

/** A function the rows can be run through. */
export interface FunctionChoice {
  id: number;
  name: string;
}

/**
 * The function run on the rows (functionId; -1 = none, spec 3 §3): the application's custom
 * functions (its Functions screen). The server passes the widget's rows through it before they
 * reach the browser; what the function adds to each row becomes a column. A saved id no longer
 * listed is kept and shown.
 */
export function FunctionField<C extends SourceComponent>({ component, onChange }: ConfigProps<C>) {
  const t = useT();
  const current = useContext(CurrentAppContext);
  const listed = useQuery({
    queryKey: ['functions', current?.app.appSlug],
    enabled: current !== null,
    queryFn: async (): Promise<FunctionChoice[]> => {
      if (current === null) return [];
      const answer = await current.api.call(functionCalls.listFunction, { params: { appId: current.app.appId } });
      return answer.status ? (answer.data ?? []).map((f) => ({ id: f.id, name: f.name })) : [];
    },
  });
  const functions = listed.data ?? [];
  const value = component.functionId;
  const data = [{ value: String(NO_FUNCTION), label: t('datawidgets.source.noFunction') }, ...functions.map((f) => ({ value: String(f.id), label: f.name }))];
  if (!data.some((d) => d.value === String(value))) data.push({ value: String(value), label: t('datawidgets.source.functionNumber', { id: String(value) }) });
  return (
    <Select
      label={t('datawidgets.source.function')}
      description={listed.isSuccess && functions.length === 0 ? t('datawidgets.source.noFunctions') : t('datawidgets.source.functionHint')}
      data={data}
      value={String(value)}
      allowDeselect={false}
      onChange={(next) => onChange(withChanges<C, DataSourceValues>(component, { functionId: Number(next ?? NO_FUNCTION) }))}
    />
  );
}

/** The data actions an API's rows take: none that writes the row (issue 40), which is read only. */
const API_DATA_ACTIONS = DATA_ACTIONS.filter((action) => !writesRow({ action }));

/** The widget's custom actions, with the data widgets' action types. */
export function DataActionsField<C extends SourceComponent>({ component, onChange, scope }: ScopedProps<C>) {
  const page = useAuthoringPage();
  return (
    <ActionList
      actions={component.custom_action}
      onChange={(actions) => onChange(withChanges<C, DataSourceValues>(component, { custom_action: actions }))}
      types={scope.kind === 'api' ? API_DATA_ACTIONS : DATA_ACTIONS}
      components={page.components}
      pageId={page.pageId}
      columns={scope.columns}
      {...(scope.dataContext === undefined ? {} : { dataContext: scope.dataContext })}
    />
  );
}

/**
 * Where the rows come from: a connection or an endpoint of the application's APIs (issue 40).
 * Back to Database forgets the endpoint; API is the panel's choice until an endpoint is picked.
 */
export function SourceKindField<C extends SourceComponent>({ component, onChange, scope }: ScopedProps<C>) {
  const t = useT();
  const choose = (kind: SourceKind) => {
    if (kind === scope.kind) return;
    scope.setKind(kind);
    if (kind === 'database' && component.apiEndpointId !== 0) onChange(withChanges<C, DataSourceValues>(component, { apiEndpointId: 0 }));
  };
  return (
    <SourceSwitch<SourceKind>
      label={t('datawidgets.source.from')}
      data={[{ value: 'database', label: t('datawidgets.source.fromDatabase') }, { value: 'api', label: t('datawidgets.source.fromApi') }]}
      value={scope.kind}
      onChange={choose}
    />
  );
}

/** What choosing an endpoint changes besides the source: a widget's own settings the endpoint decides (the table's search). */
export type EndpointAdjust<C> = (component: C, endpoint: EndpointChoice) => C;

/**
 * The API endpoint the rows come from: choosing one forgets the connection, the table and the
 * primary key (an API's rows are read only).
 */
export function EndpointField<C extends SourceComponent>({ component, onChange, scope, adjust }: ScopedProps<C> & { adjust?: EndpointAdjust<C> | undefined }) {
  const t = useT();
  const choose = (endpoint: EndpointChoice) => {
    const reading = withChanges<C, DataSourceValues>(component, {
      apiEndpointId: endpoint.endpointId, database_used: '', table_used: '', primaryKey: NONE_PRIMARY_KEY, customSource: NO_CUSTOM_SOURCE,
    });
    onChange(adjust === undefined ? reading : adjust(reading, endpoint));
  };
  return (
    <EndpointSelect
      value={component.apiEndpointId}
      description={t('datawidgets.source.endpointHint')}
      endpoints={scope.endpoints}
      loading={scope.endpointsLoading}
      failed={scope.endpointsFailed}
      onChoose={choose}
    />
  );
}

interface SourceFieldsProps<C> extends ScopedProps<C> {
  /** False: the widget has no primary key field (it edits no rows). */
  primaryKey?: boolean;
  /** The widget may read an API endpoint instead of a connection (issue 40): the choice is offered. */
  api?: boolean;
  /** What choosing an endpoint changes of the widget's own settings. */
  onEndpoint?: EndpointAdjust<C>;
}

/**
 * The source part of every data widget's panel: database, table (or custom query) and primary
 * key; or, where the widget may read an API, the choice of Database or API, and with API the
 * endpoint.
 */
export function SourceFields<C extends SourceComponent>({ primaryKey, api = false, onEndpoint, ...props }: SourceFieldsProps<C>) {
  const fromApi = api && props.scope.kind === 'api';
  return (
    <>
      {api ? <SourceKindField {...props} /> : null}
      {fromApi ? <EndpointField {...props} adjust={onEndpoint} /> : (
        <>
          <DatabaseField {...props} />
          <TableField {...props} />
          {primaryKey === false ? null : <PrimaryKeyField {...props} />}
        </>
      )}
    </>
  );
}
