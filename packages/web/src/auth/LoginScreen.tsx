import { Anchor, Button, Divider, Group, Stack, TextInput } from '@mantine/core';
import { IconBrandWhatsapp, IconFingerprint } from '@tabler/icons-react';
import { isSsoRefusal, MAIN_APP_ID, PASSWORD_ONLY, type SessionUser, SIGN_IN_TEXT, signInUsernameLabel, WHATSAPP_ADMIN_NUMBER, authCalls, passkeyCalls } from '@rakit/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { type ApiAnswer, ApiUnreachableError, firstError, publicApi } from '../api/client';
import { useCurrentApp } from '../current-app/app-context';
import { useT } from '../i18n/LanguageProvider';
import { WaitingForSignIn } from '../offline/WaitingForSignIn';
import { notifyFailure, notifySuccess } from '../components/notify';
import { clearAppStorage } from '../session/session-storage';
import { AuthFrame } from './AuthFrame';
import { useEnterApp } from './enter-app';
import { HelpLink } from './HelpLink';
import { registrationRequirements, tutorial } from './help-texts';
import { PasswordField } from './PasswordField';
import { plainPasskeyAnswer } from './passkey-answer';

/** What the register screen passes to the login screen after a successful registration. */
export interface LoginLocationState {
  registered?: boolean;
}

/** Sign-in (spec 1 screen 1). */
export function LoginScreen() {
  const t = useT();
  const { app, path } = useCurrentApp();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [userId, setUserId] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  // The second step of an account with a second factor (issue 36): the server asked for a code.
  const [askedForCode, setAskedForCode] = useState(false);
  const [code, setCode] = useState('');
  const enterApp = useEnterApp();
  const isMain = app.appId === MAIN_APP_ID;
  const signInOptions = app.signIn ?? PASSWORD_ONLY;

  // Entering the login screen logs out of this application (spec 1 §4).
  useEffect(() => {
    clearAppStorage(app.appSlug);
    queryClient.removeQueries({ queryKey: ['apps'] });
  }, [app.appSlug, queryClient]);

  // After a registration: the success notice, once (the state is dropped at once).
  const registeredShown = useRef(false);
  const registered = (location.state as LoginLocationState | null)?.registered === true;
  useEffect(() => {
    if (!registered || registeredShown.current) return;
    registeredShown.current = true;
    notifySuccess(t('registerSuccess'));
    void navigate(location.pathname, { replace: true, state: null });
  }, [registered, location.pathname, navigate, t]);

  async function signIn(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (userId.trim() === '' || password === '') {
      notifyFailure(t('loginFailed'));
      return;
    }
    await attempt(async () => {
      const answer = await publicApi.call(authCalls.login, { body: { userId, password, appSlug: app.appSlug, ...(askedForCode ? { code } : {}) } });
      if (answer.code === 'secondFactorRequired' && !askedForCode) {
        setAskedForCode(true);
        return;
      }
      enterWith(answer);
    });
  }

  /** A passkey instead of the password (issue 36): the device offers the ones it keeps for this address. */
  async function signInWithPasskey() {
    if (busy) return;
    await attempt(async () => {
      const options = await publicApi.call(passkeyCalls.startPasskeySignIn, { body: { appSlug: app.appSlug } });
      if (!options.status || options.data === undefined) {
        notifyFailure(firstError(options, t('loginFailed')));
        return;
      }
      const { startAuthentication } = await import('@simplewebauthn/browser');
      let response;
      try {
        response = await startAuthentication({ optionsJSON: options.data.options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'] });
      } catch {
        // Cancelled, or no passkey for this address on the device.
        notifyFailure(t('shell.passkeys.cancelled'));
        return;
      }
      enterWith(await publicApi.call(passkeyCalls.signInWithPasskey, { body: { appSlug: app.appSlug, response: plainPasskeyAnswer(response) } }));
    });
  }

  /** Runs a sign-in with the buttons busy; an unreachable server is a refused sign-in, said once. */
  async function attempt(signInWith: () => Promise<void>) {
    setBusy(true);
    try {
      await signInWith();
    } catch (error) {
      if (!(error instanceof ApiUnreachableError)) throw error;
      console.error(error);
      notifyFailure(t('loginFailed'));
    } finally {
      setBusy(false);
    }
  }

  /** Enters the application with the session a sign-in answered, or says why it was refused. */
  function enterWith(answer: ApiAnswer<SessionUser[]>) {
    const user = answer.data?.[0];
    if (!answer.status || user === undefined) {
      notifyFailure(firstError(answer, t('loginFailed')));
      return;
    }
    enterApp(user);
  }

  return (
    <AuthFrame subtitle={t(SIGN_IN_TEXT.subtitle)}>
      <SsoRefusalNotice />
      <WaitingForSignIn appSlug={app.appSlug} />
      {signInOptions.providers.length > 0 && (
        <Stack gap="xs" mb="md">
          {/* A navigation to the server, which sends the browser on to the provider (issue 36). */}
          {signInOptions.providers.map((provider) => (
            <Button key={provider.providerId} component="a" href={`/auth/sso/${provider.providerId}/start`} variant="default" fullWidth>
              {t('shell.signIn.withProvider', { name: provider.name })}
            </Button>
          ))}
          {signInOptions.password && <Divider label={t('shell.signIn.or')} labelPosition="center" />}
        </Stack>
      )}
      {signInOptions.password && (
        <form onSubmit={(event) => void signIn(event)} noValidate>
          <Stack>
            <TextInput
              label={t(signInUsernameLabel(app.appSlug))}
              autoComplete="username"
              value={userId}
              onChange={(event) => setUserId(event.currentTarget.value)}
              autoFocus
            />
            <PasswordField
              label={t(SIGN_IN_TEXT.password)}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            {askedForCode && (
              <TextInput
                label={t('shell.signIn.code')}
                description={t('shell.signIn.codeHint')}
                autoComplete="one-time-code"
                value={code}
                onChange={(event) => setCode(event.currentTarget.value)}
                autoFocus
              />
            )}
            <Button type="submit" loading={busy} fullWidth>{t(SIGN_IN_TEXT.submit)}</Button>
            {typeof window.PublicKeyCredential === 'function' && (
              <Button variant="default" fullWidth leftSection={<IconFingerprint size={18} />} loading={busy} onClick={() => void signInWithPasskey()}>
                {t('shell.signIn.passkey')}
              </Button>
            )}
          </Stack>
        </form>
      )}
      {(isMain || (app.appOpenRegistration && signInOptions.password)) && (
        <Stack gap={6} mt="lg" align="center">
          <Anchor component={Link} to={path('auth/register')} size="sm">{t('shell.signIn.registerLink')}</Anchor>
          {isMain && (
            <Group gap="md" justify="center">
              <HelpLink {...registrationRequirements(t)} />
              <HelpLink {...tutorial(t)} ordered />
              <Anchor
                href={`https://wa.me/${WHATSAPP_ADMIN_NUMBER}`}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                c="green.8"
              >
                <Group gap={4} component="span" wrap="nowrap">
                  <IconBrandWhatsapp size={16} />
                  {t('shell.signIn.contactAdmin')}
                </Group>
              </Anchor>
            </Group>
          )}
        </Stack>
      )}
    </AuthFrame>
  );
}

/** Why a single sign-on came back refused (the server's code in `?sso=`), said once. */
function SsoRefusalNotice() {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const code = new URLSearchParams(location.search).get('sso');
  useEffect(() => {
    if (code === null) return;
    notifyFailure(t(isSsoRefusal(code) ? code : 'ssoRefused'));
    void navigate(location.pathname, { replace: true });
  }, [code, location.pathname, navigate, t]);
  return null;
}
