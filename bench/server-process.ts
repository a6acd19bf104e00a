// Rakit as an operator runs it: its own Node process (the server's src/main.ts, as `npm start`
// runs it), so a benchmark's client and baseline do not share the server's event loop.
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import http from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeArgs } from '../scripts/node-args.mjs';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/server');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves once a Rakit process prints where to sign in; rejects with what it printed if it exits or takes too long. */
export function startedIn(child: ChildProcess, timeoutMs: number): Promise<void> {
  let output = '';
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Rakit did not start in time:\n${output}`)), timeoutMs);
    const onOutput = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Rakit is running on')) {
        clearTimeout(timer);
        // What it prints from now on (a log line per request at level info) is not kept:
        // gathering and searching it all would slow the benchmark's own client.
        child.stdout?.off('data', onOutput);
        child.stderr?.off('data', onOutput);
        child.stdout?.resume();
        child.stderr?.resume();
        output = '';
        resolve();
      }
    };
    child.stdout?.on('data', onOutput);
    child.stderr?.on('data', onOutput);
    child.on('exit', (code) => reject(new Error(`Rakit exited with ${code}:\n${output}`)));
  });
}

/** `npm start` on a free port with a fresh data directory; resolves once it prints its address. */
export async function startProduct(password: string): Promise<{ base: string; stop: () => void }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rakit-bench-web-'));
  const child: ChildProcess = spawn('npm', ['start'], {
    cwd: path.resolve(serverDir, '../..'),
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', RAKIT_DATA_DIR: dataDir, RAKIT_ADMIN_PASSWORD: password, RAKIT_LOG_LEVEL: 'warn',
      RAKIT_AUTH_RATE_LIMIT: '1000', RAKIT_AUTH_ACCOUNT_RATE_LIMIT: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  await startedIn(child, 300_000);
  return {
    base: `http://127.0.0.1:${port}`,
    stop: () => {
      child.removeAllListeners('exit');
      if (child.pid !== undefined) {
        try { process.kill(-child.pid, 'SIGTERM'); } catch { /* already gone */ }
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ServerProcess {
  base: string;
  /** The server's process id (its CPU time is in /proc/<pid>/stat). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts the server on a free port with `dataDir` and `password` for the seeded users; resolves once it listens.
 * `nodeArgs` go to its node (e.g. `--cpu-prof`, whose profile is written when stop() ends it); `directory`
 * is the server package to run (another checkout's, to compare two versions side by side).
 */
export async function startServerProcess(
  dataDir: string, password: string, nodeArgs: readonly string[] = [], directory = serverDir, env: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [...serverNodeArgs(), ...nodeArgs, '--import', 'tsx', 'src/main.ts'], {
    cwd: directory,
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', RAKIT_DATA_DIR: dataDir, RAKIT_ADMIN_PASSWORD: password,
      RAKIT_AUTH_RATE_LIMIT: '1000000', RAKIT_WEB_DIR: '/nonexistent', RAKIT_SHUTDOWN_DELAY_MS: '0', RAKIT_ALLOWED_DATABASE_HOSTS: '127.0.0.1', RAKIT_LOG_LEVEL: process.env.RAKIT_LOG_LEVEL ?? 'warn', ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A benchmark that fails midway leaves no server behind to weigh on the next one's figures.
  const stopWithUs = () => { child.kill('SIGKILL'); };
  process.once('exit', stopWithUs);
  // BENCH_SERVER_LOG=<file>: what the server prints (with RAKIT_LOG_LEVEL=info, each request's responseTime) goes there too.
  const logFile = process.env.BENCH_SERVER_LOG;
  if (logFile !== undefined) child.stdout?.on('data', (chunk: Buffer) => appendFileSync(logFile, chunk));
  await startedIn(child, 120_000);
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid as number,
    stop: () => new Promise<void>((resolve) => {
      process.off('exit', stopWithUs);
      child.removeAllListeners('exit');
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    }),
  };
}

/**
 * A JSON client over one kept-alive connection, as a browser holds one: node:http rather than
 * fetch, whose own overhead (about 0.4 ms a call here) would be measured instead of the server.
 */
export function jsonClient(base: string) {
  const target = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  return (method: string, url: string, body?: unknown, token?: string): Promise<{ status: boolean; data: never; error?: string[] }> => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: http.OutgoingHttpHeaders = {};
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(payload);
    }
    if (token !== undefined) headers.authorization = `Bearer ${token}`;
    return new Promise((resolve, reject) => {
      const request = http.request({ host: target.hostname, port: target.port, path: url, method, agent, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          } catch (error) {
            reject(error);
          }
        });
      });
      request.on('error', reject);
      request.end(payload);
    });
  };
}

/** CPU time (user + system, every thread) a process has used so far, in ms; Linux only (/proc). */
export function cpuTimeMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name (which may hold spaces) in parentheses: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}
/** USER_HZ, 100 on every Linux the project runs on. */
const CLOCK_TICKS_PER_SECOND = 100;
