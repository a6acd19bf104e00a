import { HocuspocusProvider } from '@hocuspocus/provider';
import { afterAll, beforeAll, expect } from 'vitest';
import { decodeSnapshot, snapshotHolds } from '@rakit/core/live-doc';
import * as Y from 'yjs';
import type { BuildOptions } from '../../src/app';
import { findPersistedState, type StateTable } from '../../src/store/repositories/document-states';
import { anotherProcess, buildTestServer, type TestServer } from './build';
import type { EngineName } from './engines';

/** Live co-editing (issue 33) from a test: a builder's editor on a document of a listening server. */

export const until = async (check: () => boolean | Promise<boolean>, what: string, ms = 8000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** The co-editing socket of a listening server. */
export const socketOf = (server: TestServer) => {
  const address = server.app.server.address();
  return `ws://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}/collab`;
};

export interface Stored { type: 'stored'; revision: number; snapshot: string }

/**
 * A builder's editor on a document (`page/12`, `workflow/3`), as the browser's provider joins it:
 * its Y.Doc, what it was told, how it ended.
 */
export function joinDocument(url: string, name: string, token: string, doc = new Y.Doc()) {
  const events = {
    synced: 0, refused: null as string | null, closedWith: null as string | null, closeCode: null as number | null, stored: [] as Stored[], deleted: false,
  };
  const provider = new HocuspocusProvider({
    url, name, document: doc, token,
    onSynced: () => { events.synced += 1; },
    onAuthenticationFailed: ({ reason }) => { events.refused = reason; },
    onClose: ({ event }) => {
      events.closedWith = event.reason;
      events.closeCode = event.code;
    },
    onStateless: ({ payload }) => {
      const message = JSON.parse(payload) as { type: string };
      if (message.type === 'stored') events.stored.push(message as Stored);
      if (message.type === 'deleted') events.deleted = true;
    },
  });
  return { doc, provider, events };
}

/** Whether the stored state vector covers every edit the builder's own client made. */
export const covers = (stored: Stored, doc: Y.Doc) => snapshotHolds(decodeSnapshot(Buffer.from(stored.snapshot, 'base64')), doc);

/**
 * A builder who registered in `main` and made an application anyone may join, signed in as its
 * administrator (`admin`), and a member of it: who co-editing tests let in and keep out.
 */
export async function coEditedApplication(server: TestServer, userIds: { builder: string; member: string }, appName: string) {
  await server.register(userIds.builder, 'password-1');
  const builder = await server.login(userIds.builder, 'password-1', 'main');
  const { appId, appSlug } = (await server.call('POST', '/save/saveApp', { appId: null, appName, appDescription: '', appOpenRegistration: true }, builder)).json().data as { appId: number; appSlug: string };
  await server.register(userIds.member, 'password-2', appId);
  return { appId, appSlug, admin: await server.login(userIds.builder, 'password-1', appSlug), member: await server.login(userIds.member, 'password-2', appSlug) };
}

/**
 * Deleting an object with a builder on its document (`join`ed, persisted as `table` keeps it):
 * he is told, disconnected with `reason`, and the persisted document goes with the object.
 */
export async function expectDisconnectedOnDeletion(
  server: TestServer, editing: ReturnType<typeof joinDocument>, state: { table: StateTable; id: number }, remove: () => ReturnType<TestServer['call']>, reason: string,
): Promise<void> {
  await until(() => editing.events.synced > 0, 'the editor to sync');
  expect(await findPersistedState(server.store, state.table, state.id)).toBeDefined();
  const deleted = await remove();
  expect(deleted.statusCode, deleted.body).toBe(200);
  await until(() => editing.events.closedWith !== null, 'the builder to be disconnected');
  expect(editing.events.closedWith).toBe(reason);
  expect(editing.events.deleted).toBe(true);
  expect(await findPersistedState(server.store, state.table, state.id)).toBeUndefined();
}

const REDIS_URL = process.env.RAKIT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * `count` server processes on one store and one Redis, as replicas behind a balancer, started
 * before the describe's tests (the first `listening` of them on ports of their own), and the
 * builders' editors joined through `join`: all closed after them.
 */
export function useReplicas(engine: EngineName, options: { count: number; listening?: number; appOptions?: Omit<BuildOptions, 'logger'> }) {
  const replicas: TestServer[] = [];
  const providers: HocuspocusProvider[] = [];
  const appOptions = options.appOptions ?? {};
  beforeAll(async () => {
    const first = await buildTestServer(engine, { redisUrl: REDIS_URL, readCacheMs: 500 }, appOptions);
    replicas.push(first);
    while (replicas.length < options.count) replicas.push(await anotherProcess(first, { appOptions }));
    for (const replica of replicas.slice(0, options.listening ?? options.count)) await replica.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const provider of providers) provider.destroy();
    for (const replica of [...replicas].reverse()) await replica.close();
  });
  return {
    replicas,
    join(replica: TestServer, name: string, token: string) {
      const joined = joinDocument(socketOf(replica), name, token);
      providers.push(joined.provider);
      return joined;
    },
  };
}
