import { defineConfig } from 'vitest/config';
import { unitTestOptions } from './vitest.shared.ts';

/**
 * Every package's unit tests in one run (`npm run test:unit`); each package also runs its own
 * (packages/<name>/vitest.config.ts). The end-to-end suite's own helpers are unit-tested here too.
 */
export default defineConfig({
  test: {
    ...unitTestOptions,
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'e2e/support/**/*.test.ts'],
  },
});
