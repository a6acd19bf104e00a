import './zod-jitless';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './theme/theme.css';
import { NOTICE_LIMIT } from '@rakit/core';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { appSlugFromHost } from './session/app-resolution';
import { routeTable } from './shell/routes';
import { cssVariablesResolver, theme } from './theme/theme';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
const router = createBrowserRouter(routeTable(appSlugFromHost(window.location.hostname)));

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root');

// The first render as a transition: React yields to the browser every few milliseconds instead
// of holding the main thread for the whole shell (long tasks of 100-200 ms on a slow phone).
const reactRoot = createRoot(root);
startTransition(() => reactRoot.render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notifications position="top-center" limit={NOTICE_LIMIT} />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
));
