import { MAIN_APP_SLUG } from '@rakit/core';
import { Navigate, type RouteObject } from 'react-router';
import { AppListScreen } from '../admin/apps/AppListScreen';
import { DatabaseListScreen } from '../admin/databases/DatabaseListScreen';
import { GroupListScreen } from '../admin/groups/GroupListScreen';
import { MenuListScreen } from '../admin/menus/MenuListScreen';
import { UserListScreen } from '../admin/users/UserListScreen';
import { LoginScreen } from '../auth/LoginScreen';
import { RegisterScreen } from '../auth/RegisterScreen';
import { FormEditorScreen } from '../editor/FormEditorScreen';
import { LaterReleasePanel } from '../pages/LaterReleasePanel';
import { NotFound } from '../pages/NotFound';
import { RuntimeScreen } from '../runtime/RuntimeScreen';
import { AppIndex } from './AppIndex';
import { AppScope } from './AppScope';
import { RequireSession } from './RequireSession';
import { SignedInLayout } from './SignedInLayout';

/** Admin screens still to come, with the title each will carry (spec 1 screens 9-12). */
const LATER_ADMIN_SCREENS: readonly (readonly [path: string, title: string])[] = [
  ['workflow', 'Workflow Editor'],
  ['function', 'Functions'],
  ['libraries', 'Libraries'],
];

/** The routes of one application (spec 1 §2), relative to its slug or subdomain. */
const applicationRoutes: RouteObject[] = [
  { index: true, element: <AppIndex /> },
  { path: 'auth', element: <Navigate to="login" replace /> },
  { path: 'auth/login', element: <LoginScreen /> },
  { path: 'auth/register', element: <RegisterScreen /> },
  {
    element: <RequireSession admin />,
    children: [{
      element: <SignedInLayout />,
      children: [
        { path: 'home', element: <AppListScreen /> },
        { path: 'database', element: <DatabaseListScreen /> },
        { path: 'group', element: <GroupListScreen /> },
        { path: 'user', element: <UserListScreen /> },
        { path: 'menu', element: <MenuListScreen /> },
        { path: 'form-editor', element: <FormEditorScreen /> },
        ...LATER_ADMIN_SCREENS.map(([path, title]) => ({ path, element: <LaterReleasePanel title={title} /> })),
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
