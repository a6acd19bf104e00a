import { joinSelection, splitOptions, type WidgetComponent } from '@rakit/core';
import { Checkbox, MultiSelect, Select, Stack, Switch } from '@mantine/core';
import type { ReactNode } from 'react';
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

/** An option as a face shows it: the value choosing it gives, and the text it shows. */
export interface ShownChoice {
  value: string;
  label: string;
}

/** The widget's own options, each labelled as the reader's catalog relabels it (the author's translations). */
export function useOwnChoices(component: WidgetComponent<'checkbox' | 'radio' | 'toggle'>): ShownChoice[] {
  const labels = useOptionLabels(component);
  return optionsOf(component).map((option, i) => ({ value: option, label: labels[i] ?? option }));
}

/** What a choice widget's face shows besides its options: a note under its label, a status in place of its options. */
export interface ChoiceExtras {
  /** Other options than the widget's own (an API endpoint's). */
  choices?: readonly ShownChoice[] | undefined;
  description?: string | undefined;
  /** Shown in place of the options (they are loading). */
  status?: ReactNode;
}

/**
 * The live face of the widgets where several options can be on (checkbox, switch): their value
 * (realValue) is the chosen options' values joined by commas, in the order of the options.
 */
export function MultiChoiceLive({ component, item, choices, description, status }: { component: WidgetComponent<'checkbox' | 'toggle'>; item: 'checkbox' | 'switch' } & ChoiceExtras) {
  const binding = useFieldBinding(component);
  const own = useOwnChoices(component);
  const shown = choices ?? own;
  const values = shown.map((choice) => choice.value);
  const selected = splitOptions(valueText(binding.value));
  const onChange = (next: string[]) => binding.setValue(joinSelection(values, next));
  const items = shown.map(({ value, label }) => (item === 'checkbox' ? <Checkbox key={value} value={value} label={label} /> : <Switch key={value} value={value} label={label} />));
  const body = <Stack gap={6} mt={4}>{status ?? items}</Stack>;
  const frame = { ...fieldFrame(component, binding), description };
  return item === 'checkbox'
    ? <Checkbox.Group {...frame} value={selected} onChange={onChange}>{body}</Checkbox.Group>
    : <Switch.Group {...frame} value={selected} onChange={onChange}>{body}</Switch.Group>;
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
