// The app's start (src/main.tsx imports it once the rules shared with the server are built).
import { ADMIN_GROUP_SLUG, SUPER_ADMIN_MARKER } from '@rakit/core';
import { MantineProvider } from '@mantine/core';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { appSlugFromHost } from './session/app-resolution';
import { languageIn } from './current-app/use-language-choice';
import { activateLanguage, showKeysOnly, t, wantBuilderTexts } from './i18n/i18n';
import { readSession } from './session/session-storage';
import { LanguageProvider } from './i18n/LanguageProvider';
import { firstPageAnswer } from './shell/first-page';
import { routeTable } from './shell/routes';
import { startInstallable } from './pwa/start';
import { Notices } from './components/notify';
import { cssVariablesResolver, theme } from './theme/theme';
import { mayBeSentNow, OFFLINE_MAX_AGE_MS, offlinePersistOptions } from './offline/offline-cache';
import { installWriteQueue } from './offline/write-queue';
import { SendLater, sendQueuedWrite } from './actions/offline-chain';
import { appApi } from './api/client';
import { markScanSent } from './widgets/barcode/scan-history';
import { notifySuccess } from './components/notify';
import { nextTask } from './boot/next-task';

// The app's modules are evaluated; its set-up and first render come in a task of their own.
await nextTask();

// TanStack Query starts online and hears only of changes; a page opened offline says so at once
// (navigator.onLine false is reliable: no network at all).
if (!navigator.onLine) onlineManager.setOnline(false);
// A kept answer (issue 38) stays in the cache as long as the device keeps it.
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, gcTime: OFFLINE_MAX_AGE_MS } } });
const subdomainSlug = appSlugFromHost(window.location.hostname);
/** A kept write waiting for its own user to sign in again (his session ended): looked at often, it costs no request. */
class WaitForSignIn extends SendLater {}
installWriteQueue(queryClient, {
  send: (write) => (mayBeSentNow(write) ? sendQueuedWrite(write, appApi(write.appSlug)) : Promise.reject(new WaitForSignIn(t('shell.offline.waitsForSignIn')))),
  tryAgain: (error) => error instanceof SendLater,
  delayBeforeTry: (attempt, error) => (error instanceof WaitForSignIn ? 2000 : Math.min(1000 * 2 ** attempt, 30_000)),
  onSent: (write, sent) => {
    if (write.steps[0]?.kind === 'scan') markScanSent(queryClient, write, sent.scannedRow);
    // What the page shows is read again, the sent rows with it.
    void queryClient.invalidateQueries({ predicate: (query) => query.meta?.offline === true && query.queryKey.includes(write.appSlug) });
    notifySuccess(t('shell.offline.sent', { label: write.label }));
  },
});
const persistOptions = offlinePersistOptions(subdomainSlug);
/**
 * What the device kept (issue 38) comes back before the first render, beside the catalog's fetch:
 * restored inside the tree (PersistQueryClientProvider), its end rendered the whole app a second
 * time while a slow phone was starting it (issue 42). Then the client is kept as it changes, and
 * the writes kept while offline go out. A store that cannot be read starts empty.
 */
const restored = persistQueryClientRestore({ queryClient, ...persistOptions })
  .catch(() => undefined)
  .then(() => {
    persistQueryClientSubscribe({ queryClient, ...persistOptions });
    void queryClient.resumePausedMutations();
  });
const router = createBrowserRouter(routeTable(subdomainSlug));

/**
 * The catalog of the first render (issue 35), from what the page already holds: the
 * application the server embedded in it, the session stored for it. Fetched alongside the
 * route's own code; AppScope switches it later if the application says otherwise.
 */
function startingLanguage() {
  const slug = subdomainSlug ?? decodeURIComponent(window.location.pathname.split('/')[1] ?? '');
  const app = firstPageAnswer(slug)?.data;
  // A builder's stored session: his screens' texts are fetched beside the rest, not after.
  const stored = readSession(slug);
  if (stored.kind === 'ok' && stored.session.user.userGroup.some((group) => group.groupSlug === ADMIN_GROUP_SLUG || group.groupAppId === SUPER_ADMIN_MARKER)) wantBuilderTexts();
  return languageIn(app ?? { appSlug: slug, appLanguage: 'spec' });
}

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root');

// The first render as a transition: React yields to the browser every few milliseconds instead
// of holding the main thread for the whole shell (long tasks of 100-200 ms on a slow phone).
const reactRoot = createRoot(root);
const render = () => startTransition(() => reactRoot.render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notices />
      <QueryClientProvider client={queryClient}>
        <LanguageProvider>
          <RouterProvider router={router} />
        </LanguageProvider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
));
// A catalog that cannot be fetched (the network dropped) falls back to the specification's,
// and that failing too still renders: the screens then say their keys rather than nothing.
const language = activateLanguage(startingLanguage()).catch(() => activateLanguage('spec')).catch(showKeysOnly);
void Promise.all([language, restored]).finally(render);
// Installable, its shell offline (issue 38): the service worker is registered once the page is loaded and idle.
startInstallable(subdomainSlug);
