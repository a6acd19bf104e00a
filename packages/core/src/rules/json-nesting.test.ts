import { describe, expect, it } from 'vitest';
import { MAX_JSON_NESTING, nestsDeeperThan } from './json-nesting';

describe('JSON nesting', () => {
  const lists = (depth: number): unknown => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);

  it('counts lists and objects, the value itself being level 1', () => {
    expect(nestsDeeperThan('text', 0)).toBe(false);
    expect(nestsDeeperThan([], 1)).toBe(false);
    expect(nestsDeeperThan([], 0)).toBe(true);
    expect(nestsDeeperThan({ a: [1, { b: null }] }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: [1, { b: {} }] }, 3)).toBe(true);
    expect(nestsDeeperThan(lists(MAX_JSON_NESTING), MAX_JSON_NESTING)).toBe(false);
    expect(nestsDeeperThan(lists(MAX_JSON_NESTING + 1), MAX_JSON_NESTING)).toBe(true);
  });

  it('measures any depth without overflowing the stack', () => {
    expect(nestsDeeperThan(lists(1_000_000), MAX_JSON_NESTING)).toBe(true);
  });
});
