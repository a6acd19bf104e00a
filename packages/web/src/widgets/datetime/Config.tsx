import { PanelStack, PlaceholderField, RequiredDisabledFields, TitleField, withChanges } from '../shared/config-fields';
import type { WidgetConfigProps } from '../types';
import { DateField } from './DateField';

export function DatetimeConfig(props: WidgetConfigProps<'datetime'>) {
  const { component, onChange } = props;
  return (
    <PanelStack>
      <TitleField {...props} />
      <PlaceholderField {...props} />
      <DateField label="Default value" placeholder="None" value={component.initValue} onChange={(iso) => onChange(withChanges(component, { initValue: iso }))} />
      <RequiredDisabledFields {...props} />
    </PanelStack>
  );
}
