import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from './support/server-process';

/**
 * No abort on the Node.js the product runs on (issue 44). On Node 24.19+ the worker died with
 * SIGABRT before it started in 5 of 11 tries ("Assertion failed: (env) != nullptr", a native
 * SQLite binding freeing a statement from a collection outside JavaScript). The server and the
 * worker are started twenty times each as an operator starts them, each doing writes and then
 * drained by SIGTERM; and a soak makes and collects garbage of statements (--expose-gc) while
 * writing and while the threads holding them end. Every process must exit 0, never by a signal.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REDIS_URL = process.env.RAKIT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/**
 * Starts of each. Twenty were sized for the native binding's abort (5 of 11 starts; a miss in
 * twenty, 1 in 180,000). The binding is gone (issue 44: node:sqlite), and with it that rate: eight
 * starts (a miss 1 in 130 at the old rate) keep the guard against any start or drain that ends
 * by a signal, for 40% of the run time (issue 31: this file was the unit suite's longest, 222 s).
 */
const STARTS = 8;
/** Starts at once: the machine has two cores, and each start compiles the server. */
const LANES = 2;
const PASSWORD = 'stability-password';

interface Ended { code: number | null; signal: NodeJS.Signals | null; output: string }

const dataDirs: string[] = [];
const newDataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rakit-stability-'));
  dataDirs.push(dir);
  return dir;
};
afterAll(() => { for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true }); });

const ended = (child: ReturnType<typeof spawn>, output: () => string) => new Promise<Ended>((resolve) => {
  child.once('exit', (code, signal) => resolve({ code, signal, output: output() }));
});

/** Runs `start` STARTS times, LANES at a time, each lane on its own data directory. */
async function inLanes(start: (dataDir: string, round: number) => Promise<Ended>): Promise<Ended[]> {
  const results: Ended[] = [];
  await Promise.all(Array.from({ length: LANES }, async (_, lane) => {
    const dataDir = newDataDir();
    for (let round = lane; round < STARTS; round += LANES) results.push(await start(dataDir, round));
  }));
  return results;
}

const summary = (results: Ended[]) => results.filter((r) => r.code !== 0 || r.signal !== null).map((r) => `exit ${r.code} ${r.signal ?? ''}: ${r.output.slice(-2000)}`);

describe(`the server and the worker on Node ${process.version}`, () => {
  it(`starts the server ${STARTS} times, each writing, draining on SIGTERM and exiting 0`, async () => {
    const results = await inLanes(async (dataDir, round) => {
      const server = await startServerProcess({ RAKIT_DATA_DIR: dataDir, RAKIT_ADMIN_PASSWORD: PASSWORD, RAKIT_SHUTDOWN_DELAY_MS: '0' });
      const exit = ended(server.child, server.output);
      // Writes on both of the store's connections: a refused sign-in and a sign-in are audited (the writer
      // thread), a registration inserts the account (the main connection).
      const post = (url: string, body: object) => fetch(`${server.base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const refused = await post('/auth/login', { userId: 'admin', password: 'wrong-password', appSlug: '_root' });
      const signedIn = await post('/auth/login', { userId: 'admin', password: PASSWORD, appSlug: '_root' });
      const userId = `0817${String(Date.now()).slice(-6)}${String(round).padStart(2, '0')}`;
      const registered = await post('/auth/register', { data: { userId, password: PASSWORD, confirm_password: PASSWORD, defaultGroupAppId: [1] } });
      expect([refused.status, signedIn.status, registered.status]).toEqual([401, 200, 201]);
      server.child.kill('SIGTERM');
      return exit;
    });
    expect(summary(results)).toEqual([]);
    expect(results).toHaveLength(STARTS);
  }, 300_000);

  it(`starts the workflow worker ${STARTS} times, each exiting 0 on SIGTERM`, async () => {
    const results = await inLanes((dataDir) => new Promise<Ended>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
        cwd: serverDir,
        env: { ...process.env, RAKIT_DATA_DIR: dataDir, RAKIT_ADMIN_PASSWORD: PASSWORD, REDIS_URL, RAKIT_WORKFLOW_QUEUE: `rakit-stability-${process.pid}`, RAKIT_LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      let stopped = false;
      const exit = ended(child, () => output);
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        // Once: a second SIGTERM (as an impatient operator's) ends a worker at once, by design.
        if (!stopped && output.includes('Rakit workflow worker')) {
          stopped = true;
          child.kill('SIGTERM');
        }
      });
      child.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
      void exit.then(resolve);
    }));
    expect(summary(results)).toEqual([]);
    expect(results.every((r) => r.output.includes('Rakit workflow worker'))).toBe(true);
  }, 300_000);

  it('survives forced garbage collection while writing and while threads holding statements end', async () => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'test/support/gc-soak.ts'], {
      cwd: serverDir, env: { ...process.env, SOAK_ROUNDS: '15' }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    const result = await ended(child, () => output);
    expect(result).toMatchObject({ code: 0, signal: null });
    expect(result.output).toContain('soak done');
  }, 120_000);
});
