// `npm start`: builds the web app when its build is missing or older than its sources,
// then runs the server (API + web app) in this process's place.
// First: an unsupported Node stops here with a sentence.
import './supported-node.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeArgs } from './node-args.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'packages/web/dist/index.html');
const webSources = ['packages/web/src', 'packages/web/index.html', 'packages/web/vite.config.ts', 'packages/core/src'];

function newestChange(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((newest, name) => Math.max(newest, newestChange(path.join(target, name))), stat.mtimeMs);
}

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const sourcesAt = Math.max(...webSources.map((s) => path.join(root, s)).filter(existsSync).map(newestChange));
if (builtAt < sourcesAt) {
  console.log('Building the web app…');
  // Always the production build: a NODE_ENV inherited from the caller (a test runner sets 'test')
  // made Vite build React's development version, twice the size and several times slower.
  const build = spawnSync('npm', ['run', 'build', '-w', '@rakit/web'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, [...serverNodeArgs(), '--import', 'tsx', 'src/main.ts'], {
  cwd: path.join(root, 'packages/server'),
  stdio: 'inherit',
  env: { ...process.env, RAKIT_DATA_DIR: path.resolve(process.env.RAKIT_DATA_DIR ?? path.join(root, 'data')) },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal === null ? 0 : 1)));
