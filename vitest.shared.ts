import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Settings of every unit run: the root's (every package at once) and each package's own. */
export const unitTestOptions = {
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Store suites share the MariaDB/PostgreSQL servers; one file at a time keeps them apart.
  fileParallelism: false,
};

/**
 * A package's own run (`npm test` in its folder, or `npx vitest run [files]` there): its
 * tests with the root's settings, from whichever folder vitest is started.
 */
export const packageTestConfig = (configUrl: string) => defineConfig({
  root: fileURLToPath(new URL('.', configUrl)),
  test: { ...unitTestOptions, include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
});
