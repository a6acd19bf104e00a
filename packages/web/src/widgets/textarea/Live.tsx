import { replaceDoubleQuotes } from '@rakit/core';
import { Textarea } from '@mantine/core';
import { useFieldBinding } from '../form-state';
import { fieldFrame, placeholderOf, valueText } from '../shared/field-frame';
import type { LiveProps } from '../types';

/** Rows come from `options` (spec 2 §2: default 2); the value starts from initValue. */
export const textareaRows = (options: unknown): number => {
  const rows = Number(options);
  return Number.isInteger(rows) && rows >= 1 ? Math.min(rows, 50) : 2;
};

export function TextareaLive({ component }: LiveProps) {
  const binding = useFieldBinding(component);
  return (
    <Textarea
      {...fieldFrame(component, binding)}
      placeholder={placeholderOf(component)}
      rows={textareaRows(component.options)}
      value={valueText(binding.value)}
      onChange={(event) => binding.setValue(replaceDoubleQuotes(event.currentTarget.value))}
    />
  );
}
