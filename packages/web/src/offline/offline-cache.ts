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

/** At most one write of the kept answers to the device per this long (a table's load changes the cache three times). */
export const KEPT_ANSWERS_WRITE_EVERY_MS = 1000;

/** The waiting writes' labels and states: when these change, the device is written at once. */
const writesOf = (client: PersistedClient) => client.clientState.mutations.map((m) => `${m.state.status}:${m.state.submittedAt}`).join();

/**
 * The persister of the page's query client: it writes the kept part to the signed-in user's
 * entry. A write being sent when the page closes is kept as waiting (it is sent again with the
 * same key on the next open, and applied once). TanStack calls it on every change of the cache;
 * a change of the waiting writes is written at once (the phone may be put away the next
 * second), one of the answers alone at most once a second, and whatever is pending when the
 * page is hidden is written then.
 */
export function offlinePersister(ownerOf: OwnerOf): Persister {
  let pending: { client: PersistedClient; owner: { appSlug: string; userId: string } } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writtenWrites = '';
  const write = async () => {
    clearTimeout(timer);
    timer = undefined;
    if (pending === null) return;
    const { client, owner } = pending;
    pending = null;
    // Signed out (or another user) meanwhile: what was pending is no longer theirs to keep.
    const now = ownerOf();
    if (!isWriteOf(now, owner)) return;
    writtenWrites = writesOf(client);
    // Only the owner's writes: another user's, still in this page's memory, are in his own entry.
    const mutations = client.clientState.mutations.filter((mutation) => isWriteOf(mutation.state.variables, owner)).map((mutation) =>
      (mutation.state.status === 'pending' ? { ...mutation, state: { ...mutation.state, isPaused: true } } : mutation));
    await set(entryKey(owner.appSlug, owner.userId), { ...client, clientState: { ...client.clientState, mutations } }, store());
  };
  window.addEventListener('pagehide', () => void write());
  document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'hidden') void write(); });
  return {
    persistClient: async (client: PersistedClient) => {
      const owner = ownerOf();
      if (owner === null) return;
      if (pending !== null && !isWriteOf(pending.owner, owner)) await write();
      pending = { client, owner };
      if (writesOf(client) !== writtenWrites) await write();
      else timer ??= setTimeout(() => void write(), KEPT_ANSWERS_WRITE_EVERY_MS);
    },
    restoreClient: async () => {
      const owner = ownerOf();
      return owner === null ? undefined : get<PersistedClient>(entryKey(owner.appSlug, owner.userId), store());
    },
    removeClient: async () => {
      pending = null;
      clearTimeout(timer);
      timer = undefined;
      const owner = ownerOf();
      if (owner !== null) await del(entryKey(owner.appSlug, owner.userId), store());
    },
  };
}

/** Whether a kept write's variables (or another owner) are `owner`'s: the same application and user. */
export const isWriteOf = (variables: unknown, owner: { appSlug: string; userId: string }): boolean => {
  const write = variables as { appSlug?: unknown; userId?: unknown } | undefined;
  return write?.appSlug === owner.appSlug && write.userId === owner.userId;
};

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

/**
 * The members of the application whose entries wait on this device for them to sign in again
 * (an ended session holds them, mayBeSentNow), with how many: the sign-in screen says so.
 * A device whose storage cannot be read has none to tell of.
 */
export async function entriesWaitingForSignIn(appSlug: string): Promise<{ userId: string; count: number }[]> {
  try {
    const kept = (await keys<string>(store())).filter((key) => key.startsWith(`${appSlug}\n`));
    const found = await Promise.all(kept.map(async (key) => ({
      userId: key.slice(appSlug.length + 1),
      count: (await get<PersistedClient>(key, store()))?.clientState.mutations.length ?? 0,
    })));
    return found.filter((entry) => entry.count > 0);
  } catch {
    return [];
  }
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
 * theirs alone, until they sign in again (never sent under another's session: mayBeSentNow).
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
  dropRestoredTwins(queryClient);
  await queryClient.resumePausedMutations();
}

/**
 * A write this page still held (an ended session kept it waiting) comes back from the device
 * too: the one already here stays, its twin goes (each would be sent under the same key and
 * applied once, but the list would count it twice).
 */
function dropRestoredTwins(queryClient: QueryClient): void {
  const seen = new Set<string>();
  for (const mutation of queryClient.getMutationCache().getAll()) {
    const key = mutation.meta?.offlineWrite === true ? (mutation.state.variables as { key?: unknown } | undefined)?.key : undefined;
    if (typeof key !== 'string') continue;
    if (seen.has(key)) queryClient.getMutationCache().remove(mutation);
    else seen.add(key);
  }
}

/** Whether `write` may be sent now: its own user is the one signed in to its application (else it waits for him). */
export function mayBeSentNow(write: { appSlug: string; userId: string }): boolean {
  const stored = readSession(write.appSlug);
  return stored.kind === 'ok' && stored.session.user.userId === write.userId;
}
