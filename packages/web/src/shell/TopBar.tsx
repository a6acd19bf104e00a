import { ActionIcon, Avatar, Burger, Button, Group, Indicator, Menu, Popover, Stack, Text, Title } from '@mantine/core';
import { IconBell, IconLogout, IconMessageCircle } from '@tabler/icons-react';
import { Messages, ROOT_APP_SLUG } from '@rakit/core';
import { type ReactNode, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { UserFormDialog } from '../admin/users/UserFormDialog';
import { useCurrentApp } from './app-context';
import { useSession } from './session-context';
import { useLogout } from './use-logout';

/** The role label of the profile popover, the same for everyone (spec 1 screen 4). */
const ROLE_LABEL = 'Administrator';

/** Top bar of every signed-in screen (spec 1 screen 4). */
export function TopBar() {
  const { app, title } = useCurrentApp();
  const { user } = useSession();
  const logout = useLogout();
  // The Home, Database and Third Parties links belong to the root application only.
  const withRootLinks = app.appSlug === ROOT_APP_SLUG;

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap" miw={0}>
        {withRootLinks && <RootLinksMenu />}
        {/* One line: a long application name ends in '…' on a phone instead of growing the bar. */}
        <Title order={3} c="blue.7" miw={0} title={title} style={{ letterSpacing: 1, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{title}</Title>
        {withRootLinks && (
          <Group gap={4} wrap="nowrap" visibleFrom="sm" component="nav" aria-label="Main">
            <TabLink to="home">Home</TabLink>
            <TabLink to="database">Database</TabLink>
            <ThirdPartiesLink />
          </Group>
        )}
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Counter label="Chat" icon={<IconMessageCircle size={20} />} />
        <Counter label="Notifications" icon={<IconBell size={20} />} />
        <Text size="sm" fw={500} visibleFrom="sm" data-testid="signed-in-user">{user.userId}</Text>
        <ProfilePopover userId={user.userId} onLogout={logout} />
        <Button variant="light" color="red" size="xs" leftSection={<IconLogout size={16} />} onClick={logout} visibleFrom="xs">Logout</Button>
        {/* On a phone the icon alone, so the application's name keeps its room. */}
        <ActionIcon variant="light" color="red" size="lg" aria-label="Logout" title="Logout" onClick={logout} hiddenFrom="xs"><IconLogout size={18} /></ActionIcon>
      </Group>
    </Group>
  );
}

function TabLink({ to, children }: { to: string; children: ReactNode }) {
  const { path } = useCurrentApp();
  return (
    <NavLink to={path(to)} style={{ textDecoration: 'none' }}>
      {({ isActive }) => <Button component="span" size="xs" variant={isActive ? 'light' : 'subtle'}>{children}</Button>}
    </NavLink>
  );
}

/**
 * The root links on a narrow screen (below sm), where the tabs do not fit: a ☰ button opening
 * them as a menu, the current one marked.
 */
function RootLinksMenu() {
  const { path } = useCurrentApp();
  const { pathname } = useLocation();
  const [opened, setOpened] = useState(false);
  const link = (to: string, label: string) => {
    const current = pathname === path(to);
    return (
      <Menu.Item component={NavLink} to={path(to)} fw={current ? 700 : undefined} c={current ? 'blue.7' : undefined}>
        {label}
      </Menu.Item>
    );
  };
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-start" shadow="md" width={220}>
      <Menu.Target>
        <Burger opened={opened} size="sm" hiddenFrom="sm" aria-label="Main menu" />
      </Menu.Target>
      <Menu.Dropdown component="nav" aria-label="Main">
        {link('home', 'Home')}
        {link('database', 'Database')}
        <Menu.Item disabled>Third Parties</Menu.Item>
        <Text size="xs" c="dimmed" px="sm" pb={6}>Third-party connections arrive in a later release.</Text>
      </Menu.Dropdown>
    </Menu>
  );
}

function ThirdPartiesLink() {
  return (
    <Popover width={240} position="bottom-start" withArrow shadow="md">
      <Popover.Target>
        <Button size="xs" variant="subtle">Third Parties</Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm">Third-party connections arrive in a later release.</Text>
      </Popover.Dropdown>
    </Popover>
  );
}

/** A fixed counter (chat, notifications): an icon with a count badge. */
function Counter({ label, icon }: { label: string; icon: ReactNode }) {
  return (
    <Indicator label={0} showZero size={16} color="red" offset={4}>
      <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label}>{icon}</ActionIcon>
    </Indicator>
  );
}

/**
 * The profile popover (spec 1 screen 4): who is signed in, 'change profile' and logout. 'change
 * profile' changes one's own password, with the current one, in the users screen's dialog.
 */
function ProfilePopover({ userId, onLogout }: { userId: string; onLogout: () => void }) {
  const [opened, setOpened] = useState(false);
  const [changing, setChanging] = useState(false);
  const changeProfile = () => {
    setOpened(false);
    setChanging(true);
  };
  return (
    <>
      <Popover width={220} position="bottom-end" withArrow shadow="md" opened={opened} onChange={setOpened}>
        <Popover.Target>
          <ActionIcon variant="transparent" size="lg" radius="xl" aria-label="Profile" onClick={() => setOpened((open) => !open)}>
            <Avatar name={userId} color="initials" size={34} radius="xl" />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap={6}>
            <Text fw={600} size="sm" style={{ wordBreak: 'break-all' }}>{userId}</Text>
            <Text size="xs" c="dimmed">{ROLE_LABEL}</Text>
            <Button variant="subtle" size="xs" justify="flex-start" onClick={changeProfile}>change profile</Button>
            <Button variant="subtle" size="xs" color="red" justify="flex-start" onClick={onLogout}>logout</Button>
          </Stack>
        </Popover.Dropdown>
      </Popover>
      {changing && (
        <UserFormDialog
          editing={userId}
          title="Change Password"
          savedMessage={Messages.passwordChanged}
          onClose={() => setChanging(false)}
          onSaved={() => setChanging(false)}
        />
      )}
    </>
  );
}
