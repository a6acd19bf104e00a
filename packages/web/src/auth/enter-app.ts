import { useQueryClient } from '@tanstack/react-query';
import { restoreAfterSignIn } from '../offline/offline-cache';
import { groupsForApp, mayEnterApp, type SessionUser } from '@rakit/core';
import { useNavigate } from 'react-router';
import { useCurrentApp } from '../current-app/app-context';
import { useT } from '../i18n/LanguageProvider';
import { landingPath } from '../session/app-resolution';
import { notifyFailure } from '../components/notify';
import { storeSession } from '../session/session-storage';

/**
 * Enters the application with a session the server answered (a password's sign-in, or single
 * sign-on's ticket): kept for the application, then its landing page. The server applies the
 * access rule; the same rule here guards a stale or odd answer. False, with a notice, when the
 * session may not enter.
 */
export function useEnterApp(): (user: SessionUser) => boolean {
  const t = useT();
  const { app, path } = useCurrentApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (user) => {
    if (!mayEnterApp(user.userGroup, app)) {
      notifyFailure(t('loginFailed'));
      return false;
    }
    const firstGroup = groupsForApp(user.userGroup, app)[0];
    const target = landingPath(app, user.userGroup, path);
    if (firstGroup === undefined || target === null) {
      notifyFailure(t('loginNoGroup'));
      return false;
    }
    storeSession(app, user, firstGroup);
    void restoreAfterSignIn(queryClient, app.appSlug, user.userId).catch(() => undefined);
    void navigate(target);
    return true;
  };
}
