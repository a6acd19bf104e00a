import { AppShell } from '@mantine/core';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { EnvironmentBanner } from '../admin/environments/EnvironmentBanner';
import { preloadNotices } from '../components/notify';
import { mainContentProps, SkipLink } from '../components/SkipLink';
import { TopBar } from './TopBar';

/** Frame of every signed-in screen: the top bar above the screen, and the environment a builder is in (when in one). */
export function SignedInLayout() {
  useEffect(preloadNotices, []);
  return (
    <AppShell header={{ height: 60 }} padding="md">
      <SkipLink />
      <AppShell.Header>
        <TopBar />
      </AppShell.Header>
      <AppShell.Main bg="gray.0" {...mainContentProps}>
        <EnvironmentBanner />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
