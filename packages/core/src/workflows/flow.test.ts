import { describe, expect, it } from 'vitest';
import { findCycle, reachableFrom, rootsOf, topologicalOrder } from './flow';

describe('the flow of a workflow', () => {
  it('finds no cycle in a diamond, and names the one it finds', () => {
    expect(findCycle([[1, 2], [1, 3], [2, 4], [3, 4]])).toBeNull();
    expect(findCycle([[1, 2], [2, 3], [3, 4], [4, 2]])).toEqual([2, 3, 4, 2]);
    expect(findCycle([[5, 5]])).toEqual([5, 5]);
    expect(findCycle([])).toBeNull();
  });

  it('walks a long chain without overflowing the stack', () => {
    const edges = Array.from({ length: 50_000 }, (_, i) => [i + 1, i + 2] as const);
    expect(findCycle(edges)).toBeNull();
    expect(findCycle([...edges, [50_001, 1]])?.length).toBe(50_002);
  });

  it('answers roots, what they reach, and an order', () => {
    const edges = [[1, 2], [2, 3], [4, 3]] as const;
    expect(rootsOf([1, 2, 3, 4, 5], edges)).toEqual([1, 4, 5]);
    expect([...reachableFrom([1], edges)].sort()).toEqual([1, 2, 3]);
    expect(topologicalOrder([1, 2, 3, 4], edges)).toEqual([1, 4, 2, 3]);
    expect(topologicalOrder([1, 2], [[1, 2], [2, 1]])).toBeNull();
  });
});
