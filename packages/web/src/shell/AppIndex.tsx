import { Navigate } from 'react-router';
import { useCurrentApp } from '../current-app/app-context';
import { landingPath } from '../session/app-resolution';
import { readSession } from '../session/session-storage';

/** The application's bare address: the landing of a stored login, else the sign-in screen. */
export function AppIndex() {
  const { app, path } = useCurrentApp();
  const stored = readSession(app.appSlug);
  const landing = stored.kind === 'ok' ? landingPath(app, stored.session.user.userGroup, path) : null;
  return <Navigate to={landing ?? path('auth/login')} replace />;
}
