import { mainContentProps, SkipLink } from '../components/SkipLink';
import { ActionIcon, AppShell, Burger, Button, Group, Loader, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { isAdminInApp, type Menu, menuCalls } from '@rakit/core';
import { memo, useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useCurrentApp } from '../current-app/app-context';
import { useT } from '../i18n/LanguageProvider';
import { useSession } from '../session/session-context';
import { useLogout } from '../current-app/use-logout';
import { LanguageMenu } from '../current-app/OwnLanguagePicker';
import { useOwnSessions } from '../sessions/use-own-sessions';
import { InstallBanner } from '../pwa/InstallBanner';
import { IconDevices } from '@tabler/icons-react';
import { AdminLinks } from './AdminLinks';
import { MenuNav } from './MenuNav';
import { TasksEntry } from './TasksEntry';
import { PageView } from './PageView';
import { useStableHandler } from '../components/memo-props';
import { OFFLINE_KEPT } from '../offline/offline-cache';
import { OfflineStatus } from '../offline/OfflineStatus';

const NO_MENUS: readonly Menu[] = [];

interface RuntimeScreenProps {
  /** The preview window (/{appSlug}/preview/{page}): only Logout in the header. */
  preview?: boolean;
}

/**
 * The runtime page viewer (spec 1 screen 11): a closable sidebar with the application
 * name and the menus of the member's groups (closed by itself on xs and sm), and the page.
 */
export function RuntimeScreen({ preview = false }: RuntimeScreenProps) {
  const t = useT();
  const { app, api, path } = useCurrentApp();
  const { user } = useSession();
  const sessions = useOwnSessions();
  const navigate = useNavigate();
  const { groupSlug = '', pageSlug, appPreview } = useParams();
  // Read at the first render (not in an effect): on a phone the sidebar starts folded instead of
  // being drawn open and folded again.
  const small = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
  // The handlers one by one: useDisclosure's handlers object is new on every render, and an
  // effect depending on it closed the sidebar again right after ☰ opened it.
  const [sidebarOpen, { open: openSidebar, close: closeSidebar, toggle: toggleSidebar }] = useDisclosure(small !== true);
  useEffect(() => {
    if (small === true) closeSidebar();
    else if (small === false) openSidebar();
  }, [small, openSidebar, closeSidebar]);
  // Edit mode wants the page's whole width (issue 41): while it lasts the sidebar has a state of
  // its own, folded when it starts (☰ still opens it); the members' view keeps its own state, so
  // the sidebar is as it was once edit mode ends. Derived, not restored by effects.
  const [editMode, setEditMode] = useState(false);
  const [sidebarWhileEditing, setSidebarWhileEditing] = useState(false);
  const onEditModeChange = useCallback((on: boolean) => {
    setEditMode(on);
    setSidebarWhileEditing(false);
  }, []);
  const sidebarShown = editMode ? sidebarWhileEditing : sidebarOpen;
  const toggleShownSidebar = editMode ? () => setSidebarWhileEditing((shown) => !shown) : toggleSidebar;
  const onToggleSidebar = useStableHandler(toggleShownSidebar);
  // The administrator's way back to the admin screens; never in the preview window.
  const administers = !preview && isAdminInApp(user.userGroup, app);

  const menus = useQuery({ queryKey: ['menus', app.appId], queryFn: () => api.call(menuCalls.listMenu, { params: { appId: app.appId } }), ...OFFLINE_KEPT });
  const shownPage = preview ? appPreview : pageSlug;
  // Text, not a function: the menu and the page are memoized and the shell renders again often
  // while a page starts (its menus, the screen's width, the session), issue 42.
  const pagesBase = path(preview ? 'preview/' : `${groupSlug}/`);
  const openPage = useStableHandler((slug: string) => {
    navigate(`${pagesBase}${slug}`);
    if (small === true) {
      closeSidebar();
      setSidebarWhileEditing(false);
    }
  });
  const menuList = menus.data?.data ?? NO_MENUS;

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !sidebarShown, desktop: !sidebarShown } }}
      padding="md"
    >
      <SkipLink />
      {sessions.dialog}
      <AppShell.Header>
        <RuntimeHeader preview={preview} administers={administers} shownPage={shownPage} sidebarShown={sidebarShown} onToggleSidebar={onToggleSidebar} onOpenSessions={sessions.open} />
      </AppShell.Header>
      {/* Folded, the menu is out of the Tab order and hidden from screen readers too, not only off screen. */}
      <AppShell.Navbar p="xs" aria-label={t('shell.runtime.appMenu')} inert={!sidebarShown}>
        <Text fw={700} px="sm" py="xs">{app.appName}</Text>
        <ScrollArea>
          {!preview && <TasksEntry />}
          {menus.isPending ? <Loader size="sm" m="sm" /> : (
            <MenuNav menus={menuList} activePageSlug={shownPage} pagesBase={pagesBase} onOpenPage={openPage} />
          )}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0" {...mainContentProps}>
        {shownPage === undefined ? <Welcome appName={app.appName} /> : <PageView key={shownPage} pageSlug={shownPage} preview={preview} onEditModeChange={onEditModeChange} />}
      </AppShell.Main>
      {/* A member on a phone is offered to install the application, once (issue 38); never in the preview. */}
      {!preview && <InstallBanner appSlug={app.appSlug} appName={app.appName} />}
    </AppShell>
  );
}

interface RuntimeHeaderProps {
  preview: boolean;
  administers: boolean;
  shownPage: string | undefined;
  sidebarShown: boolean;
  onToggleSidebar: () => void;
  onOpenSessions: () => void;
}

/**
 * The runtime's top bar: ☰, the application's name and the member's controls. Memoized: the
 * screen renders again as its menus arrive and the page starts, and the bar has not changed (issue 42).
 */
const RuntimeHeader = memo(function RuntimeHeader({ preview, administers, shownPage, sidebarShown, onToggleSidebar, onOpenSessions }: RuntimeHeaderProps) {
  const t = useT();
  const { app } = useCurrentApp();
  const { user } = useSession();
  const logout = useLogout();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Burger opened={sidebarShown} onClick={onToggleSidebar} size="sm" aria-label={t('shell.runtime.toggleMenu')} hiddenFrom={preview ? 'sm' : undefined} />
        {!preview && <Text fw={700} fz="h4" lineClamp={1} title={app.appName}>{app.appName}</Text>}
      </Group>
      {/* The controls keep their size; the application's name gives way on a phone. */}
      <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
        {!preview && <OfflineStatus appSlug={app.appSlug} userId={user.userId} />}
        {administers && <AdminLinks pageSlug={shownPage} />}
        {!preview && <Text size="sm" c="dimmed" visibleFrom="sm">{user.userId}</Text>}
        {!preview && <LanguageMenu />}
        {!preview && <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('shell.sessions.title')} onClick={onOpenSessions}><IconDevices size={20} /></ActionIcon>}
        <Button variant="light" size="xs" onClick={() => void logout()}>{t('shell.logout')}</Button>
      </Group>
    </Group>
  );
});

function Welcome({ appName }: { appName: string }) {
  const t = useT();
  return (
    <Paper withBorder p="xl" maw={640}>
      <Stack gap="xs">
        <Text c="dimmed" size="sm">{t('shell.runtime.welcome')}</Text>
        <Title order={1} size="h2">{appName}</Title>
        <Text>{t('shell.runtime.choosePage')}</Text>
      </Stack>
    </Paper>
  );
}
