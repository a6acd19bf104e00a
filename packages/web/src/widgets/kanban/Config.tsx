import { Select, SimpleGrid, Stack, TextInput, Input } from '@mantine/core';
import { BOARD_REFRESH_SECONDS } from '@rakit/core';
import { RowList } from '../../actions/RowList';
import { useT } from '../../i18n/LanguageProvider';
import { ColumnsField, DataActionsField, FunctionField, RefreshField, SourceFields } from '../data-source/SourceFields';
import { useSourceScope } from '../data-source/source-scope';
import { PanelStack, TitleField, withChanges } from '../shared/config-fields';
import type { WidgetConfigProps } from '../types';


/** The kanban's panel (spec 3 "Kanban"): lanes, the field map, and the table's data options. */
export function KanbanConfig(props: WidgetConfigProps<'kanban'>) {
  const { component, onChange } = props;
  const scope = useSourceScope(component);
  const t = useT();
  const map = component.fieldMap;
  const fields = [
    ['compared', t('datawidgets.kanbanConfig.compared')], ['title', t('datawidgets.kanbanConfig.title')], ['description', t('datawidgets.kanbanConfig.description')],
    ['tag', t('datawidgets.kanbanConfig.tag')], ['label', t('datawidgets.kanbanConfig.label')],
  ] as const;
  return (
    <PanelStack>
      <TitleField {...props} />
      <RowList
        label={t('datawidgets.kanbanConfig.groups')}
        description={t('datawidgets.kanbanConfig.groupsHint')}
        rowName={t('datawidgets.kanbanConfig.groupRow')}
        rows={component.groups}
        onChange={(groups) => onChange(withChanges(component, { groups }))}
        newRow={() => ({ name: '', value: '' })}
        addLabel={t('datawidgets.kanbanConfig.addGroup')}
      >
        {(row, set, index) => (
          <>
            <TextInput size="xs" flex={1} aria-label={t('datawidgets.kanbanConfig.groupName', { number: index + 1 })} placeholder={t('datawidgets.kanbanConfig.name')} value={row.name} onChange={(e) => set({ ...row, name: e.currentTarget.value })} />
            <TextInput size="xs" w={90} aria-label={t('datawidgets.kanbanConfig.groupValue', { number: index + 1 })} placeholder={t('datawidgets.kanbanConfig.value')} value={row.value} onChange={(e) => set({ ...row, value: e.currentTarget.value })} />
          </>
        )}
      </RowList>
      <SourceFields {...props} scope={scope} api />
      <Stack gap={4}>
        <Input.Label>{t('datawidgets.kanbanConfig.fieldMap')}</Input.Label>
        <SimpleGrid cols={2} spacing={6}>
          {fields.map(([field, label]) => (
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
      <ColumnsField {...props} scope={scope} label={t('datawidgets.kanbanConfig.columns')} />
      <FunctionField {...props} />
      <RefreshField {...props} choices={BOARD_REFRESH_SECONDS} />
      <DataActionsField {...props} scope={scope} />
    </PanelStack>
  );
}
