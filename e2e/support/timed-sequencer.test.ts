import { describe, expect, it } from 'vitest';
import { shardsByTime } from './timed-sequencer';

describe('shards by time', () => {
  it('gives each shard about the same time, the longest files first', () => {
    const seconds: Record<string, number> = { a: 100, b: 60, c: 50, d: 40, e: 10 };
    const shards = shardsByTime(Object.keys(seconds), 2, (file) => seconds[file] ?? 0);
    expect(shards).toEqual([['a', 'd'], ['b', 'c', 'e']]);
    expect(shards.map((files) => files.reduce((sum, file) => sum + (seconds[file] ?? 0), 0))).toEqual([140, 120]);
  });

  it('puts every file in exactly one shard, whatever the count', () => {
    const files = Array.from({ length: 17 }, (_, i) => `f${i}`);
    const shards = shardsByTime(files, 3, (file) => Number(file.slice(1)) % 5);
    expect(shards.flat().sort()).toEqual([...files].sort());
  });
});
