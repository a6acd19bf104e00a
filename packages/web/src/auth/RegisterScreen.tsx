import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { Messages, type RegistrationInput, registrationError, typedPhone } from '@rakit/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiUnreachableError, publicApi } from '../api/client';
import { useCurrentApp } from '../current-app/app-context';
import { notifyFailure } from '../components/notify';
import { AuthFrame } from './AuthFrame';
import type { LoginLocationState } from './LoginScreen';
import { PasswordField } from './PasswordField';

const EMPTY: RegistrationInput = { userId: '', password: '', confirm_password: '' };

/** Registration (spec 1 screen 2): the username is an active WhatsApp number starting with 08. */
export function RegisterScreen() {
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
      notifyFailure(invalid);
      return;
    }
    setBusy(true);
    try {
      const answer = await publicApi.register(input, app.appId);
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
    <Anchor component={Link} to={path('auth/login')} size="sm">Sudah punya akun? Masuk</Anchor>
  );

  if (!app.appOpenRegistration) {
    return (
      <AuthFrame subtitle="Daftar akun baru">
        <Stack align="center">
          <Alert color="gray" w="100%">{Messages.registerClosed}</Alert>
          {backToLogin}
        </Stack>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame subtitle="Daftar akun baru">
      <form onSubmit={(event) => void register(event)} noValidate>
        <Stack>
          <TextInput
            label="Nomer WA Aktif"
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            placeholder="08xxxxxxxxxx"
            value={input.userId}
            onChange={(event) => set('userId')(typedPhone(event.currentTarget.value))}
            autoFocus
          />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            value={input.password}
            onChange={(event) => set('password')(event.currentTarget.value)}
          />
          <PasswordField
            label="Confirm Password"
            autoComplete="new-password"
            value={input.confirm_password}
            onChange={(event) => set('confirm_password')(event.currentTarget.value)}
          />
          <Button type="submit" loading={busy} fullWidth>Register</Button>
        </Stack>
      </form>
      <Stack mt="lg" align="center">{backToLogin}</Stack>
    </AuthFrame>
  );
}
