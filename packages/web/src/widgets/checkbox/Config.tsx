import { DefaultChoiceField, OptionsField } from '../shared/choices';
import { PanelStack, RequiredDisabledFields, TitleField } from '../shared/config-fields';
import type { WidgetConfigProps } from '../types';

export function CheckboxConfig(props: WidgetConfigProps<'checkbox'>) {
  return (
    <PanelStack>
      <TitleField {...props} />
      <OptionsField {...props} />
      <DefaultChoiceField {...props} multiple />
      <RequiredDisabledFields {...props} />
    </PanelStack>
  );
}
