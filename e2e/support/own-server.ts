import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN_PASSWORD } from './browser';
import { portOfStartLine } from './ports';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface OwnServer {
  base: string;
  port: number;
  process: ChildProcess;
  /** Kills it at once, as a network that drops: no draining of the browser's kept-alive connections. */
  stop: () => Promise<void>;
}

/**
 * A server of a spec's own, on a copy of the built web app (`webDir`) and its own data folder:
 * the spec changes its sw.js (a new build deployed), kills it (the network gone) and starts it
 * again on the same port and data (`port`), which the suite's shared server must not see. It
 * seeds the demo application as `npm start` does.
 */
export async function startOwnServer(webDir: string, dataDir: string, port?: number): Promise<OwnServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(root, 'packages/server'),
    env: { ...process.env, PORT: String(port ?? 0), HOST: '127.0.0.1', RAKIT_DATA_DIR: dataDir, RAKIT_WEB_DIR: webDir, RAKIT_ADMIN_PASSWORD: ADMIN_PASSWORD, RAKIT_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the spec's server did not start:\n${output}`)), 120_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Rakit is running on')) { clearTimeout(timer); resolve(); }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    void exited.then(() => reject(new Error(`the spec's server exited:\n${output}`)));
  });
  const listenOn = portOfStartLine(output);
  return {
    base: `http://127.0.0.1:${listenOn}`,
    port: listenOn,
    process: child,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
