import { DefaultChoiceField, OptionsField } from '../shared/choices';
import { PanelStack, RequiredDisabledFields, TitleField } from '../shared/config-fields';
import type { WidgetConfigProps } from '../types';

export function RadioConfig(props: WidgetConfigProps<'radio'>) {
  return (
    <PanelStack>
      <TitleField {...props} />
      <OptionsField {...props} />
      <DefaultChoiceField {...props} multiple={false} />
      <RequiredDisabledFields {...props} />
    </PanelStack>
  );
}
