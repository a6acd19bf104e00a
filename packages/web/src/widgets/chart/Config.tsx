import type { WidgetComponent } from '@rakit/core';
import { type Translate, useT } from '../../i18n/LanguageProvider';
import { ColumnsField, SourceFields } from '../data-source/SourceFields';
import { useSourceScope } from '../data-source/source-scope';
import { ChoiceField, PanelStack, SwitchField, TitleField } from '../shared/config-fields';
import type { WidgetConfigProps } from '../types';

const columnsHint = (t: Translate, component: WidgetComponent<'chart'>) => (component.sourceType === 'row'
  ? t('datawidgets.chartConfig.rowHint')
  : t('datawidgets.chartConfig.columnHint'));

/** The chart's panel (spec 3 "Chart widget" configuration). */
export function ChartConfig(props: WidgetConfigProps<'chart'>) {
  const t = useT();
  const scope = useSourceScope(props.component);
  const access = [{ value: 'column', label: t('datawidgets.chartConfig.accessColumn') }, { value: 'row', label: t('datawidgets.chartConfig.accessRow') }];
  const types = [{ value: 'pie', label: t('datawidgets.chartConfig.pie') }, { value: 'bar', label: t('datawidgets.chartConfig.bar') }];
  return (
    <PanelStack>
      <TitleField {...props} />
      <ChoiceField {...props} field="sourceType" label={t('datawidgets.chartConfig.dataAccess')} data={access} description={columnsHint(t, props.component)} />
      <ChoiceField {...props} field="subtype" label={t('datawidgets.chartConfig.type')} data={types} />
      <SwitchField {...props} field="showLegend" label={t('datawidgets.chartConfig.showLegends')} />
      <SwitchField {...props} field="showTable" label={t('datawidgets.chartConfig.showTable')} />
      <SourceFields {...props} scope={scope} primaryKey={false} api />
      <ColumnsField {...props} scope={scope} />
    </PanelStack>
  );
}
