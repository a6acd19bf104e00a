import { dropdownOptions } from '@rakit/core';
import { Loader, Select } from '@mantine/core';
import { useT } from '../../i18n/LanguageProvider';
import { useFieldBinding } from '../../page-state/form-state';
import { ApiOptionsFailure } from '../data-source/ApiOptionsNotes';
import { shownChoices, useApiOptions } from '../data-source/api-options';
import { useOptionLabels } from '../shown-component';
import { fieldFrame, placeholderOf, valueText } from '../shared/field-frame';
import type { WidgetLiveProps } from '../types';

/**
 * A dropdown over its custom list, its 'text:value' list (spec 2 §2) or an API endpoint's rows
 * (issue 40). The value (realValue) is the chosen option's valueOption; no choice is empty for
 * the required rule.
 */
export function DropdownLive({ component, mode }: WidgetLiveProps<'dropdown'>) {
  const t = useT();
  const binding = useFieldBinding(component);
  const api = useApiOptions(component, mode);
  const fromQuery = !api.fromApi && component.subtype === 'query';
  // Positions of dropdownOptions: the author's texts, relabelled in the reader's catalog.
  const labels = useOptionLabels(component);
  const data = api.fromApi
    ? shownChoices(api.options)
    : dropdownOptions(component.subtype, component.options).map((o, i) => ({ value: o.valueOption, label: labels[i] ?? o.valueOption }));
  const value = valueText(binding.value);
  const frame = fieldFrame(component, binding);
  return (
    <>
      <ApiOptionsFailure state={api} />
      <Select
        {...frame}
        description={fromQuery ? t('formwidgets.dropdown.queryNote') : api.note}
        disabled={frame.disabled || fromQuery}
        placeholder={api.loading ? t('formwidgets.apiOptions.loading') : placeholderOf(component) ?? t('formwidgets.dropdown.placeholder')}
        data={data}
        value={data.some((o) => o.value === value) ? value : null}
        onChange={(next) => binding.setValue(next ?? '')}
        clearable={!component.required}
        searchable={data.length > 7}
        nothingFoundMessage={t('formwidgets.dropdown.nothingFound')}
        {...(api.loading ? { rightSection: <Loader size="xs" />, 'aria-busy': true } : {})}
      />
    </>
  );
}
