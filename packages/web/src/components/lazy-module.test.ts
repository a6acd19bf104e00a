import { describe, expect, it } from 'vitest';
import { lazyModule } from './lazy-module';

describe('lazyModule', () => {
  it('fetches the module once, however often it is asked for', async () => {
    let fetches = 0;
    const part = lazyModule(async () => { fetches += 1; return { name: 'fields' }; });
    part.preload();
    part.preload();
    expect(await part.load()).toEqual({ name: 'fields' });
    expect(await part.load()).toBe(await part.load());
    expect(fetches).toBe(1);
  });

  it('tries again after a fetch that failed (the connection came back)', async () => {
    let fetches = 0;
    const part = lazyModule(async () => {
      fetches += 1;
      if (fetches === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return 'here';
    });
    await expect(part.load()).rejects.toThrow('Failed to fetch');
    part.preload(); // a failed preload is quiet
    expect(await part.load()).toBe('here');
    expect(fetches).toBe(2);
  });
});
