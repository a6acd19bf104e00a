// A soak of the SQLite bindings under forced garbage collection (issue 44), run as its own
// process with --expose-gc by runtime-stability.test.ts. Node 24.19 made a native object's
// cleanup run when its thread's environment ends; a binding that frees a statement from a
// collection outside JavaScript, or after its thread ended, aborts the process
// ("Assertion failed: (env) != nullptr"). So this makes garbage of statements all the time and
// collects it: the store's statement cache is churned by writes of ever new texts, the store's
// writer thread and the data sources' threads are started, used and ended (one of them in the
// middle of a statement) while collections run. Prints "soak done" and exits 0, or dies.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { SqliteDataSource, sqliteFile } from '../../src/datasources/sqlite';
import { migrateToLatest, openStore } from '../../src/store/db';
import { insertAuditEntries } from '../../src/store/repositories/audit-log';
import { closeWriter } from '../../src/store/sqlite-writer';

const collect = (globalThis as { gc?: () => void }).gc;
if (collect === undefined) throw new Error('run with --expose-gc');
const ROUNDS = Number(process.env.SOAK_ROUNDS ?? 40);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rakit-gc-soak-'));
const store = openStore(undefined, dataDir);
await migrateToLatest(store);
const file = sqliteFile(dataDir, 1, 'soak.db');
mkdirSync(path.dirname(file), { recursive: true });
const setup = new SqliteDataSource(file, { mustExist: false });
await setup.query('CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, name TEXT)', []);
await setup.close();

const entry = (i: number) => ({
  at: new Date().toISOString(), actorId: 'soak', appId: null, action: 'soak', entityType: 'row',
  entityId: String(i), summary: 'soak', details: '{}', sourceAddress: null,
});

for (let round = 0; round < ROUNDS; round++) {
  // Store writes of new texts (each an alias of its own): the statement cache fills, is
  // emptied past 500, and its statements become garbage while others are made.
  for (let i = 0; i < 60; i++) {
    await sql`SELECT ${sql.lit(round * 100 + i)} AS ${sql.ref(`n${round}_${i}`)}`.execute(store);
    await store.insertInto('auditLog').values(entry(i)).execute();
    if (i % 15 === 0) collect();
  }
  // The writer thread appends, and is ended with statements still cached; a collection meanwhile.
  const appended = insertAuditEntries(store, Array.from({ length: 20 }, (_, i) => entry(i)));
  collect();
  await appended;
  await closeWriter(store);
  // Data sources' threads, closed with statements compiled: one idle, one in the middle of a statement.
  const sources = [new SqliteDataSource(file, { mustExist: true }), new SqliteDataSource(file, { mustExist: true })];
  await sources[0]!.query(`INSERT INTO t (name) VALUES (?)`, [`round ${round}`]);
  await sources[0]!.query(`SELECT * FROM t WHERE name <> ?`, [String(round)]);
  await sources[1]!.query(`SELECT count(*) FROM t WHERE name <> ?`, [String(round)]);
  const counting = sources[1]!.query('WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 300000) SELECT count(*) FROM c', []).catch(() => undefined);
  collect();
  await Promise.all(sources.map((source) => source.close()));
  await counting;
  collect();
}
await closeWriter(store);
await store.destroy();
collect();
rmSync(dataDir, { recursive: true, force: true });
console.log('soak done');
