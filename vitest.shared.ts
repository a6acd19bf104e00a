import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Settings of every unit run: the root's (every package at once) and each package's own. */
export const unitTestOptions = {
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Two files at a time: each store suite makes its own uniquely named databases and tables
  // on the shared MariaDB/PostgreSQL servers (test/support), so files never meet there. More
  // workers would mostly add load on those two servers.
  fileParallelism: true,
  maxWorkers: 2,
};

/**
 * A package's own run (`npm test` in its folder, or `npx vitest run [files]` there): its
 * tests with the root's settings, from whichever folder vitest is started.
 */
export const packageTestConfig = (configUrl: string) => defineConfig({
  root: fileURLToPath(new URL('.', configUrl)),
  test: { ...unitTestOptions, include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
});
