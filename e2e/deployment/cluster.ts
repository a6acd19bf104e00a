// A deployment as README's "Scaling out" describes it, on this machine: a fresh PostgreSQL store,
// the running Redis, N replicas (real `src/main.ts` processes, each on its own port with its own
// data folder, one RAKIT_SECRET) and nginx running deploy/nginx.conf in front of them. Used by
// the deployment suite (e2e/deployment) and bench/scale.ts.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../support/ports';

export { freePort };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverDir = path.join(root, 'packages/server');
export const NGINX_CONF = path.join(root, 'deploy/nginx.conf');

export const POSTGRES = { host: '127.0.0.1', port: 5432, user: 'postgres' };
export const REDIS_URL = process.env.RAKIT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether `command` is found in PATH (LibreOffice's soffice: the print test needs it). */
export const commandExists = (command: string): boolean => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

/** Runs `statements` on the server's `postgres` database (CREATE/DROP DATABASE cannot run in a transaction). */
export async function onPostgres(statements: readonly string[], database = 'postgres'): Promise<void> {
  const client = new pg.Client({ ...POSTGRES, database });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Resolves when Redis answers PING at `url`; rejects with a clear message otherwise. */
export function pingRedis(url = REDIS_URL): Promise<void> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    const fail = (why: string) => { socket.destroy(); reject(new Error(`Redis at ${url} is needed for the deployment suite: ${why}`)); };
    socket.setTimeout(3000, () => fail('no answer'));
    socket.once('error', (error) => fail(error.message));
    socket.connect(Number(port || 6379), hostname, () => socket.write('PING\r\n'));
    socket.once('data', (chunk) => {
      socket.end();
      if (chunk.toString().startsWith('+PONG')) resolve();
      else fail(chunk.toString().trim());
    });
  });
}

export interface Replica {
  readonly index: number;
  readonly port: number;
  readonly base: string;
  readonly dataDir: string;
  readonly child: ChildProcess;
  /** What the process printed so far. */
  output(): string;
  /** The exit code (or signal name) once it exited. */
  readonly exited: Promise<number | string>;
}

export interface ClusterOptions {
  /** The folder of this run's data folders, nginx prefix and logs. */
  dir: string;
  databaseUrl: string;
  secret: string;
  adminPassword: string;
  /** More environment for every replica (and worker). */
  env?: Record<string, string>;
}

/** The environment every process of the deployment shares: one store, one Redis, one secret. */
export function sharedEnv(options: ClusterOptions): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: options.databaseUrl,
    REDIS_URL,
    RAKIT_SECRET: options.secret,
    RAKIT_ADMIN_PASSWORD: options.adminPassword,
    // nginx is on loopback: its X-Forwarded-For is believed, nobody else's.
    RAKIT_TRUST_PROXY: '127.0.0.1',
    RAKIT_LOG_LEVEL: 'warn',
    ...options.env,
  };
}

function watch(child: ChildProcess): { output: () => string; exited: Promise<number | string> } {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  child.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  return { output: () => output, exited };
}

/** Spawns replica `index` (its own port and data folder) without waiting for it. */
export function spawnReplica(options: ClusterOptions, index: number, port: number): Replica {
  const dataDir = path.join(options.dir, `replica-${index}`);
  mkdirSync(dataDir, { recursive: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...sharedEnv(options), PORT: String(port), HOST: '127.0.0.1', RAKIT_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { index, port, base: `http://127.0.0.1:${port}`, dataDir, child, ...watch(child) };
}

/** Spawns `npm run worker`'s process (the BullMQ workflow worker) on the shared store and Redis. */
export function spawnWorker(options: ClusterOptions): { child: ChildProcess; output: () => string; exited: Promise<number | string> } {
  const dataDir = path.join(options.dir, 'worker');
  mkdirSync(dataDir, { recursive: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: serverDir, env: { ...sharedEnv(options), RAKIT_DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { child, ...watch(child) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the replica serves: GET /readyz answers 200 (once the start-up work has landed), or,
 * where the server has no /readyz yet (404), the demo application's public call answers 200.
 * Rejects with the replica's output when it exits first or takes longer than `timeoutMs`.
 */
export async function waitReady(replica: Replica, timeoutMs = 120_000): Promise<void> {
  let exit: number | string | undefined;
  void replica.exited.then((code) => { exit = code; });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exit !== undefined) throw new Error(`replica ${replica.index} exited with ${exit}:\n${replica.output()}`);
    try {
      const ready = await fetch(`${replica.base}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (ready.status === 200) return;
      if (ready.status === 404 && (await fetch(`${replica.base}/get/getApp/slug/demo`, { signal: AbortSignal.timeout(2000) })).status === 200) return;
    } catch { /* not listening yet */ }
    await sleep(100);
  }
  throw new Error(`replica ${replica.index} was not ready in ${timeoutMs} ms:\n${replica.output()}`);
}

/**
 * deploy/nginx.conf with only what differs on this machine substituted: the balancer's port,
 * one `server` line per replica (with the file's own parameters), and the log folder.
 */
export function nginxConfFor(dir: string, balancerPort: number, replicaPorts: readonly number[]): string {
  const source = readFileSync(NGINX_CONF, 'utf8');
  const serverLine = /^(\s*)server 127\.0\.0\.1:\d+( [^;\n]*)?;\n/gm;
  const lines = [...source.matchAll(serverLine)];
  const first = lines[0];
  if (first === undefined) throw new Error(`${NGINX_CONF} has no upstream server line to substitute`);
  const replicas = replicaPorts.map((port) => `${first[1]}server 127.0.0.1:${port}${first[2] ?? ''};\n`).join('');
  let seen = 0;
  const conf = source
    .replace(serverLine, () => (seen++ === 0 ? replicas : ''))
    .replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${balancerPort};`)
    .replaceAll('/var/log/nginx/', `${path.join(dir, 'logs')}/`);
  if (!conf.includes(`listen 127.0.0.1:${balancerPort};`)) throw new Error(`${NGINX_CONF} has no 'listen 80;' line to substitute`);
  return conf;
}

/**
 * deploy/nginx.conf's fail_timeout, in ms: how long nginx may keep sending nothing to a replica it
 * saw failing (while it restarted). A rolling restart waits this long after a new replica is ready
 * before stopping the next one, or nginx may count both out at once ('no live upstreams', 502).
 */
export function failTimeoutMs(): number {
  const seconds = /fail_timeout=(\d+)s/.exec(readFileSync(NGINX_CONF, 'utf8'))?.[1];
  if (seconds === undefined) throw new Error(`${NGINX_CONF} has no fail_timeout=<n>s`);
  return Number(seconds) * 1000;
}

export interface Balancer {
  readonly base: string;
  readonly child: ChildProcess;
  readonly accessLog: string;
  readonly errorLog: string;
  output(): string;
  stop(): Promise<void>;
}

/** Runs nginx in the foreground with deploy/nginx.conf for `replicaPorts`, its prefix, logs and pid file in `dir`. */
export async function startNginx(dir: string, replicaPorts: readonly number[], nginx = process.env.NGINX ?? '/usr/sbin/nginx'): Promise<Balancer> {
  const prefix = path.join(dir, 'nginx');
  mkdirSync(path.join(prefix, 'logs'), { recursive: true });
  // Run as root (CI), nginx's workers are www-data: they must reach their temporary folders in the prefix.
  for (const folder of [dir, prefix]) chmodSync(folder, 0o755);
  const port = await freePort();
  const confFile = path.join(prefix, 'nginx.conf');
  writeFileSync(confFile, nginxConfFor(prefix, port, replicaPorts));
  const errorLog = path.join(prefix, 'logs', 'rakit-error.log');
  const child = spawn(nginx, ['-p', `${prefix}/`, '-e', errorLog, '-c', confFile, '-g', `daemon off; pid ${path.join(prefix, 'nginx.pid')};`], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { output, exited } = watch(child);
  let exit: number | string | undefined;
  void exited.then((code) => { exit = code; });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (exit !== undefined) throw new Error(`nginx exited with ${exit}:\n${output()}`);
    try {
      await fetch(`${base}/nginx-started`, { signal: AbortSignal.timeout(2000) });
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not listen on ${port}:\n${output()}`);
      await sleep(100);
    }
  }
  return {
    base, child, output, errorLog, accessLog: path.join(prefix, 'logs', 'rakit-access.log'),
    stop: async () => {
      if (exit !== undefined) return;
      child.kill('SIGQUIT');
      await exited;
    },
  };
}

/** Sends `signal` and waits for the exit (at most `timeoutMs`, then SIGKILL). */
export async function stopProcess(child: ChildProcess, exited: Promise<unknown>, signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 20_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await exited;
  clearTimeout(timer);
}

/** A fresh folder and a fresh PostgreSQL store database for one deployment. */
export async function freshDeployment(adminPassword: string, env: Record<string, string> = {}): Promise<ClusterOptions & { database: string; cleanUp(): Promise<void> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rakit-deploy-'));
  const database = `rakit_deploy_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await onPostgres([`CREATE DATABASE ${database}`]);
  return {
    dir, database, adminPassword, env,
    databaseUrl: `postgres://${POSTGRES.user}@${POSTGRES.host}:${POSTGRES.port}/${database}`,
    secret: randomBytes(32).toString('base64url'),
    cleanUp: async () => {
      await onPostgres([`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
