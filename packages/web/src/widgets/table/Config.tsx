import { Checkbox, Group, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { INTERVAL_FILTER_TYPES, TABLE_REFRESH_SECONDS, type WidgetComponent } from '@rakit/core';
import { RowList } from '../../actions/RowList';
import { useT } from '../../i18n/LanguageProvider';
import { ColumnSelect } from '../../actions/sections/ColumnSelect';
import { configuredColumns } from '../data-source/content';
import { ColumnsField, DataActionsField, type EndpointAdjust, FunctionField, RefreshField, SourceFields } from '../data-source/SourceFields';
import { type SourceScope, useSourceScope } from '../data-source/source-scope';
import { PanelStack, TitleField, withChanges } from '../shared/config-fields';
import type { WidgetConfigProps } from '../types';

type TableFilter = WidgetComponent<'table'>['filters'][number];


/**
 * Filters: a name, a type (select or interval) and the source column filtered. The name has a line
 * of its own, so the panel's width shows it whole beside neither select.
 */
function FiltersField({ component, onChange, scope, description }: WidgetConfigProps<'table'> & { scope: SourceScope; description?: string }) {
  const t = useT();
  const filterTypes = [{ value: 'select', label: t('datawidgets.tableConfig.filterSelect') }, { value: INTERVAL_FILTER_TYPES[0], label: t('datawidgets.tableConfig.filterInterval') }];
  return (
    <RowList
      label={t('datawidgets.tableConfig.filters')}
      rowName={t('datawidgets.tableConfig.filterRow')}
      rows={component.filters}
      onChange={(filters) => onChange(withChanges(component, { filters }))}
      newRow={(): TableFilter => ({ column: '', type: 'select', field: '' })}
      addLabel={t('datawidgets.tableConfig.addFilter')}
      emptyText={t('datawidgets.tableConfig.noFilters')}
      description={description}
    >
      {(row, set, index) => (
        <Stack gap={4} flex={1} miw={0}>
          <TextInput size="xs" aria-label={t('datawidgets.tableConfig.filterName', { number: index + 1 })} placeholder={t('datawidgets.tableConfig.name')} value={row.column} onChange={(e) => set({ ...row, column: e.currentTarget.value })} />
          <Group gap={6} wrap="nowrap">
            <Select size="xs" w={104} aria-label={t('datawidgets.tableConfig.filterType', { number: index + 1 })} data={filterTypes} value={row.type} allowDeselect={false} onChange={(type) => set({ ...row, type: type ?? 'select' })} />
            <ColumnSelect columns={scope.columns} value={row.field} onChange={(field) => set({ ...row, field })} name={t('datawidgets.tableConfig.filterColumn', { number: index + 1 })} width="grow" />
          </Group>
        </Stack>
      )}
    </RowList>
  );
}


type TableComponent = WidgetConfigProps<'table'>['component'];

/** An endpoint without a search parameter cannot be searched: the table's Search goes off with it. */
const searchOfEndpoint: EndpointAdjust<TableComponent> = (component, endpoint) => (endpoint.searchable ? component : withChanges(component, { search: false }));

/** The data table's panel (spec 3 "Data table" configuration). */
export function TableConfig(props: WidgetConfigProps<'table'>) {
  const { component, onChange } = props;
  const scope = useSourceScope(component);
  const t = useT();
  const columns = configuredColumns(component);
  const fromApi = scope.kind === 'api';
  const unsearchable = fromApi && scope.endpoint?.searchable === false;
  const checks = [
    ['search', t('datawidgets.tableConfig.enableSearch')], ['bulkAction', t('datawidgets.tableConfig.enableBulkAction')], ['toExcel', t('datawidgets.tableConfig.exportToExcel')],
  ] as const;
  return (
    <PanelStack>
      <TitleField {...props} />
      <SourceFields {...props} scope={scope} api onEndpoint={searchOfEndpoint} />
      <ColumnsField {...props} scope={scope} />
      <Stack gap={6}>
        {checks.map(([field, label]) => (
          <Checkbox
            key={field}
            label={label}
            checked={component[field] && !(field === 'search' && unsearchable)}
            disabled={field === 'search' && unsearchable}
            description={field === 'search' && unsearchable ? t('datawidgets.tableConfig.searchNotOffered') : undefined}
            onChange={(event) => onChange(withChanges(component, { [field]: event.currentTarget.checked }))}
          />
        ))}
      </Stack>
      {fromApi
        ? <FiltersField {...props} scope={{ ...scope, columns: scope.endpoint?.filterColumns ?? [] }} description={t('datawidgets.tableConfig.apiFiltersHint')} />
        : <FiltersField {...props} scope={scope} />}
      <MultiSelect
        label={t('datawidgets.tableConfig.markdownColumns')}
        description={t('datawidgets.tableConfig.markdownHint')}
        data={columns.map((c, i) => ({ value: String(i), label: c.label }))}
        value={component.markdownColumns.filter((i) => i < columns.length).map(String)}
        onChange={(next) => onChange(withChanges(component, { markdownColumns: next.map(Number) }))}
        clearable
      />
      <FunctionField {...props} />
      <RefreshField {...props} choices={TABLE_REFRESH_SECONDS} />
      <DataActionsField {...props} scope={scope} />
    </PanelStack>
  );
}
