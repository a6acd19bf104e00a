import type { WidgetComponent } from '@rakit/core';
import { ColumnsField, SourceFields } from '../data-source/SourceFields';
import { useSourceScope } from '../data-source/source-scope';
import { ChoiceField, PanelStack, SwitchField, TitleField } from '../shared/config-fields';
import type { WidgetConfigProps } from '../types';

const ACCESS = [{ value: 'column', label: 'Column (Old)' }, { value: 'row', label: 'Row' }];
const TYPES = [{ value: 'pie', label: 'Pie Chart' }, { value: 'bar', label: 'Bar Chart' }];

const columnsHint = (component: WidgetComponent<'chart'>) => (component.sourceType === 'row'
  ? 'Row: each row is a point; the first column is its label, the second its value.'
  : 'Column (Old): each column is a point, valued by the first row.');

/** The chart's panel (spec 3 "Chart widget" configuration). */
export function ChartConfig(props: WidgetConfigProps<'chart'>) {
  const scope = useSourceScope(props.component);
  return (
    <PanelStack>
      <TitleField {...props} />
      <ChoiceField {...props} field="sourceType" label="Data access" data={ACCESS} description={columnsHint(props.component)} />
      <ChoiceField {...props} field="subtype" label="Type" data={TYPES} />
      <SwitchField {...props} field="showLegend" label="Show Legends" />
      <SwitchField {...props} field="showTable" label="Show data table" />
      <SourceFields {...props} scope={scope} primaryKey={false} />
      <ColumnsField {...props} scope={scope} />
    </PanelStack>
  );
}
