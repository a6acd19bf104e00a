import { Select } from '@mantine/core';
import { BOARD_REFRESH_SECONDS, formatLoaderMapping, type LoaderPair, NO_LOADER_TRIGGER, parseLoaderMapping, valueComponentsOf, type WidgetComponent } from '@rakit/core';
import { useAuthoringPage } from '../../actions/authoring-page';
import { RowList } from '../../actions/RowList';
import { useT } from '../../i18n/LanguageProvider';
import { ColumnSelect } from '../../actions/sections/ColumnSelect';
import { RefreshField, SourceFields } from '../data-source/SourceFields';
import { useSourceScope } from '../data-source/source-scope';
import { PanelStack, TitleField, withChanges } from '../shared/config-fields';
import type { WidgetConfigProps } from '../types';
import { triggerColumnOf, withTriggerColumn } from './loader-config';

/** The mapping stored, with the source columns as the columns the loader reads. */
function withMapping(component: WidgetComponent<'loader'>, pairs: readonly LoaderPair[]): WidgetComponent<'loader'> {
  const columns = [...new Set(pairs.map((p) => p.column.trim()).filter((c) => c !== ''))].join(',');
  return withChanges(component, { loaderMapping: formatLoaderMapping(pairs), options: columns, mapping_table: columns });
}

/** The loader's panel (spec 3 "Loader"): its source, the column → field mapping, the trigger. */
export function LoaderConfig(props: WidgetConfigProps<'loader'>) {
  const { component, onChange } = props;
  const t = useT();
  const scope = useSourceScope(component);
  const page = useAuthoringPage();
  const fields = valueComponentsOf(page.components).filter((c) => c.id !== component.id);
  const fieldData = fields.map((c) => ({ value: c.id, label: c.title === '' ? c.id : `${c.title} (${c.id})` }));
  const pairs = parseLoaderMapping(component.loaderMapping);
  const trigger = component.trigger || NO_LOADER_TRIGGER;
  return (
    <PanelStack>
      <TitleField {...props} />
      <SourceFields {...props} scope={scope} primaryKey={false} api />
      <RowList
        label={t('datawidgets.loaderConfig.mapping')}
        description={t('datawidgets.loaderConfig.mappingHint')}
        rowName={t('datawidgets.loaderConfig.mappingRow')}
        rows={pairs}
        onChange={(next) => onChange(withMapping(component, next))}
        newRow={() => ({ column: '', componentId: '' })}
        addLabel={t('datawidgets.loaderConfig.addMapping')}
      >
        {(row, set, index) => (
          <>
            <ColumnSelect columns={scope.columns} value={row.column} onChange={(column) => set({ ...row, column })} name={t('datawidgets.loaderConfig.mappingColumn', { number: index + 1 })} width={130} />
            <Select
              size="xs"
              flex={1}
              aria-label={t('datawidgets.loaderConfig.mappingField', { number: index + 1 })}
              placeholder={t('datawidgets.loaderConfig.field')}
              data={fieldData}
              value={row.componentId === '' ? null : row.componentId}
              allowDeselect={false}
              onChange={(componentId) => set({ ...row, componentId: componentId ?? '' })}
            />
          </>
        )}
      </RowList>
      <Select
        label={t('datawidgets.loaderConfig.trigger')}
        description={t('datawidgets.loaderConfig.triggerHint')}
        data={[{ value: NO_LOADER_TRIGGER, label: t('datawidgets.loaderConfig.noTrigger') }, ...fieldData]}
        value={trigger}
        allowDeselect={false}
        onChange={(next) => onChange(withChanges(next === null || next === NO_LOADER_TRIGGER ? withTriggerColumn(component, '') : component, { trigger: next ?? NO_LOADER_TRIGGER }))}
      />
      {/* An API's rows are not filtered: no column is matched (issue 40). */}
      {trigger === NO_LOADER_TRIGGER || scope.kind === 'api' ? null : (
        <Select
          label={t('datawidgets.loaderConfig.matchColumn')}
          description={t('datawidgets.loaderConfig.matchColumnHint')}
          data={scope.columns}
          value={triggerColumnOf(component) || null}
          clearable
          searchable
          onChange={(column) => onChange(withTriggerColumn(component, column ?? ''))}
        />
      )}
      <RefreshField {...props} choices={BOARD_REFRESH_SECONDS} />
    </PanelStack>
  );
}
