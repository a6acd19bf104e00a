import { type MessageKey, TOGGLE_STATES } from '@rakit/core';
import { useT } from '../../i18n/LanguageProvider';
import { OptionsField } from '../shared/choices';
import { ChoiceField, PanelStack, RequiredDisabledFields, TitleField } from '../shared/config-fields';
import type { WidgetConfigProps } from '../types';

const STATE_LABELS: Record<(typeof TOGGLE_STATES)[number], MessageKey> = { Active: 'formwidgets.toggle.active', Inactive: 'formwidgets.toggle.inactive' };

export function ToggleConfig({ component: stored, onChange }: WidgetConfigProps<'toggle'>) {
  const t = useT();
  // A switch without a default is Inactive (spec 2 §2).
  const component = stored.initValue === 'Active' ? stored : { ...stored, initValue: 'Inactive' };
  const props = { component, onChange };
  return (
    <PanelStack>
      <TitleField {...props} />
      <OptionsField {...props} keepDefault />
      <ChoiceField {...props} field="initValue" label={t('formwidgets.toggle.default')} data={TOGGLE_STATES.map((state) => ({ value: state, label: t(STATE_LABELS[state]) }))} />
      <RequiredDisabledFields {...props} />
    </PanelStack>
  );
}
