import { Checkbox, Group, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { INTERVAL_FILTER_TYPES, TABLE_REFRESH_SECONDS, type WidgetComponent } from '@rakit/core';
import { RowList } from '../../actions/RowList';
import { ColumnSelect } from '../../actions/sections/ColumnSelect';
import { configuredColumns } from '../data-source/content';
import { ColumnsField, DataActionsField, FunctionField, RefreshField, SourceFields } from '../data-source/SourceFields';
import { type SourceScope, useSourceScope } from '../data-source/source-scope';
import { PanelStack, TitleField, withChanges } from '../shared/config-fields';
import type { WidgetConfigProps } from '../types';

type TableFilter = WidgetComponent<'table'>['filters'][number];

const FILTER_TYPES = [{ value: 'select', label: 'Select' }, { value: INTERVAL_FILTER_TYPES[0], label: 'Interval' }];

/**
 * Filters: a name, a type (select or interval) and the source column filtered. The name has a line
 * of its own, so the panel's width shows it whole beside neither select.
 */
function FiltersField({ component, onChange, scope }: WidgetConfigProps<'table'> & { scope: SourceScope }) {
  return (
    <RowList
      label="Filters"
      rowName="filter"
      rows={component.filters}
      onChange={(filters) => onChange(withChanges(component, { filters }))}
      newRow={(): TableFilter => ({ column: '', type: 'select', field: '' })}
      addLabel="Add Filter"
      emptyText="No filters."
    >
      {(row, set, index) => (
        <Stack gap={4} flex={1} miw={0}>
          <TextInput size="xs" aria-label={`Name of filter ${index + 1}`} placeholder="Name" value={row.column} onChange={(e) => set({ ...row, column: e.currentTarget.value })} />
          <Group gap={6} wrap="nowrap">
            <Select size="xs" w={104} aria-label={`Type of filter ${index + 1}`} data={FILTER_TYPES} value={row.type} allowDeselect={false} onChange={(type) => set({ ...row, type: type ?? 'select' })} />
            <ColumnSelect columns={scope.columns} value={row.field} onChange={(field) => set({ ...row, field })} name={`Column of filter ${index + 1}`} width="grow" />
          </Group>
        </Stack>
      )}
    </RowList>
  );
}

const CHECKS = [['search', 'Enable Search'], ['bulkAction', 'Enable Bulk Action'], ['toExcel', 'Export Table To Excel']] as const;

/** The data table's panel (spec 3 "Data table" configuration). */
export function TableConfig(props: WidgetConfigProps<'table'>) {
  const { component, onChange } = props;
  const scope = useSourceScope(component);
  const columns = configuredColumns(component);
  return (
    <PanelStack>
      <TitleField {...props} />
      <SourceFields {...props} scope={scope} />
      <ColumnsField {...props} scope={scope} />
      <Stack gap={6}>
        {CHECKS.map(([field, label]) => (
          <Checkbox
            key={field}
            label={label}
            checked={component[field]}
            onChange={(event) => onChange(withChanges(component, { [field]: event.currentTarget.checked }))}
          />
        ))}
      </Stack>
      <FiltersField {...props} scope={scope} />
      <MultiSelect
        label="Markdown columns"
        description="Shown as formatted text (no HTML)."
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
