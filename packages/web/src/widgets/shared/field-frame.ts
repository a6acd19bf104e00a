import type { ComponentBaseValues, FormFieldValues } from '@rakit/core';
import type { FieldBinding } from '../../page-state/form-state';

/**
 * What every form widget's live face passes to its Mantine input: the label (title), the
 * required asterisk, the error shown under it ('Field berikut wajib diisi' or a format error),
 * the disabled state and the blur that makes errors show.
 */
export function fieldFrame(component: Pick<ComponentBaseValues & FormFieldValues, 'title' | 'required' | 'disabled'>, binding: FieldBinding) {
  return {
    label: component.title === '' ? undefined : component.title,
    withAsterisk: component.required,
    error: binding.error,
    disabled: component.disabled,
    onBlur: binding.touch,
  };
}

/** The component's placeholder text, when it has one. */
export const placeholderOf = (component: Pick<FormFieldValues, 'placeholder'>): string | undefined =>
  component.placeholder === '' ? undefined : component.placeholder;

/** A field's value as text (values of form widgets are text; anything else is shown as written). */
export const valueText = (value: unknown): string => (typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value));
