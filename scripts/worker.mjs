// `npm run worker`: a workflow worker process (issue 12) for the BullMQ queue: it needs REDIS_URL,
// and the same metadata store (DATABASE_URL) and data directory (RAKIT_DATA_DIR, for the secret
// that unseals connection passwords) as the web processes. Start as many as needed, anywhere.
// First: an unsupported Node stops here with a sentence.
import './supported-node.mjs';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeArgs } from './node-args.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const worker = spawn(process.execPath, [...serverNodeArgs(), '--import', 'tsx', 'src/worker.ts'], {
  cwd: path.join(root, 'packages/server'),
  stdio: 'inherit',
  env: { ...process.env, RAKIT_DATA_DIR: path.resolve(process.env.RAKIT_DATA_DIR ?? path.join(root, 'data')) },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => worker.kill(signal));
worker.on('exit', (code, signal) => process.exit(code ?? (signal === null ? 0 : 1)));
