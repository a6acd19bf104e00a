import { defineConfig } from 'vitest/config';
import { unitTestOptions } from './vitest.shared';

/** Every package's unit tests in one run (`npm run test:unit`); each package also runs its own (packages/<name>/vitest.config.ts). */
export default defineConfig({
  test: {
    ...unitTestOptions,
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
  },
});
