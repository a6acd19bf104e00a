import { createConnection } from 'mysql2/promise';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, openStore, type Store } from '../src/store/db';
import { DEMO_APP_SLUG, seedDemo } from '../src/store/demo';
import { insertApp } from '../src/store/repositories/apps';
import { availableEngines, createTestDatabase, type EngineName } from './support/engines';

/**
 * The seeding's second defence (the first is the start-up lock): a process that looked, found
 * no demo application, and then meets another's copy on the unique key answers "already there"
 * instead of crashing (issue 20's `apps_app_name_key`). Made deterministic: another connection
 * inserts the demo application and holds its transaction open while this seeding looks (and sees
 * nothing committed), then inserts and waits on the unique index; the other commits.
 */
const engines = (await availableEngines()).filter((engine) => engine !== 'sqlite');

async function lockWaits(engine: EngineName, databaseUrl: string): Promise<number> {
  const name = new URL(databaseUrl).pathname.slice(1);
  if (engine === 'postgres') {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return Number((await client.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'`, [name])).rows[0].n);
    } finally {
      await client.end();
    }
  }
  const connection = await createConnection({ uri: databaseUrl });
  try {
    const [rows] = await connection.query(`SELECT count(*) AS n FROM information_schema.innodb_trx t JOIN information_schema.processlist p ON p.id = t.trx_mysql_thread_id
      WHERE t.trx_state = 'LOCK WAIT' AND p.db = ?`, [name]);
    return Number((rows as { n: number }[])[0]?.n);
  } finally {
    await connection.end();
  }
}

describe.runIf(engines.length > 0).each(engines)('seeding the demo on %s while another process commits its own', (engine) => {
  it('answers "already there" on the unique key, and one demo application remains', { timeout: 120_000 }, async () => {
    const database = await createTestDatabase(engine);
    const databaseUrl = database.databaseUrl as string;
    const [other, mine] = [0, 1].map(() => openStore(databaseUrl, database.dataDir, { poolMax: 3 })) as [Store, Store];
    let commit = () => {};
    let seeding: Promise<boolean> | undefined;
    try {
      await migrateToLatest(other);
      const committing = new Promise<void>((resolve) => { commit = resolve; });
      let inserted = () => {};
      const insertedYet = new Promise<void>((resolve) => { inserted = resolve; });
      const holding = other.transaction().execute(async (trx) => {
        await insertApp(trx, { appName: 'Demo Toko', appDescription: '', appSlug: DEMO_APP_SLUG, appOpenRegistration: false });
        inserted();
        await committing;
      });
      await insertedYet;
      seeding = seedDemo(mine, { dataDir: database.dataDir, password: 'race-password' });
      // Under a loaded CI machine the seeding may take long to reach its insert (argon2, the pool).
      await expect.poll(() => lockWaits(engine, databaseUrl), { timeout: 90_000, interval: 100 }).toBeGreaterThan(0);
      commit();
      await holding;
      await expect(seeding).resolves.toBe(false);
      expect(await mine.selectFrom('apps').select('appId').where('appSlug', '=', DEMO_APP_SLUG).execute()).toHaveLength(1);
    } finally {
      // A failed wait still lets the seeding end before its store is closed under it.
      commit();
      await seeding?.catch(() => undefined);
      await other.destroy();
      await mine.destroy();
      await database.drop();
    }
  });
});
