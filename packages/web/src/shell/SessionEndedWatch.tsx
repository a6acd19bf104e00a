import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SESSION_ENDED_EVENT } from '../api/client';
import { useCurrentApp } from '../current-app/app-context';
import { notifyInfo } from '../components/notify';
import { useT } from '../i18n/LanguageProvider';

/**
 * Takes the person to the application's sign-in screen once the server no longer takes his
 * session (issue 36: his sessions were ended, his password changed elsewhere, the token
 * expired), saying so once; the sign-in screen clears what the browser kept of the session.
 */
export function SessionEndedWatch() {
  const t = useT();
  const { app, path } = useCurrentApp();
  const navigate = useNavigate();
  const location = useLocation();
  const onSignIn = location.pathname.startsWith(path('auth/'));
  useEffect(() => {
    const ended = (event: Event) => {
      if (onSignIn || (event as CustomEvent<string>).detail !== app.appSlug) return;
      // News he did not ask for, to be read (a failure notice's 1.5 s is too short for it).
      notifyInfo(t('shell.signIn.sessionEnded'), t('shell.signIn.sessionEndedTitle'));
      void navigate(path('auth/login'), { replace: true });
    };
    window.addEventListener(SESSION_ENDED_EVENT, ended);
    return () => window.removeEventListener(SESSION_ENDED_EVENT, ended);
  }, [app.appSlug, navigate, onSignIn, path, t]);
  return null;
}
