import { describe, expect, it } from 'vitest';
import { withLazyAreas } from './lazy-areas';
import { ApiUnreachableError } from './request';

const eager = { first: (n: number) => Promise.resolve(n + 1) };
const lazyArea = { later: (text: string) => Promise.resolve(`${text}!`), other: () => Promise.resolve(2) };

describe('withLazyAreas', () => {
  it('answers an eager call at once and a lazy one after loading its module, once', async () => {
    let loads = 0;
    const api = withLazyAreas(eager, async () => { loads += 1; return lazyArea; });
    expect(api.first).toBe(eager.first);
    expect(loads).toBe(0);
    expect(await api.later('saved')).toBe('saved!');
    expect(await api.other()).toBe(2);
    expect(loads).toBe(1);
  });

  it('gives the same function for a name each time, so a screen may depend on it', () => {
    const api = withLazyAreas(eager, async () => lazyArea);
    expect(api.later).toBe(api.later);
  });

  it('says the code could not be loaded when its chunk fails, and tries again on the next call', async () => {
    let loads = 0;
    const api = withLazyAreas(eager, async () => {
      loads += 1;
      if (loads === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return lazyArea;
    });
    await expect(api.later('x')).rejects.toBeInstanceOf(ApiUnreachableError);
    expect(await api.later('x')).toBe('x!');
    expect(loads).toBe(2);
  });

  it('refuses a name no area has', async () => {
    const api = withLazyAreas(eager, async () => lazyArea) as unknown as Record<string, () => Promise<unknown>>;
    await expect(api.missing!()).rejects.toThrow('No API call named missing');
  });
});
