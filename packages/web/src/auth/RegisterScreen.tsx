import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { type RegistrationInput, registrationError, typedPhone, authCalls } from '@rakit/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiUnreachableError, publicApi } from '../api/client';
import { useCurrentApp } from '../current-app/app-context';
import { useT } from '../i18n/LanguageProvider';
import { notifyFailure } from '../components/notify';
import { AuthFrame } from './AuthFrame';
import type { LoginLocationState } from './LoginScreen';
import { PasswordField } from './PasswordField';

const EMPTY: RegistrationInput = { userId: '', password: '', confirm_password: '' };

/** Registration (spec 1 screen 2): the username is an active WhatsApp number starting with 08. */
export function RegisterScreen() {
  const t = useT();
  const { app, path } = useCurrentApp();
  const navigate = useNavigate();
  const [input, setInput] = useState<RegistrationInput>(EMPTY);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof RegistrationInput) => (value: string) => setInput((current) => ({ ...current, [field]: value }));

  async function register(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const invalid = registrationError(input);
    if (invalid !== null) {
      notifyFailure(t(invalid));
      return;
    }
    setBusy(true);
    try {
      const answer = await publicApi.call(authCalls.register, {
            body: { data: { userId: input.userId, password: input.password, confirm_password: input.confirm_password, defaultGroupAppId: [app.appId] } },
          });
      if (!answer.status) {
        const message = answer.error?.[0];
        if (message !== undefined) notifyFailure(message);
        setInput(EMPTY);
        return;
      }
      const state: LoginLocationState = { registered: true };
      void navigate(path('auth/login'), { state });
    } catch (error) {
      // Network failures are only logged (spec 1 §8).
      if (!(error instanceof ApiUnreachableError)) throw error;
      console.error(error);
    } finally {
      setBusy(false);
    }
  }

  const backToLogin = (
    <Anchor component={Link} to={path('auth/login')} size="sm">{t('shell.register.signInLink')}</Anchor>
  );

  if (!app.appOpenRegistration) {
    return (
      <AuthFrame subtitle={t('shell.register.subtitle')}>
        <Stack align="center">
          <Alert color="gray" w="100%">{t('registerClosed')}</Alert>
          {backToLogin}
        </Stack>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame subtitle={t('shell.register.subtitle')}>
      <form onSubmit={(event) => void register(event)} noValidate>
        <Stack>
          <TextInput
            label={t('shell.register.phone')}
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            placeholder={t('shell.register.phonePlaceholder')}
            value={input.userId}
            onChange={(event) => set('userId')(typedPhone(event.currentTarget.value))}
            autoFocus
          />
          <PasswordField
            label={t('shell.register.password')}
            autoComplete="new-password"
            value={input.password}
            onChange={(event) => set('password')(event.currentTarget.value)}
          />
          <PasswordField
            label={t('shell.register.confirmPassword')}
            autoComplete="new-password"
            value={input.confirm_password}
            onChange={(event) => set('confirm_password')(event.currentTarget.value)}
          />
          <Button type="submit" loading={busy} fullWidth>{t('shell.register.submit')}</Button>
        </Stack>
      </form>
      <Stack mt="lg" align="center">{backToLogin}</Stack>
    </AuthFrame>
  );
}
