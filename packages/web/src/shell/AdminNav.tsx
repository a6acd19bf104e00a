import { ActionIcon, Button, Group, Menu } from '@mantine/core';
import { IconMenu2 } from '@tabler/icons-react';
import { matchPath, NavLink, useLocation } from 'react-router';
import { useCurrentApp } from '../current-app/app-context';
import { useT } from '../i18n/LanguageProvider';
import { useSession } from '../session/session-context';
import { type AdminScreen, linkedScreens } from './admin-screens';

/** The screens this user's top bar links in this application (spec 1 screen 4), his to use. */
function useLinkedScreens(): AdminScreen[] {
  const { app } = useCurrentApp();
  const { user } = useSession();
  return linkedScreens(user.userGroup, app);
}

/**
 * The admin area's navigation (spec 1 screen 4): every admin screen the user may use one click
 * from any other, the current one marked (react-router's NavLink sets aria-current="page").
 * Wide screens show the links in the bar; narrower ones a menu button listing them.
 */
export function AdminNavLinks() {
  const t = useT();
  const { path } = useCurrentApp();
  return (
    <Group gap={2} wrap="nowrap" visibleFrom="lg" component="nav" aria-label={t('shell.nav.label')}>
      {useLinkedScreens().map(({ route, label }) => (
        <NavLink key={route} to={path(route)} style={{ textDecoration: 'none' }}>
          {/* Narrower than an xs button's own padding: the bar holds every screen at 1366 px with the application's name whole. */}
          {({ isActive }) => <Button component="span" size="xs" px={8} variant={isActive ? 'light' : 'subtle'}>{t(label)}</Button>}
        </NavLink>
      ))}
    </Group>
  );
}

/** The same links behind a menu button, where the bar is too narrow for them (below 1200 px). */
export function AdminNavMenu() {
  const t = useT();
  const { path } = useCurrentApp();
  const { pathname } = useLocation();
  return (
    <Menu position="bottom-start" shadow="md" width={200}>
      <Menu.Target>
        <ActionIcon variant="subtle" size="lg" hiddenFrom="lg" aria-label={t('shell.nav.menu')}>
          <IconMenu2 size={20} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown aria-label={t('shell.nav.label')}>
        {useLinkedScreens().map(({ route, label }) => (
          <Menu.Item
            key={route}
            component={NavLink}
            to={path(route)}
            color={matchPath({ path: path(route), end: false }, pathname) ? 'blue' : undefined}
          >
            {t(label)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
