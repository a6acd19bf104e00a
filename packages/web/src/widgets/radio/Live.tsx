import { Radio, Stack } from '@mantine/core';
import { useFieldBinding } from '../../page-state/form-state';
import { ApiOptionsFailure, OptionsLoading } from '../data-source/ApiOptionsNotes';
import { shownChoices, useApiOptions } from '../data-source/api-options';
import { useOwnChoices } from '../shared/choices';
import { fieldFrame, valueText } from '../shared/field-frame';
import type { WidgetLiveProps } from '../types';

/**
 * One choice among the options: its own, or an API endpoint's (issue 40), whose value is the
 * option's value and whose label its text. The error clears when the choice changes (spec 2 §5).
 */
export function RadioLive({ component, mode }: WidgetLiveProps<'radio'>) {
  const binding = useFieldBinding(component);
  const api = useApiOptions(component, mode);
  const own = useOwnChoices(component);
  const choices = api.fromApi ? shownChoices(api.options) : own;
  const value = valueText(binding.value);
  return (
    <>
      <ApiOptionsFailure state={api} />
      <Radio.Group {...fieldFrame(component, binding)} description={api.note} value={choices.some((c) => c.value === value) ? value : null} onChange={binding.setValue}>
        <Stack gap={6} mt={4}>
          {api.loading ? <OptionsLoading /> : choices.map((choice) => <Radio key={choice.value} value={choice.value} label={choice.label} />)}
        </Stack>
      </Radio.Group>
    </>
  );
}
