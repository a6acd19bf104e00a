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
    // On CI (two shards side by side on a 2-CPU machine) a test that fails is run once more: a
    // browser starved for a second can miss a moment a person would not (stops 57 to 59 each
    // failed on a different spec that passes alone and under local load). A real fault fails
    // twice; vitest's report names every test that needed the second run ("retry x1").
    retry: process.env.CI ? 1 : 0,
    // One server and one browser for the run; specs take turns.
    fileParallelism: false,
    // Shards (`--shard=i/n`, run side by side by `npm run test:e2e`) split by measured time.
    sequence: { sequencer: TimedSequencer },
  },
});
