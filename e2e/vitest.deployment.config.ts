import { defineConfig } from 'vitest/config';

/**
 * The deployment suite (e2e/deployment): two replicas on PostgreSQL and Redis behind nginx running
 * deploy/nginx.conf, started by its own global setup; the browser goes through nginx only.
 */
export default defineConfig({
  test: {
    include: ['deployment/**/*.spec.ts'],
    globalSetup: ['deployment/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
