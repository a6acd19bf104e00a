import { ActionIcon, Anchor, Avatar, Button, Group, Indicator, Popover, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconBell, IconLogout, IconMessageCircle } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { UserFormDialog } from '../admin/users/UserFormDialog';
import { AdminNavLinks, AdminNavMenu } from './AdminNav';
import { useCurrentApp } from '../current-app/app-context';
import { useT } from '../i18n/LanguageProvider';
import { useSession } from '../session/session-context';
import { useLogout } from '../current-app/use-logout';
import { OwnLanguagePicker } from '../current-app/OwnLanguagePicker';
import { useOwnSessions } from '../sessions/use-own-sessions';
import { usePasskeysDialog, useSecondFactorDialog } from '../sessions/use-second-factor-dialog';

/** Top bar of every signed-in screen (spec 1 screen 4). */
export function TopBar() {
  const t = useT();
  const { title, path } = useCurrentApp();
  const { user } = useSession();
  const logout = useLogout();

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <AdminNavMenu />
        {/* One line: a long application name ends in '…' on a phone instead of growing the bar. */}
        {/* The application's name, not a heading: each screen's own title is its one h1. */}
        <Text fw={700} lh={1.35} c="blue.7" fz={{ base: 'h4', sm: 'h3' }} miw={0} title={title} style={{ letterSpacing: 1, overflow: 'hidden' }}>
          {/* The title leads home: in main, where the bar has no Home tab (spec 1 screen 4), it is the way back. */}
          {/* A block, so the link is a target of the line's full height (at least 24 px, WCAG 2.5.8), not of its glyphs only. */}
          <Anchor component={Link} to={path('home')} inherit c="inherit" underline="never" display="block" style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{title}</Anchor>
        </Text>
        <AdminNavLinks />
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Counter label={t('shell.topBar.chat')} icon={<IconMessageCircle size={20} />} />
        <Counter label={t('shell.topBar.notifications')} icon={<IconBell size={20} />} />
        <Text size="sm" fw={500} visibleFrom="sm" data-testid="signed-in-user">{user.userId}</Text>
        <ProfilePopover userId={user.userId} onLogout={() => void logout()} />
        {/* Below 1408 px (phones, and widths where the bar also holds every screen's link) the button keeps its name but not its width, so the title stays readable. */}
        <Button variant="light" color="red" size="xs" leftSection={<IconLogout size={16} />} onClick={() => void logout()} visibleFrom="xl">{t('shell.logout')}</Button>
        <ActionIcon variant="light" color="red" size="lg" aria-label={t('shell.logout')} onClick={() => void logout()} hiddenFrom="xl"><IconLogout size={18} /></ActionIcon>
      </Group>
    </Group>
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
 * profile' changes one's own password, with the current one, in the users screen's dialog; his
 * sessions (issue 36) are listed in their own dialog.
 */
function ProfilePopover({ userId, onLogout }: { userId: string; onLogout: () => void }) {
  const t = useT();
  const [opened, setOpened] = useState(false);
  const [changing, setChanging] = useState(false);
  const sessions = useOwnSessions();
  const secondFactor = useSecondFactorDialog();
  const passkeys = usePasskeysDialog();
  const changeProfile = () => {
    setOpened(false);
    setChanging(true);
  };
  const show = (dialog: { open: () => void }) => () => {
    setOpened(false);
    dialog.open();
  };
  return (
    <>
      <Popover width={220} position="bottom-end" withArrow shadow="md" opened={opened} onChange={setOpened}>
        <Popover.Target>
          <ActionIcon variant="transparent" size="lg" radius="xl" onClick={() => setOpened((open) => !open)}>
            {/* Named by what it shows (the initials) and what it is (WCAG 2.5.3, label in name). */}
            <Avatar name={userId} color="initials" size={34} radius="xl" />
            <VisuallyHidden>{t('shell.profile.of', { userId })}</VisuallyHidden>
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap={6}>
            <Text fw={600} size="sm" style={{ wordBreak: 'break-all' }}>{userId}</Text>
            {/* The role label, the same for everyone (spec 1 screen 4). */}
            <Text size="xs" c="dimmed">{t('shell.profile.role')}</Text>
            <OwnLanguagePicker />
            <Button variant="subtle" size="xs" justify="flex-start" onClick={changeProfile}>{t('shell.profile.change')}</Button>
            <Button variant="subtle" size="xs" justify="flex-start" onClick={show(sessions)}>{t('shell.sessions.title')}</Button>
            <Button variant="subtle" size="xs" justify="flex-start" onClick={show(passkeys)}>{t('shell.passkeys.title')}</Button>
            <Button variant="subtle" size="xs" justify="flex-start" onClick={show(secondFactor)}>{t('shell.secondFactor.title')}</Button>
            <Button variant="subtle" size="xs" color="red" justify="flex-start" onClick={onLogout}>{t('shell.profile.logout')}</Button>
          </Stack>
        </Popover.Dropdown>
      </Popover>
      {sessions.dialog}
      {secondFactor.dialog}
      {passkeys.dialog}
      {changing && (
        <UserFormDialog
          editing={userId}
          title={t('shell.profile.changePassword')}
          savedMessage={t('passwordChanged')}
          onClose={() => setChanging(false)}
          onSaved={() => setChanging(false)}
        />
      )}
    </>
  );
}
