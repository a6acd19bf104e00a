import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * A password entry with the show/hide toggle. The toggle's name leaves out the word
 * "password" so that a label lookup for the field finds the field alone.
 */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput visibilityToggleButtonProps={{ 'aria-label': 'Show or hide' }} {...props} />;
}
