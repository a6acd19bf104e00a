import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useT } from '../i18n/LanguageProvider';

/**
 * A password entry with the show/hide toggle. The toggle's name leaves out the word
 * "password" so that a label lookup for the field finds the field alone.
 */
export function PasswordField(props: PasswordInputProps) {
  const t = useT();
  return <PasswordInput visibilityToggleButtonProps={{ 'aria-label': t('shell.password.toggle') }} {...props} />;
}
