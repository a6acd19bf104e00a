import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Store suites share the MariaDB/PostgreSQL servers; one file at a time keeps them apart.
    fileParallelism: false,
  },
});
