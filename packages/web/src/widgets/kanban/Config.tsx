import { Select, SimpleGrid, Stack, TextInput, Input } from '@mantine/core';
import { BOARD_REFRESH_SECONDS } from '@rakit/core';
import { RowList } from '../../actions/RowList';
import { ColumnsField, DataActionsField, FunctionField, RefreshField, SourceFields } from '../data-source/SourceFields';
import { useSourceScope } from '../data-source/source-scope';
import { PanelStack, TitleField, withChanges } from '../shared/config-fields';
import type { WidgetConfigProps } from '../types';

const FIELDS = [
  ['compared', 'Compared (lane)'], ['title', 'Title'], ['description', 'Description'], ['tag', 'Tag'], ['label', 'Label'],
] as const;

/** The kanban's panel (spec 3 "Kanban"): lanes, the field map, and the table's data options. */
export function KanbanConfig(props: WidgetConfigProps<'kanban'>) {
  const { component, onChange } = props;
  const scope = useSourceScope(component);
  const map = component.fieldMap;
  return (
    <PanelStack>
      <TitleField {...props} />
      <RowList
        label="Groups"
        description="One lane per group; a card goes to the lane whose value its compared column holds."
        rowName="group"
        rows={component.groups}
        onChange={(groups) => onChange(withChanges(component, { groups }))}
        newRow={() => ({ name: '', value: '' })}
        addLabel="Add Group"
      >
        {(row, set, index) => (
          <>
            <TextInput size="xs" flex={1} aria-label={`Name of group ${index + 1}`} placeholder="Name" value={row.name} onChange={(e) => set({ ...row, name: e.currentTarget.value })} />
            <TextInput size="xs" w={90} aria-label={`Value of group ${index + 1}`} placeholder="Value" value={row.value} onChange={(e) => set({ ...row, value: e.currentTarget.value })} />
          </>
        )}
      </RowList>
      <SourceFields {...props} scope={scope} />
      <Stack gap={4}>
        <Input.Label>Field map</Input.Label>
        <SimpleGrid cols={2} spacing={6}>
          {FIELDS.map(([field, label]) => (
            <Select
              key={field}
              size="xs"
              label={label}
              data={scope.columns}
              value={map[field] === undefined || map[field] === '' ? null : map[field]}
              searchable
              clearable
              onChange={(column) => onChange(withChanges(component, { fieldMap: { ...map, [field]: column ?? '' } }))}
            />
          ))}
        </SimpleGrid>
      </Stack>
      <ColumnsField {...props} scope={scope} label="Columns (mapping)" />
      <FunctionField {...props} />
      <RefreshField {...props} choices={BOARD_REFRESH_SECONDS} />
      <DataActionsField {...props} scope={scope} />
    </PanelStack>
  );
}
