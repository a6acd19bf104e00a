import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A server process as an operator starts one (src/main.ts, as `npm start` runs it). */
export interface ServerProcess {
  base: string;
  port: number;
  child: ChildProcess;
  /** What it printed so far, stdout and stderr. */
  output(): string;
  /** Resolves with its exit code once it has exited. */
  exited: Promise<number | null>;
}

/**
 * Starts src/main.ts with `env` on top of the test's environment on a free port (PORT=0, read back
 * from its start line: a port probed beforehand may be taken by the time it binds); resolves once
 * it prints where to sign in, rejects with what it printed if it exits first or takes too long.
 */
export async function startServerProcess(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', RAKIT_WEB_DIR: '/nonexistent', RAKIT_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  child.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`the server did not start within ${timeoutMs} ms:\n${output}`)); }, timeoutMs);
    const look = () => { if (output.includes('Rakit is running on')) { clearTimeout(timer); resolve(); } };
    child.stdout?.on('data', look);
    void exited.then((code) => { clearTimeout(timer); reject(new Error(`the server exited (${code}) before it started:\n${output}`)); });
  });
  const port = Number(/Rakit is running on http:\/\/[^:\s]+:(\d+)/.exec(output)?.[1]);
  return { base: `http://127.0.0.1:${port}`, port, child, output: () => output, exited };
}
