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
