import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createConnection } from 'mysql2/promise';
import pg from 'pg';

/** Where the external engines live; CI runs them on 127.0.0.1 (see .ci/run). */
export const MYSQL_ADMIN_URL = process.env.RAKIT_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
export const POSTGRES_ADMIN_URL = process.env.RAKIT_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Engines named here must be reachable: their suites fail instead of being skipped. */
const required = new Set((process.env.RAKIT_REQUIRE_ENGINES ?? '').split(',').map((s) => s.trim()).filter(Boolean));

export type EngineName = 'sqlite' | 'mysql' | 'postgres';

/** A fresh, empty metadata store for one test file, and how to throw it away. */
export interface TestDatabase {
  databaseUrl: string | undefined;
  dataDir: string;
  drop(): Promise<void>;
}

const uniqueName = () => `rakit_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;

async function createMysqlDatabase(dataDir: string): Promise<TestDatabase> {
  const name = uniqueName();
  const admin = await createConnection({ uri: MYSQL_ADMIN_URL, connectTimeout: 3000 });
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  return {
    databaseUrl: `${MYSQL_ADMIN_URL}/${name}`,
    dataDir,
    async drop() {
      const conn = await createConnection({ uri: MYSQL_ADMIN_URL });
      await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await conn.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function createPostgresDatabase(dataDir: string): Promise<TestDatabase> {
  const name = uniqueName();
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    dataDir,
    async drop() {
      const conn = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await conn.connect();
      // The store's pool may still be closing its connections: terminating one mid-close makes
      // its client emit an error nobody listens to any more. Give them a moment, then force.
      for (let waited = 0; waited < 3000; waited += 50) {
        const { rows } = await conn.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await conn.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await conn.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function createTestDatabase(engine: EngineName): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `rakit-${engine}-`));
  if (engine === 'mysql') return createMysqlDatabase(dataDir);
  if (engine === 'postgres') return createPostgresDatabase(dataDir);
  return { databaseUrl: undefined, dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

async function reachable(engine: EngineName): Promise<boolean> {
  try {
    if (engine === 'mysql') {
      const conn = await createConnection({ uri: MYSQL_ADMIN_URL, connectTimeout: 2000 });
      await conn.end();
    } else if (engine === 'postgres') {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 2000 });
      await client.connect();
      await client.end();
    }
    return true;
  } catch (error) {
    if (required.has(engine)) throw new Error(`${engine} is required (RAKIT_REQUIRE_ENGINES) but unreachable: ${String(error)}`, { cause: error });
    console.warn(`[skipped] ${engine} store tests: server unreachable (${String(error)})`);
    return false;
  }
}

/** The engines to run store-backed suites on: SQLite always, the others when reachable. */
export async function availableEngines(): Promise<EngineName[]> {
  const engines: EngineName[] = ['sqlite'];
  for (const engine of ['mysql', 'postgres'] as const) if (await reachable(engine)) engines.push(engine);
  return engines;
}
