import { replaceDoubleQuotes } from '@rakit/core';
import { Textarea } from '@mantine/core';
import { useFieldBinding } from '../../page-state/form-state';
import { fieldFrame, placeholderOf, valueText } from '../shared/field-frame';
import type { WidgetLiveProps } from '../types';

/** Rows come from `options` (spec 2 §2: default 2, its model keeps them within 1–50); the value starts from initValue. */
export function TextareaLive({ component }: WidgetLiveProps<'textarea'>) {
  const binding = useFieldBinding(component);
  return (
    <Textarea
      {...fieldFrame(component, binding)}
      placeholder={placeholderOf(component)}
      rows={component.options}
      value={valueText(binding.value)}
      onChange={(event) => binding.setValue(replaceDoubleQuotes(event.currentTarget.value))}
    />
  );
}
