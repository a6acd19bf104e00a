import { Anchor, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { mayUseScreen } from '@rakit/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCurrentApp } from '../current-app/app-context';
import { useT } from '../i18n/LanguageProvider';
import { useSession } from '../session/session-context';
import type { AdminScreen } from './admin-screens';

/**
 * An admin screen opened by its address by someone it is not for (a builder in main opening
 * main's users, say): one sentence and the way to his applications, instead of a screen whose
 * every call the server would refuse.
 */
export function ScreenGate({ screen, children }: { screen: AdminScreen; children: ReactNode }) {
  const t = useT();
  const { app, path } = useCurrentApp();
  const { user } = useSession();
  if (mayUseScreen(screen.access, user.userGroup, app)) return children;
  return (
    <Paper withBorder radius="md" p="xl" maw={640} mx="auto" mt="xl">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray"><IconLock size={26} /></ThemeIcon>
        <Title order={1} size="h2">{t('shell.gate.title')}</Title>
        <Text>
          {screen.access === 'superAdmin'
            ? t('shell.gate.forSuperAdmin', { screen: t(screen.label) })
            : t('shell.gate.forAppAdmins', { screen: t(screen.label) })}
          {' '}{t('shell.gate.ownApps')}
        </Text>
        <Anchor component={Link} to={path('home')}>{t('shell.gate.myApps')}</Anchor>
      </Stack>
    </Paper>
  );
}
