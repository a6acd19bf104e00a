import { TOGGLE_STATES } from '@rakit/core';
import { OptionsField } from '../shared/choices';
import { ChoiceField, PanelStack, RequiredDisabledFields, TitleField } from '../shared/config-fields';
import type { WidgetConfigProps } from '../types';

export function ToggleConfig({ component: stored, onChange }: WidgetConfigProps<'toggle'>) {
  // A switch without a default is Inactive (spec 2 §2).
  const component = stored.initValue === 'Active' ? stored : { ...stored, initValue: 'Inactive' };
  const props = { component, onChange };
  return (
    <PanelStack>
      <TitleField {...props} />
      <OptionsField {...props} keepDefault />
      <ChoiceField {...props} field="initValue" label="Default" data={TOGGLE_STATES.map((state) => ({ value: state, label: state }))} />
      <RequiredDisabledFields {...props} />
    </PanelStack>
  );
}
