import { signInCalls } from '@rakit/core';
import { Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiUnreachableError, firstError, publicApi } from '../api/client';
import { useCurrentApp } from '../current-app/app-context';
import { useT } from '../i18n/LanguageProvider';
import { notifyFailure } from '../components/notify';
import { AuthFrame } from './AuthFrame';
import { useEnterApp } from './enter-app';

/**
 * Where single sign-on ends (issue 36): the server sent the browser here with a one-time
 * ticket, traded at once for a session; the ticket leaves the address before anything else is
 * shown. A ticket that no longer trades sends the person back to the sign-in screen, told why.
 */
export function SsoLandingScreen() {
  const t = useT();
  const { path } = useCurrentApp();
  const location = useLocation();
  const navigate = useNavigate();
  const enterApp = useEnterApp();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const ticket = new URLSearchParams(location.search).get('ticket') ?? '';
    const backToSignIn = (message: string) => {
      notifyFailure(message);
      void navigate(path('auth/login'), { replace: true });
    };
    void navigate(location.pathname, { replace: true });
    publicApi.call(signInCalls.redeemSignInTicket, { body: { ticket } }).then((answer) => {
      const user = answer.data?.[0];
      if (!answer.status || user === undefined) backToSignIn(firstError(answer, t('ssoTicketInvalid')));
      else if (!enterApp(user)) void navigate(path('auth/login'), { replace: true });
    }).catch((error: unknown) => {
      if (!(error instanceof ApiUnreachableError)) throw error;
      backToSignIn(t('ssoTicketInvalid'));
    });
  }, [enterApp, location.pathname, location.search, navigate, path, t]);

  return (
    <AuthFrame subtitle={t('shell.signIn.signingIn')}>
      <Stack align="center" gap="xs" role="status" aria-live="polite">
        <Loader />
        <Text size="sm" c="dimmed">{t('shell.signIn.signingIn')}</Text>
      </Stack>
    </AuthFrame>
  );
}
