import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * How long each spec file took in a whole run of the suite (seconds, `spec-durations.json`;
 * `node scripts/spec-durations.mjs <log>…` writes it from the runs' output). A file not listed
 * yet counts as the median of those that are.
 */
const durations = JSON.parse(readFileSync(new URL('../spec-durations.json', import.meta.url), 'utf8')) as Record<string, number>;

/** The median of the known durations: a new spec's guess. */
function medianDuration(): number {
  const known = Object.values(durations).sort((a, b) => a - b);
  return known.length === 0 ? 1 : known[Math.floor(known.length / 2)] as number;
}

/**
 * Splits the spec files into shards of about equal time (the longest first, each to the shard
 * with least so far), where vitest's own split is by count: the shards, run side by side, end
 * together instead of one waiting for the other.
 */
export function shardsByTime(files: readonly string[], count: number, durationOf: (file: string) => number): string[][] {
  const shards = Array.from({ length: count }, () => ({ files: [] as string[], seconds: 0 }));
  const longestFirst = [...files].sort((a, b) => durationOf(b) - durationOf(a) || a.localeCompare(b));
  for (const file of longestFirst) {
    const lightest = shards.reduce((best, shard) => (shard.seconds < best.seconds ? shard : best));
    lightest.files.push(file);
    lightest.seconds += durationOf(file);
  }
  return shards.map((shard) => shard.files);
}

export default class TimedSequencer extends BaseSequencer {
  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { index, count } = this.ctx.config.shard ?? { index: 1, count: 1 };
    const nameOf = (spec: TestSpecification) => relative(this.ctx.config.root, spec.moduleId).split('\\').join('/');
    const median = medianDuration();
    const shards = shardsByTime(files.map(nameOf), count, (file) => durations[file] ?? median);
    const mine = new Set(shards[index - 1]);
    return files.filter((spec) => mine.has(nameOf(spec)));
  }
}
