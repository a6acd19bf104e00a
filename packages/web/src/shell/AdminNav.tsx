import { ActionIcon, Button, Group, Menu } from '@mantine/core';
import { IconMenu2 } from '@tabler/icons-react';
import { ROOT_APP_SLUG } from '@rakit/core';
import { matchPath, NavLink, useLocation } from 'react-router';
import { useCurrentApp } from '../current-app/app-context';

/**
 * The admin routes of spec 1 §2 with their top bar labels, in the order a builder works:
 * applications, then the pages and who sees them, then data and logic. Every route here is
 * open to anyone the admin guard lets in, so everyone who sees the bar may follow every link.
 */
const ADMIN_LINKS: readonly (readonly [route: string, label: string])[] = [
  ['home', 'Home'],
  ['form-editor', 'Editor'],
  ['menu', 'Menu'],
  ['group', 'Group'],
  ['user', 'User'],
  ['database', 'Database'],
  ['workflow', 'Workflow'],
  ['function', 'Function'],
  ['libraries', 'Libraries'],
  ['audit', 'Audit log'],
];

/** The root application's Third Parties screen (spec 1 screen 4): linked in `_root` only. */
const THIRD_PARTIES_ROUTE = 'third-parties';
/** The root application's school directory (issue 14): linked in `_root` only. */
const SCHOOLS_ROUTE = 'schools';

/**
 * The admin area's navigation (spec 1 screen 4): every admin screen one click from any other,
 * the current one marked (react-router's NavLink sets aria-current="page"). Wide screens show the
 * links in the bar; narrower ones a menu button listing them. Third Parties belongs to root only.
 */
export function AdminNavLinks() {
  const { app, path } = useCurrentApp();
  return (
    <Group gap={2} wrap="nowrap" visibleFrom="lg" component="nav" aria-label="Administration">
      {ADMIN_LINKS.map(([route, label]) => (
        <NavLink key={route} to={path(route)} style={{ textDecoration: 'none' }}>
          {({ isActive }) => <Button component="span" size="xs" variant={isActive ? 'light' : 'subtle'}>{label}</Button>}
        </NavLink>
      ))}
      {app.appSlug === ROOT_APP_SLUG && (
        <NavLink to={path(THIRD_PARTIES_ROUTE)} style={{ textDecoration: 'none' }}>
          {({ isActive }) => <Button component="span" size="xs" variant={isActive ? 'light' : 'subtle'}>Third Parties</Button>}
        </NavLink>
      )}
      {app.appSlug === ROOT_APP_SLUG && (
        <NavLink to={path(SCHOOLS_ROUTE)} style={{ textDecoration: 'none' }}>
          {({ isActive }) => <Button component="span" size="xs" variant={isActive ? 'light' : 'subtle'}>Schools</Button>}
        </NavLink>
      )}
    </Group>
  );
}

/** The same links behind a menu button, where the bar is too narrow for them (below 1200 px). */
export function AdminNavMenu() {
  const { app, path } = useCurrentApp();
  const { pathname } = useLocation();
  return (
    <Menu position="bottom-start" shadow="md" width={200}>
      <Menu.Target>
        <ActionIcon variant="subtle" size="lg" hiddenFrom="lg" aria-label="Administration menu">
          <IconMenu2 size={20} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown aria-label="Administration">
        {ADMIN_LINKS.map(([route, label]) => (
          <Menu.Item
            key={route}
            component={NavLink}
            to={path(route)}
            color={matchPath({ path: path(route), end: false }, pathname) ? 'blue' : undefined}
          >
            {label}
          </Menu.Item>
        ))}
        {app.appSlug === ROOT_APP_SLUG && (
          <Menu.Item
            component={NavLink}
            to={path(THIRD_PARTIES_ROUTE)}
            color={matchPath({ path: path(THIRD_PARTIES_ROUTE), end: false }, pathname) ? 'blue' : undefined}
          >
            Third Parties
          </Menu.Item>
        )}
        {app.appSlug === ROOT_APP_SLUG && (
          <Menu.Item
            component={NavLink}
            to={path(SCHOOLS_ROUTE)}
            color={matchPath({ path: path(SCHOOLS_ROUTE), end: false }, pathname) ? 'blue' : undefined}
          >
            Schools
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
