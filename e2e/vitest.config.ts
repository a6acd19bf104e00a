import { defineConfig } from 'vitest/config';
import TimedSequencer from './support/timed-sequencer';

export default defineConfig({
  test: {
    include: ['specs/**/*.spec.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A poll waits for what the product does in its own time: the co-editing server stores a
    // document a second after its last change (coedit/collab.ts), longer on a loaded CI machine.
    // Vitest's default of one second would race it.
    expect: { poll: { timeout: 10_000 } },
    // One server and one browser for the run; specs take turns.
    fileParallelism: false,
    // Shards (`--shard=i/n`, run side by side by `npm run test:e2e`) split by measured time.
    sequence: { sequencer: TimedSequencer },
  },
});
