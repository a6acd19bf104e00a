import { describe, expect, it } from 'vitest';
import { builtOnce, type ContentPlan, MAX_BUILT_STATEMENTS, MAX_KEPT_KEY } from './content-plan';
import { StatementCache } from './run';

/** What the server keeps of built statements and their answers stays small, whatever a caller sends. */
describe('statement memory', () => {
  it('keeps an answer of a statement of ordinary values, and none of one of very long values', () => {
    const cache = new StatementCache<number>();
    const short = { sql: 'SELECT COUNT(*) AS n FROM t WHERE c = ?', params: ['x'] };
    const long = { sql: short.sql, params: ['x'.repeat(10_000)] };
    cache.set(short, 1, Date.now() + 1000);
    cache.set(long, 2, Date.now() + 1000);
    expect(cache.get(short, Date.now())).toBe(1);
    expect(cache.get(long, Date.now())).toBeUndefined();
    cache.delete(short);
    expect(cache.get(short, Date.now())).toBeUndefined();
  });

  it('builds a request once per plan, a long one every time, and forgets the oldest past one bound for every plan', () => {
    const plan = {} as ContentPlan;
    let builds = 0;
    const build = () => ({ built: ++builds });
    const first = builtOnce(plan, '{"page":1}', build);
    expect(builtOnce(plan, '{"page":1}', build)).toBe(first);
    expect(builtOnce({} as ContentPlan, '{"page":1}', build)).not.toBe(first);
    const long = `{"search":"${'x'.repeat(MAX_KEPT_KEY)}"}`;
    expect(builtOnce(plan, long, build)).not.toBe(builtOnce(plan, long, build));
    // Many plans (widgets) share the one bound: the first request is pushed out by theirs.
    for (let n = 0; n < MAX_BUILT_STATEMENTS; n++) builtOnce({} as ContentPlan, `{"page":${n}}`, build);
    const before = builds;
    expect(builtOnce(plan, '{"page":1}', build)).not.toBe(first);
    expect(builds).toBe(before + 1);
  });
});
