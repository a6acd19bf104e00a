import { Navigate } from 'react-router';
import { useCurrentApp } from './app-context';
import { landingPath } from './app-resolution';
import { readSession } from './session-storage';

/** The application's bare address: the landing of a stored login, else the sign-in screen. */
export function AppIndex() {
  const { app, path } = useCurrentApp();
  const stored = readSession(app.appSlug);
  const landing = stored.kind === 'ok' ? landingPath(app, stored.session.user.userGroup, path) : null;
  return <Navigate to={landing ?? path('auth/login')} replace />;
}
