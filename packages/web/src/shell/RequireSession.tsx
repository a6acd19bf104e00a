import { isAdminInApp, isSessionLive } from '@rakit/core';
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useNavigate } from 'react-router';
import { useCurrentApp } from '../current-app/app-context';
import { SessionContext } from '../session/session-context';
import { readSession, removeSession } from '../session/session-storage';

// Only an administrator of an application requiring a second factor, who has none, sees it (issue 36).
const SecondFactorRequiredScreen = lazy(() => import('../sessions/SecondFactorRequiredScreen'));

/**
 * Route guard (spec 1 §6). `admin` routes need a stored, unexpired login that is admin of
 * the application; the others need a stored login. Failing that, the user goes to the
 * application's login; an unreadable stored session is removed and the user goes to '/'. A
 * session that must set up a second factor shows that setup instead of the screen.
 */
export function RequireSession({ admin = false }: { admin?: boolean }) {
  const { app, path } = useCurrentApp();
  const stored = readSession(app.appSlug);
  if (stored.kind === 'invalid') return <DropUnreadableSession appSlug={app.appSlug} />;
  if (stored.kind === 'none') return <Navigate to={path('auth/login')} replace />;
  const { session } = stored;
  if (admin && !(isSessionLive(session) && isAdminInApp(session.user.userGroup, app))) {
    return <Navigate to={path('auth/login')} replace />;
  }
  return (
    <SessionContext.Provider value={session}>
      {session.user.mustSetUpSecondFactor === true ? <Suspense fallback={null}><SecondFactorRequiredScreen /></Suspense> : <Outlet />}
    </SessionContext.Provider>
  );
}

function DropUnreadableSession({ appSlug }: { appSlug: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    removeSession(appSlug);
    void navigate('/', { replace: true });
  }, [appSlug, navigate]);
  return null;
}
