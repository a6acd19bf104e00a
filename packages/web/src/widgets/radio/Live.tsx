import { Radio, Stack } from '@mantine/core';
import { useFieldBinding } from '../../page-state/form-state';
import { optionsOf } from '../shared/choices';
import { fieldFrame, valueText } from '../shared/field-frame';
import { useOptionLabels } from '../shown-component';
import type { WidgetLiveProps } from '../types';

/** One choice among the options; the error clears when the choice changes (spec 2 §5). */
export function RadioLive({ component }: WidgetLiveProps<'radio'>) {
  const binding = useFieldBinding(component);
  const options = optionsOf(component);
  const labels = useOptionLabels(component);
  const value = valueText(binding.value);
  return (
    <Radio.Group {...fieldFrame(component, binding)} value={options.includes(value) ? value : null} onChange={binding.setValue}>
      <Stack gap={6} mt={4}>
        {options.map((option, i) => <Radio key={option} value={option} label={labels[i] ?? option} />)}
      </Stack>
    </Radio.Group>
  );
}
