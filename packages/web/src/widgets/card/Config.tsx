import { PanelStack, TextAreaField, TitleField } from '../shared/config-fields';
import type { ConfigProps } from '../types';

export function CardConfig(props: ConfigProps) {
  return (
    <PanelStack>
      <TitleField {...props} label="Title" />
      <TextAreaField {...props} field="description" label="Description" rows={2} />
    </PanelStack>
  );
}
