import { MAIN_APP_SLUG } from '@rakit/core';
import type { ReactElement } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { LoginScreen } from '../auth/LoginScreen';
import { NotFound } from '../pages/NotFound';
import { RuntimeScreen } from '../runtime/RuntimeScreen';
import { AppIndex } from './AppIndex';
import { ADMIN_SCREENS } from './admin-screens';
import { AppScope } from './AppScope';
import { RequireSession } from './RequireSession';
import { ScreenGate } from './ScreenGate';
import { loadBuilderTexts } from '../i18n/i18n';

/**
 * A screen's code is fetched when its route is first opened (react-router's route.lazy): the
 * login and the members' runtime viewer (loaded with the app, as most visitors land there) do
 * not download the editor or the admin screens.
 */
const screen = (load: () => Promise<ReactElement>): Pick<RouteObject, 'lazy'> => ({ lazy: async () => ({ element: await load() }) });

/** The routes of one application (spec 1 §2), relative to its slug or subdomain. */
const applicationRoutes: RouteObject[] = [
  { index: true, element: <AppIndex /> },
  { path: 'auth', element: <Navigate to="login" replace /> },
  { path: 'auth/login', element: <LoginScreen /> },
  { path: 'auth/sso', ...screen(async () => { const { SsoLandingScreen } = await import('../auth/SsoLandingScreen'); return <SsoLandingScreen />; }) },
  { path: 'auth/register', ...screen(async () => { const { RegisterScreen } = await import('../auth/RegisterScreen'); return <RegisterScreen />; }) },
  {
    element: <RequireSession admin />,
    children: [{
      // The builders' texts come with the frame of their screens (i18n.ts: a part of their own).
      ...screen(async () => { const [{ SignedInLayout }] = await Promise.all([import('./SignedInLayout'), loadBuilderTexts()]); return <SignedInLayout />; }),
      children: [
        // Each screen guarded by the rule its top bar link follows (admin-screens.tsx).
        ...ADMIN_SCREENS.map((admin) => ({ path: admin.route, ...screen(async () => <ScreenGate screen={admin}>{await admin.load()}</ScreenGate>) })),
      ],
    }],
  },
  {
    // The preview window of an application's pages, for its administrators (own frame).
    element: <RequireSession admin />,
    children: [
      { path: 'preview', element: <RuntimeScreen preview /> },
      { path: 'preview/:appPreview', element: <RuntimeScreen preview /> },
    ],
  },
  {
    // The runtime page viewer of members (spec 1 screen 11).
    element: <RequireSession />,
    children: [
      { path: ':groupSlug', element: <RuntimeScreen /> },
      { path: ':groupSlug/:pageSlug', element: <RuntimeScreen /> },
    ],
  },
  { path: '*', element: <Navigate to="/404" replace /> },
];

const notFound: RouteObject = { path: '/404', element: <NotFound /> };

/**
 * The route table. With a subdomain naming the application the routes have no slug prefix;
 * otherwise the first segment is the slug, and '/' goes to the main application's login.
 */
export function routeTable(subdomainSlug: string | null): RouteObject[] {
  if (subdomainSlug !== null) {
    return [notFound, { path: '/', element: <AppScope subdomainSlug={subdomainSlug} />, children: applicationRoutes }];
  }
  return [
    notFound,
    { path: '/', element: <Navigate to={`/${MAIN_APP_SLUG}/auth/login`} replace /> },
    { path: '/:appSlug', element: <AppScope />, children: applicationRoutes },
    { path: '*', element: <Navigate to="/404" replace /> },
  ];
}
