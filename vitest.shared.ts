import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Settings of every unit run: the root's (every package at once) and each package's own. */
export const unitTestOptions = {
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Two files at a time: each store suite makes its own uniquely named databases and tables
  // on the shared MariaDB/PostgreSQL servers (test/support), so files never meet there. Four
  // took 255 s instead of 381 s once on this 2-CPU machine, but a second run hung: two until
  // that is understood (issue 31). RAKIT_UNIT_WORKERS overrides it for such trials.
  fileParallelism: true,
  maxWorkers: Number(process.env.RAKIT_UNIT_WORKERS ?? 2),
  // Files run in one module graph per worker instead of each importing the server afresh: the
  // import phase went from ~470 s to 30 s of a CI run (201 files), the unit suite from ~1,025 s
  // to 771 s. Tests keep their state in their own servers and databases; the server's
  // process-wide caches are keyed by store or data source, and a test that sets process.env
  // puts it back.
  isolate: false,
};

/**
 * A package's own run (`npm test` in its folder, or `npx vitest run [files]` there): its
 * tests with the root's settings, from whichever folder vitest is started.
 */
export const packageTestConfig = (configUrl: string) => defineConfig({
  root: fileURLToPath(new URL('.', configUrl)),
  test: { ...unitTestOptions, include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
});
