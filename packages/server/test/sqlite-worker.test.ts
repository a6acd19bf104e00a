import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { Messages } from '@rakit/core';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteDataSource } from '../src/datasources/sqlite';
import { DataSourceError } from '../src/datasources/types';

/** SqliteDataSource's worker thread (sqlite-worker.mjs) as its callers meet it. */
const dir = mkdtempSync(path.join(os.tmpdir(), 'rakit-sqlite-worker-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The thread of the data source's live worker (private: only a crash is simulated through it). */
const threadOf = (source: SqliteDataSource) => (source as unknown as { worker: { worker: Worker } }).worker.worker;

describe('the SQLite worker', () => {
  it('answers the calls of a worker that died 503-class, and the next call starts another', async () => {
    const source = new SqliteDataSource(path.join(dir, 'crash.db'), { mustExist: false });
    try {
      await source.query('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)', []);
      await source.query('INSERT INTO t (name) VALUES (?)', ['kept']);
      const dying = threadOf(source);
      const ended = dying.terminate();
      const lost = await source.query('SELECT name FROM t', []).then(() => undefined, (error: unknown) => error);
      await ended;
      expect(lost).toBeInstanceOf(DataSourceError);
      expect(lost).toMatchObject({ message: Messages.databaseStopped, failure: 'unavailable' });
      const again = await source.query('SELECT name FROM t', []);
      expect(again.rows).toEqual([{ name: 'kept' }]);
      expect(threadOf(source)).not.toBe(dying);
    } finally {
      await source.close();
    }
  });

  it('runs transactions begun at once one after another, and keeps other statements out of them', async () => {
    // Several callers woken by the end of one transaction used to begin theirs together:
    // "cannot start a transaction within a transaction" (two members editing rows at once).
    const source = new SqliteDataSource(path.join(dir, 'turns.db'), { mustExist: false });
    try {
      await source.query('CREATE TABLE t (id INTEGER PRIMARY KEY, n INTEGER)', []);
      await source.query('INSERT INTO t (id, n) VALUES (1, 0)', []);
      const increment = () => source.transaction(async (tx) => {
        const n = Number((await tx.query('SELECT n FROM t WHERE id = 1', [])).rows[0]?.n);
        await tx.query('UPDATE t SET n = ? WHERE id = 1', [n + 1]);
      });
      // A transaction that fails rolls back alone: a statement sent beside it is not part of it.
      const failing = source.transaction(async (tx) => {
        await tx.query('UPDATE t SET n = n + 1000 WHERE id = 1', []);
        throw new Error('rolled back');
      }).then(() => 'committed', () => 'rolled back');
      const outside = Array.from({ length: 5 }, (_, i) => source.query('INSERT INTO t (id, n) VALUES (?, 0)', [10 + i]));
      await Promise.all([...Array.from({ length: 8 }, increment), failing, ...outside]);
      expect(await failing).toBe('rolled back');
      expect((await source.query('SELECT n FROM t WHERE id = 1', [])).rows).toEqual([{ n: 8 }]);
      expect((await source.query('SELECT COUNT(*) AS c FROM t WHERE id >= 10', [])).rows).toEqual([{ c: 5 }]);
    } finally {
      await source.close();
    }
  });

  it('refuses calls once closed', async () => {
    const source = new SqliteDataSource(path.join(dir, 'closed.db'), { mustExist: false });
    await source.query('SELECT 1', []);
    await source.close();
    await expect(source.query('SELECT 1', [])).rejects.toMatchObject({ message: Messages.databaseStopped, failure: 'unavailable' });
  });

  it('holds a script open while a statement runs, and never once idle', () => {
    // A script that neither closes its data source nor keeps anything else open must still get
    // its answer, and then end by itself.
    const script = `
      const { SqliteDataSource } = await import(${JSON.stringify(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/datasources/sqlite.ts'))});
      const source = new SqliteDataSource(${JSON.stringify(path.join(dir, 'script.db'))}, { mustExist: false });
      const { rows } = await source.query("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 300000) SELECT count(*) AS n FROM c", []);
      console.log(JSON.stringify(rows));`;
    const ran = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 });
    expect({ status: ran.status, stdout: ran.stdout.trim(), stderr: ran.stderr }).toEqual({ status: 0, stdout: '[{"n":300000}]', stderr: '' });
  }, 40_000);
});
