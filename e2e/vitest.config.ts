import { defineConfig } from 'vitest/config';
import TimedSequencer from './support/timed-sequencer';

export default defineConfig({
  test: {
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One server and one browser for the run; specs take turns.
    fileParallelism: false,
    // Shards (`--shard=i/n`, run side by side by `npm run test:e2e`) split by measured time.
    sequence: { sequencer: TimedSequencer },
  },
});
