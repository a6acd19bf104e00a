import { describe, expect, it } from 'vitest';
import { exclusively } from './exclusive-run';

describe('exclusively', () => {
  it('ignores a second run while the first is under way, and allows one after it', async () => {
    const busy = { current: false };
    const seen: boolean[] = [];
    let finish = () => undefined as void;
    let runs = 0;
    const task = () => new Promise<string>((resolve) => {
      runs += 1;
      finish = () => resolve(`run ${runs}`);
    });
    const first = exclusively(busy, task, (b) => seen.push(b));
    const second = exclusively(busy, task, (b) => seen.push(b));
    expect(await second).toBeUndefined();
    expect(busy.current).toBe(true);
    finish();
    expect(await first).toBe('run 1');
    expect(busy.current).toBe(false);
    expect(seen).toEqual([true, false]);
    const third = exclusively(busy, task);
    finish();
    expect(await third).toBe('run 2');
    expect(runs).toBe(2);
  });

  it('lowers the flag when the task throws', async () => {
    const busy = { current: false };
    await expect(exclusively(busy, async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    expect(busy.current).toBe(false);
  });
});
