import { Anchor, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { mayUseScreen } from '@rakit/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCurrentApp } from '../current-app/app-context';
import { useSession } from '../session/session-context';
import type { AdminScreen } from './admin-screens';

/**
 * An admin screen opened by its address by someone it is not for (a builder in main opening
 * main's users, say): one sentence and the way to his applications, instead of a screen whose
 * every call the server would refuse.
 */
export function ScreenGate({ screen, children }: { screen: AdminScreen; children: ReactNode }) {
  const { app, path } = useCurrentApp();
  const { user } = useSession();
  if (mayUseScreen(screen.access, user.userGroup, app)) return children;
  return (
    <Paper withBorder radius="md" p="xl" maw={640} mx="auto" mt="xl">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray"><IconLock size={26} /></ThemeIcon>
        <Title order={1} size="h2">Not available here</Title>
        <Text>
          {screen.label} is for {screen.access === 'superAdmin' ? 'the super administrator' : "this application's administrators"}.
          {' '}Your own applications are built from their own admin screens: open one from your applications.
        </Text>
        <Anchor component={Link} to={path('home')}>My applications</Anchor>
      </Stack>
    </Paper>
  );
}
