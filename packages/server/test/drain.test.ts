import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { availableEngines } from './support/engines';
import { POSTGRES_TEST_DB } from './support/fixtures';
import { type ServerProcess, startServerProcess } from './support/server-process';

/**
 * Issue 20, "What a balancer needs": SIGTERM reaches a real server process while 50 slow
 * requests are in flight (each a second of pg_sleep on an application's PostgreSQL connection,
 * over kept-alive connections as a balancer holds them). /readyz turns 503 at once, new
 * connections are refused once the delay is over, every one of the 50 is answered, the
 * application connection's pool never exceeds RAKIT_DATASOURCE_POOL_MAX, and the process exits 0
 * (which it does only once its pools, BullMQ's Redis connections among them, have closed).
 */
const hasPostgres = (await availableEngines()).includes('postgres');
const PASSWORD = 'drain-admin-password';
const POOL_MAX = 20;
const REDIS_URL = process.env.RAKIT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SLEEP = 'SELECT pg_sleep(1) AS slept, 7 AS answer';

function post(agent: http.Agent, base: string, url: string, body: unknown, token?: string): Promise<{ status: number; body: { status: boolean; data: unknown } }> {
  const payload = JSON.stringify(body);
  const target = new URL(url, base);
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: target.hostname, port: target.port, path: target.pathname, method: 'POST', agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
    }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
    });
    request.on('error', reject);
    request.end(payload);
  });
}

const refusesConnections = (port: number): Promise<boolean> => new Promise((resolve) => {
  const socket = connect(port, '127.0.0.1');
  socket.once('connect', () => { socket.destroy(); resolve(false); });
  socket.once('error', () => resolve(true));
});

describe.runIf(hasPostgres)('SIGTERM while 50 requests are in flight', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rakit-drain-'));
  let server: ServerProcess | undefined;
  const watcher = new pg.Client({ connectionString: POSTGRES_TEST_DB });

  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    await watcher.end().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers every one, refuses new connections after the delay, and exits 0', { timeout: 60_000 }, async () => {
    server = await startServerProcess({
      RAKIT_DATA_DIR: dataDir, RAKIT_ADMIN_PASSWORD: PASSWORD, RAKIT_ALLOWED_DATABASE_HOSTS: '127.0.0.1', RAKIT_AUTH_RATE_LIMIT: '1000',
      RAKIT_DATASOURCE_POOL_MAX: String(POOL_MAX), RAKIT_SHUTDOWN_DELAY_MS: '1500', RAKIT_SHUTDOWN_GRACE_MS: '20000',
      // The workflow queue on BullMQ: its Redis connections are among what must close before the exit.
      REDIS_URL, RAKIT_WORKFLOW_QUEUE: `rakit-drain-${randomBytes(4).toString('hex')}`,
    });
    const { base, port } = server;
    const setup = new http.Agent({ keepAlive: false });
    const login = await post(setup, base, '/auth/login', { userId: 'demo-admin', password: PASSWORD, appSlug: 'demo' });
    const token = (login.body.data as { token: string }[])[0]?.token as string;
    const demo = await (await fetch(`${base}/get/getApp/slug/demo`, { headers: { authorization: `Bearer ${token}` } })).json() as { data: { appId: number } };
    const saved = await post(setup, base, '/save/saveDbConfig', {
      dbId: null, dbAppId: demo.data.appId, dbType: 'postgres', dbHost: '127.0.0.1', dbPort: 5432, dbUser: 'postgres', dbPassword: '', dbDatabase: 'test',
    }, token);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const dbId = (saved.body.data as { dbId: number }).dbId;

    // A balancer's kept-alive connections: the requests' sockets stay open after their answers.
    const balancer = new http.Agent({ keepAlive: true, maxSockets: 50 });
    const inFlight = Array.from({ length: 50 }, () => post(balancer, base, '/action/runQuery', { dbId, query: SLEEP, params: [] }, token));
    await watcher.connect();
    const sleeping = async () => Number((await watcher.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE query = $1 AND state = 'active'`, [SLEEP])).rows[0].n);
    await expect.poll(sleeping, { timeout: 20_000, interval: 50 }).toBeGreaterThanOrEqual(POOL_MAX);

    server.child.kill('SIGTERM');
    // The signal is handled a moment later; /readyz says so for the delay while it still serves.
    const readiness = async () => {
      const answer = await fetch(`${base}/readyz`);
      return { code: answer.status, body: await answer.json() as unknown };
    };
    await expect.poll(readiness, { timeout: 1_500, interval: 20 })
      .toEqual({ code: 503, body: { status: false, data: { ready: false, reason: 'draining' }, error: [expect.stringContaining('shutting down')] } });
    // Once the delay is over the listener is closed, while the requests in flight still run.
    await expect.poll(() => refusesConnections(port), { timeout: 5_000, interval: 100 }).toBe(true);
    expect(server.child.exitCode).toBeNull();
    expect(await sleeping()).toBeGreaterThan(0);
    expect(await sleeping()).toBeLessThanOrEqual(POOL_MAX);

    const answers = await Promise.all(inFlight);
    expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
    expect(answers.every((answer) => answer.body.status === true && JSON.stringify(answer.body.data).includes('"answer":7'))).toBe(true);
    expect(await server.exited).toBe(0);
    balancer.destroy();
  });
});
