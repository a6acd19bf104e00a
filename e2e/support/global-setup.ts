import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { portOfStartLine } from './ports';

export const ADMIN_PASSWORD = 'e2e-admin-password';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let server: ChildProcess | undefined;
let dataDir: string | undefined;

/**
 * Starts Rakit the way a user does (`npm start`), on a free port (PORT=0: the system picks one
 * as it binds, so nothing can take it in between) with a fresh data directory, and waits until it
 * prints where to sign in.
 */
export async function setup(project: TestProject): Promise<void> {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'rakit-e2e-'));
  server = spawn('npm', ['start'], {
    cwd: root,
    // The suite signs in dozens of people a minute, all from 127.0.0.1, some many times: the
    // sign-in limits per address and per account (tested by the server's suite) would refuse
    // some of them depending on the specs' order.
    env: {
      ...process.env, PORT: '0', RAKIT_DATA_DIR: dataDir, RAKIT_ADMIN_PASSWORD: ADMIN_PASSWORD, RAKIT_LOG_LEVEL: 'warn', RAKIT_ALLOW_PRIVATE_URLS: 'false',
      RAKIT_AUTH_RATE_LIMIT: '1000', RAKIT_AUTH_ACCOUNT_RATE_LIMIT: '1000',
      // The demo's administrators connect to the CI's MariaDB on loopback: the operator names it.
      RAKIT_ALLOWED_DATABASE_HOSTS: '127.0.0.1',
      // The workflow spec's HTTP step posts to a local service; the Request Test stays closed to it.
      RAKIT_ALLOWED_URL_HOSTS: '127.0.0.1',
      // The Third Parties' SMTP server of the specs runs on loopback: the operator allows it.
      RAKIT_ALLOW_PRIVATE_SMTP: 'true',
      // Every data-widget statement, one JSON line each: the keyset spec reads which ones ran.
      RAKIT_STATEMENT_LOG: path.join(dataDir, 'statements.log'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Rakit did not start in time:\n${output}`)), 300_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Rakit is running on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    server?.stdout?.on('data', onData);
    server?.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    server?.on('exit', (code) => reject(new Error(`Rakit exited with ${code}:\n${output}`)));
  });
  project.provide('baseUrl', `http://127.0.0.1:${portOfStartLine(output)}`);
  project.provide('startOutput', output);
  project.provide('statementLog', path.join(dataDir, 'statements.log'));
}

export async function teardown(): Promise<void> {
  if (server?.pid !== undefined) {
    try { process.kill(-server.pid, 'SIGTERM'); } catch { /* already gone */ }
  }
  if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    startOutput: string;
    /** The server's log of data-widget statements (RAKIT_STATEMENT_LOG). */
    statementLog: string;
  }
}
