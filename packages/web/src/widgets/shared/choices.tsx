import { joinSelection, splitOptions, type WidgetComponent } from '@rakit/core';
import { Checkbox, MultiSelect, Select, Stack, Switch } from '@mantine/core';
import { useT } from '../../i18n/LanguageProvider';
import { useFieldBinding } from '../../page-state/form-state';
import { useOptionLabels } from '../shown-component';
import type { ConfigProps } from '../types';
import { withChanges } from './config-fields';
import { fieldFrame, valueText } from './field-frame';
import { OptionListEditor } from './OptionListEditor';

/** Checkbox, radio and switch widgets: a comma-joined option list (spec 2 §1, §2). */

/** The fields these widgets share. */
interface OptionFields {
  options: string;
  initValue: string;
}

export const optionsOf = (component: Pick<OptionFields, 'options'>): string[] => splitOptions(component.options);

/**
 * The live face of the widgets where several options can be on (checkbox, switch): their value
 * (realValue) is the chosen options joined by commas, in the order of the options.
 */
export function MultiChoiceLive({ component, item }: { component: WidgetComponent<'checkbox' | 'toggle'>; item: 'checkbox' | 'switch' }) {
  const binding = useFieldBinding(component);
  const options = optionsOf(component);
  const labels = useOptionLabels(component);
  const selected = splitOptions(valueText(binding.value));
  const onChange = (next: string[]) => binding.setValue(joinSelection(options, next));
  const items = options.map((option, i) => {
    const label = labels[i] ?? option;
    return item === 'checkbox' ? <Checkbox key={option} value={option} label={label} /> : <Switch key={option} value={option} label={label} />;
  });
  const body = <Stack gap={6} mt={4}>{items}</Stack>;
  return item === 'checkbox'
    ? <Checkbox.Group {...fieldFrame(component, binding)} value={selected} onChange={onChange}>{body}</Checkbox.Group>
    : <Switch.Group {...fieldFrame(component, binding)} value={selected} onChange={onChange}>{body}</Switch.Group>;
}

/**
 * The options editor bound to the component. Default choices (initValue) that are no longer
 * options are dropped with them, unless the default is a switch's Inactive/Active.
 */
export function OptionsField<C extends OptionFields>({ component, onChange, keepDefault = false }: ConfigProps<C> & { keepDefault?: boolean }) {
  return (
    <OptionListEditor
      value={component.options}
      onChange={(stored) => {
        const options = splitOptions(stored);
        const initValue = keepDefault ? component.initValue : joinSelection(options, splitOptions(component.initValue));
        onChange(withChanges<C, OptionFields>(component, { options: stored, initValue }));
      }}
    />
  );
}

/** The default choice among the options: one (radio) or several (checkbox). */
export function DefaultChoiceField<C extends OptionFields>({ component, onChange, multiple }: ConfigProps<C> & { multiple: boolean }) {
  const t = useT();
  const options = optionsOf(component);
  const current = component.initValue;
  if (multiple) {
    return (
      <MultiSelect
        label={t('datawidgets.shared.defaultValue')}
        placeholder={current === '' ? t('datawidgets.shared.noneSelected') : undefined}
        data={options}
        value={splitOptions(current).filter((o) => options.includes(o))}
        onChange={(next) => onChange(withChanges<C, OptionFields>(component, { initValue: joinSelection(options, next) }))}
        clearable
      />
    );
  }
  return (
    <Select
      label={t('datawidgets.shared.defaultValue')}
      placeholder={t('datawidgets.shared.noneSelected')}
      data={options}
      value={options.includes(current) ? current : null}
      onChange={(next) => onChange(withChanges<C, OptionFields>(component, { initValue: next ?? '' }))}
      clearable
    />
  );
}
