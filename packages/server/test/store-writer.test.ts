import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openStore, type Store } from '../src/store/db';
import { insertAuditEntries, type NewAuditEntry } from '../src/store/repositories/audit-log';
import { closeWriter, registerEmbeddedFile, writerOf } from '../src/store/sqlite-writer';

/**
 * The embedded store's writer thread (store/sqlite-writer.ts), which appends the audit log's
 * batched entries off the event loop: what it appends is read through the store's own
 * connection, a batch is all or nothing, it takes turns with the main connection's write
 * transactions, and a thread that stops hands its writes back to the main connection.
 */

const entry = (n: number, overrides: Partial<NewAuditEntry> = {}): NewAuditEntry => ({
  at: new Date(Date.UTC(2026, 10, 28, 12, 0, 0, n)).toISOString(), actorId: 'tester', appId: null, action: 'bench',
  entityType: 'test', entityId: String(n), summary: `entry ${n}`, details: '{}', sourceAddress: '127.0.0.1', ...overrides,
});

describe('the embedded store\'s writer thread', () => {
  let dir: string;
  let store: Store;
  const countOf = async (action: string) =>
    Number((await store.selectFrom('auditLog').select((eb) => eb.fn.countAll().as('n')).where('action', '=', action).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'rakit-writer-'));
    store = openStore(undefined, dir);
    await migrateToLatest(store);
  });
  afterAll(async () => {
    await closeWriter(store);
    await store.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('appends entries the store\'s own connection reads as soon as the append resolves', async () => {
    expect(writerOf(store)).toBeDefined();
    await insertAuditEntries(store, Array.from({ length: 250 }, (_, i) => entry(i, { action: 'appended' })));
    expect(await countOf('appended')).toBe(250);
  });

  it('appends all of a call\'s batches or none of them', async () => {
    // 250 entries are three statements; the last row breaks a NOT NULL column.
    const entries = Array.from({ length: 250 }, (_, i) => entry(i, { action: 'all-or-none' }));
    entries[249] = { ...entry(249, { action: 'all-or-none' }), summary: null as unknown as string };
    await expect(insertAuditEntries(store, entries)).rejects.toThrow(/NOT NULL/);
    expect(await countOf('all-or-none')).toBe(0);
  });

  it('waits for a write transaction of the main connection, then appends', async () => {
    let appendedAt = 0;
    let committedAt = 0;
    await store.transaction().execute(async (trx) => {
      await trx.insertInto('auditLog').values(entry(1, { action: 'main-transaction' })).execute();
      // The writer asks for the write lock while this transaction holds it, and gets it after.
      void insertAuditEntries(store, [entry(2, { action: 'while-locked' })]).then(() => { appendedAt = performance.now(); });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(appendedAt).toBe(0);
      committedAt = performance.now();
    });
    await expect.poll(() => appendedAt, { timeout: 5_000 }).toBeGreaterThan(0);
    expect(appendedAt).toBeGreaterThanOrEqual(committedAt);
    expect(await countOf('main-transaction')).toBe(1);
    expect(await countOf('while-locked')).toBe(1);
  });

  it('lets a main-connection transaction that read first write after the thread appended', async () => {
    // A deferred transaction's read would pin a snapshot the thread's commit makes stale, and
    // its write would then fail at once (SQLITE_BUSY_SNAPSHOT): the store's transactions take
    // the write lock when they begin, so the thread's append waits for the commit instead.
    let appended = false;
    await store.transaction().execute(async (trx) => {
      await trx.selectFrom('auditLog').select('auditId').limit(1).execute();
      void insertAuditEntries(store, [entry(3, { action: 'between-read-and-write' })]).then(() => { appended = true; });
      await new Promise((resolve) => setTimeout(resolve, 200));
      await trx.insertInto('auditLog').values(entry(4, { action: 'read-then-write' })).execute();
    });
    await expect.poll(() => appended, { timeout: 5_000 }).toBe(true);
    expect(await countOf('read-then-write')).toBe(1);
    expect(await countOf('between-read-and-write')).toBe(1);
  });

  it('hands its writes back to the main connection when its thread stops', async () => {
    // A store whose registered file cannot be opened by the thread: it stops at once.
    const other = mkdtempSync(path.join(tmpdir(), 'rakit-writer-'));
    const broken = openStore(undefined, other);
    try {
      await migrateToLatest(broken);
      registerEmbeddedFile(broken, path.join(other, 'missing-folder', 'rakit.db'));
      await insertAuditEntries(broken, [entry(1, { action: 'handed-back' })]);
      expect(writerOf(broken)).toBeUndefined();
      await insertAuditEntries(broken, [entry(2, { action: 'handed-back' })]);
      const rows = await broken.selectFrom('auditLog').select('entityId').where('action', '=', 'handed-back').orderBy('auditId').execute();
      expect(rows.map((r) => r.entityId)).toEqual(['1', '2']);
    } finally {
      await closeWriter(broken);
      await broken.destroy();
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('leaves PostgreSQL and MySQL stores to their own connections', () => {
    const remote = openStore('postgres://127.0.0.1:5432/test', dir);
    expect(writerOf(remote)).toBeUndefined();
    return remote.destroy();
  });
});
