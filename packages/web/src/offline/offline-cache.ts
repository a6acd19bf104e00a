import type { Mutation, Query, QueryClient } from '@tanstack/react-query';
import { type PersistedClient, type Persister, persistQueryClientRestore } from '@tanstack/react-query-persist-client';
import { createStore, del, get, keys, set } from 'idb-keyval';
import { readSession } from '../session/session-storage';

/**
 * What a member's phone keeps for opening the application without a network (issue 38), in
 * IndexedDB (idb-keyval), one entry per application and user: the answers of the queries marked
 * OFFLINE_KEPT (the application, its menus, the pages opened, their rows) and the writes waiting
 * to be sent. Nothing else: no builder's screen, no token (the session stays in its own storage
 * and the answers carry none). Signing out, or another user signing in, removes the entry.
 */

/** The meta of a query whose last answer is kept on the device. */
export const OFFLINE_KEPT = { meta: { offline: true } } as const;

/** Bump when the kept answers' shape changes: an older entry is then dropped, not misread. */
export const OFFLINE_CACHE_VERSION = 'rakit-offline-1';

/** How long a kept answer stays usable (a week away from a signal), and how long a waiting write is kept. */
export const OFFLINE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

let opened: ReturnType<typeof createStore> | undefined;
const store = () => (opened ??= createStore('rakit-offline', 'clients'));

const entryKey = (appSlug: string, userId: string) => `${appSlug}\n${userId}`;

/** The application and user the page is for, once someone is signed in to it. */
export type OwnerOf = () => { appSlug: string; userId: string } | null;

/** The owner read from the address and the stored session of its application, at each call. */
export const ownerFromLocation = (subdomainSlug: string | null | undefined): OwnerOf => () => {
  const appSlug = subdomainSlug ?? decodeURIComponent(window.location.pathname.split('/')[1] ?? '');
  if (appSlug === '') return null;
  const stored = readSession(appSlug);
  return stored.kind === 'ok' ? { appSlug, userId: stored.session.user.userId } : null;
};

/**
 * The persister of the page's query client: it writes the kept part to the signed-in user's
 * entry. A write being sent when the page closes is kept as waiting (it is sent again with the
 * same key on the next open, and applied once).
 */
export function offlinePersister(ownerOf: OwnerOf): Persister {
  return {
    persistClient: async (client: PersistedClient) => {
      const owner = ownerOf();
      if (owner === null) return;
      const mutations = client.clientState.mutations.map((mutation) =>
        (mutation.state.status === 'pending' ? { ...mutation, state: { ...mutation.state, isPaused: true } } : mutation));
      await set(entryKey(owner.appSlug, owner.userId), { ...client, clientState: { ...client.clientState, mutations } }, store());
    },
    restoreClient: async () => {
      const owner = ownerOf();
      return owner === null ? undefined : get<PersistedClient>(entryKey(owner.appSlug, owner.userId), store());
    },
    removeClient: async () => {
      const owner = ownerOf();
      if (owner !== null) await del(entryKey(owner.appSlug, owner.userId), store());
    },
  };
}

/** Only the queries marked OFFLINE_KEPT, with an answer. */
export const shouldKeepQuery = (query: Query): boolean => query.meta?.offline === true && query.state.status === 'success';

/** The writes not yet sent, and those refused (kept until their person discards them). */
export const shouldKeepMutation = (mutation: Mutation<unknown, Error, unknown, unknown>): boolean =>
  mutation.meta?.offlineWrite === true && mutation.state.status !== 'success';

/** Removes what the device keeps of the application: one user's entry, or everyone's (another user signs in). */
export async function forgetOfflineData(appSlug: string, userId?: string): Promise<void> {
  const kept = await keys<string>(store());
  const doomed = kept.filter((key) => (userId === undefined ? key.startsWith(`${appSlug}\n`) : key === entryKey(appSlug, userId)));
  await Promise.all(doomed.map((key) => del(key, store())));
}

/** How many writes another user of the application left unsent on this device (asked before they are removed). */
export async function unsentWritesOfOthers(appSlug: string, userId: string): Promise<number> {
  const kept = await keys<string>(store());
  const others = kept.filter((key) => key.startsWith(`${appSlug}\n`) && key !== entryKey(appSlug, userId));
  const clients = await Promise.all(others.map((key) => get<PersistedClient>(key, store())));
  return clients.reduce((sum, client) => sum + (client?.clientState.mutations.filter((m) => m.state.status !== 'error').length ?? 0), 0);
}

/** How the page's query client keeps its state on the device (PersistQueryClientProvider's options). */
export function offlinePersistOptions(subdomainSlug: string | null | undefined) {
  const options = {
    persister: offlinePersister(ownerFromLocation(subdomainSlug)),
    maxAge: OFFLINE_MAX_AGE_MS,
    buster: OFFLINE_CACHE_VERSION,
    dehydrateOptions: { shouldDehydrateQuery: shouldKeepQuery, shouldDehydrateMutation: shouldKeepMutation },
  };
  activeOptions = options;
  return options;
}
let activeOptions: ReturnType<typeof offlinePersistOptions> | null = null;

/**
 * After a sign-in: what the device kept for this user comes back (the writes an expired session
 * held are sent now), and other users' kept rows of the application go; their unsent writes stay,
 * theirs alone, until they sign in again.
 */
export async function restoreAfterSignIn(queryClient: QueryClient, appSlug: string, userId: string): Promise<void> {
  if (activeOptions === null) return;
  const kept = await keys<string>(store());
  await Promise.all(kept.filter((key) => key.startsWith(`${appSlug}\n`) && key !== entryKey(appSlug, userId)).map(async (key) => {
    const client = await get<PersistedClient>(key, store());
    if (client === undefined || client.clientState.mutations.length === 0) await del(key, store());
    else await set(key, { ...client, clientState: { mutations: client.clientState.mutations, queries: [] } }, store());
  }));
  await persistQueryClientRestore({ queryClient, ...activeOptions });
  await queryClient.resumePausedMutations();
}
