import { dropdownOptions } from '@rakit/core';
import { Select } from '@mantine/core';
import { useT } from '../../i18n/LanguageProvider';
import { useFieldBinding } from '../../page-state/form-state';
import { useOptionLabels } from '../shown-component';
import { fieldFrame, placeholderOf, valueText } from '../shared/field-frame';
import type { WidgetLiveProps } from '../types';

/**
 * A dropdown over its custom list or its 'text:value' list (spec 2 §2). The value (realValue) is
 * the chosen option's valueOption; no choice is empty for the required rule.
 */
export function DropdownLive({ component }: WidgetLiveProps<'dropdown'>) {
  const t = useT();
  const binding = useFieldBinding(component);
  const fromQuery = component.subtype === 'query';
  const options = dropdownOptions(component.subtype, component.options);
  // Positions of dropdownOptions: the author's texts, relabelled in the reader's catalog.
  const labels = useOptionLabels(component);
  const value = valueText(binding.value);
  const frame = fieldFrame(component, binding);
  return (
    <Select
      {...frame}
      description={fromQuery ? t('formwidgets.dropdown.queryNote') : undefined}
      disabled={frame.disabled || fromQuery}
      placeholder={placeholderOf(component) ?? t('formwidgets.dropdown.placeholder')}
      data={options.map((o, i) => ({ value: o.valueOption, label: labels[i] ?? o.valueOption }))}
      value={options.some((o) => o.valueOption === value) ? value : null}
      onChange={(next) => binding.setValue(next ?? '')}
      clearable={!component.required}
      searchable={options.length > 7}
      nothingFoundMessage={t('formwidgets.dropdown.nothingFound')}
    />
  );
}
