import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isSupportedNode } from '../../../scripts/supported-node.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('the Node.js Rakit runs on (issue 44)', () => {
  it('is 24.15 or later', () => {
    expect(['v20.20.2', 'v22.23.5', 'v24.14.0', 'v23.11.0'].map(isSupportedNode)).toEqual([false, false, false, false]);
    expect(['v24.15.0', 'v24.22.3', 'v25.1.0', 'v26.10.0'].map(isSupportedNode)).toEqual([true, true, true, true]);
    expect(isSupportedNode(process.version)).toBe(true);
  });

  // The machine's own Node.js, when it is an older one (Debian's 20 here): what a user who runs
  // the start script with it sees.
  const systemNode = '/usr/bin/node';
  const systemVersion = (() => { try { return execFileSync(systemNode, ['--version'], { encoding: 'utf8' }).trim(); } catch { return undefined; } })();
  it.skipIf(systemVersion === undefined || isSupportedNode(systemVersion))(`stops a start on ${systemVersion ?? 'an older Node.js'} with a sentence, not a stack trace`, () => {
    for (const script of ['scripts/start.mjs', 'scripts/worker.mjs']) {
      const run = spawnSync(systemNode, [script], { cwd: root, encoding: 'utf8', env: { ...process.env, RAKIT_DATA_DIR: '/nonexistent' } });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`Rakit needs Node.js 24.15 or later (the 24 LTS line); this is Node.js ${systemVersion}`);
      expect(run.stderr).not.toMatch(/\n\s+at /);
      expect(run.stdout).toBe('');
    }
  });
});
