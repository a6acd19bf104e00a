import { PanelStack, TextAreaField, TitleField } from '../shared/config-fields';
import type { WidgetConfigProps } from '../types';

export function CardConfig(props: WidgetConfigProps<'card'>) {
  return (
    <PanelStack>
      <TitleField {...props} label="Title" />
      <TextAreaField {...props} field="description" label="Description" rows={2} />
    </PanelStack>
  );
}
