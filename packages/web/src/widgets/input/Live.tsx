import { normaliseInputValue } from '@rakit/core';
import { PasswordInput, TextInput } from '@mantine/core';
import { useFieldBinding } from '../../page-state/form-state';
import { fieldFrame, placeholderOf, valueText } from '../shared/field-frame';
import type { WidgetLiveProps } from '../types';

/**
 * A text input of subtype text, number, password, email, tel or url (spec 2 §2). Double quotes
 * are stored as single quotes; tel values are forced to start with 62; e-mail and URL formats are
 * checked once something was typed (spec 2 §5).
 */
export function InputLive({ component }: WidgetLiveProps<'input'>) {
  const binding = useFieldBinding(component);
  const { subtype } = component;
  const props = {
    ...fieldFrame(component, binding),
    placeholder: placeholderOf(component),
    value: valueText(binding.value),
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => binding.setValue(normaliseInputValue(subtype, event.currentTarget.value)),
  };
  if (subtype === 'password') return <PasswordInput {...props} autoComplete="new-password" />;
  return <TextInput {...props} type={subtype} inputMode={subtype === 'tel' ? 'tel' : undefined} />;
}
