import { performance } from 'node:perf_hooks';

/** Runs `run` `rounds` times after a warm-up and answers the sorted latencies in ms. */
export async function sampleLatencies(run: () => Promise<unknown>, rounds: number, warmUp = 100): Promise<number[]> {
  for (let i = 0; i < warmUp; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b);
}

export const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number;

export const latencyLine = (name: string, sorted: readonly number[]): string =>
  `${name.padEnd(34)} p50 ${percentile(sorted, 0.5).toFixed(3)} ms   p95 ${percentile(sorted, 0.95).toFixed(3)} ms`;

export const ratioLine = (label: string, measured: readonly number[], baseline: readonly number[]): string =>
  `${label}: p50 ${(percentile(measured, 0.5) / percentile(baseline, 0.5)).toFixed(2)}  p95 ${(percentile(measured, 0.95) / percentile(baseline, 0.95)).toFixed(2)}`;

/** What is timed, with what runs untimed before each sample (e.g. making the server forget its kept counts). */
export type Timed = (() => Promise<unknown>) | { before: () => Promise<unknown>; run: () => Promise<unknown> };

/**
 * Samples of each function, taken in turns (a, b, a, b…) so a drifting machine weighs on all
 * alike, after `warmup` untimed turns; each list sorted.
 */
export async function measureInTurns(runs: readonly Timed[], rounds: number, warmup: number): Promise<number[][]> {
  const parts = runs.map((r) => (typeof r === 'function' ? { before: undefined, run: r } : r));
  for (let i = 0; i < warmup; i++) for (const { before, run } of parts) { await before?.(); await run(); }
  const samples = runs.map(() => [] as number[]);
  for (let i = 0; i < rounds; i++) {
    for (const [j, { before, run }] of parts.entries()) {
      await before?.();
      const start = performance.now();
      await run();
      samples[j]?.push(performance.now() - start);
    }
  }
  return samples.map((s) => s.sort((a, b) => a - b));
}
