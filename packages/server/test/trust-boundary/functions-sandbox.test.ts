import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../support/build';
import { type HostileBuilder, hostileBuilder } from './hostile';

/**
 * Custom functions (issue 13) run an author's JavaScript on the server. The hostile author's
 * escape and abuse corpus: each entry must end in a clear error to him (never a 500, never a
 * crash), the server must keep answering others while the corpus runs, and nothing one call
 * does may be seen by the next (fresh QuickJS runtime per call).
 */
describe('custom function sandbox: escape and abuse corpus', () => {
  let server: TestServer;
  let hostile: HostileBuilder;

  const test = (content: string, params: Record<string, unknown> = {}, parameter: { name: string; type: 'int' | 'string' }[] = []) =>
    server.call('POST', '/function/testFunction', { appId: hostile.appId, parameter, content, params }, hostile.token);

  beforeAll(async () => {
    server = await buildTestServer('sqlite');
    hostile = await hostileBuilder(server);
    await server.app.services.sandbox.warm();
  });
  afterAll(async () => {
    await server.close();
  });

  /** [what it tries, code, what the author must read] */
  const corpus: [string, string, RegExp][] = [
    ['the Function constructor to reach process', 'return this.constructor.constructor("return process")()', /TypeError|ReferenceError/],
    ['the Function constructor from a function', 'return (function(){}).constructor("return typeof process")() === "undefined" ? null.x : 1', /TypeError/],
    ['require', 'return require("fs")', /ReferenceError: '?require'? is not defined/],
    ['dynamic import of fs', 'return import("fs")', /could not load module|not supported|ReferenceError/],
    ['fetch', 'return fetch("http://127.0.0.1/")', /ReferenceError/],
    ['timers', 'return setTimeout(() => 1, 1)', /ReferenceError/],
    ['an endless loop', 'for(;;){}', /ran out of time/],
    // Filling 5e7 elements meets the memory limit within the second on an idle machine, the
    // time limit first on a busy one: either way the author reads which limit stopped it.
    ['a 5e7-element array', 'return new Array(5e7).fill(1).length', /ran out of memory|ran out of time/],
    ['a 400 MB typed array at once', 'return new Float64Array(5e7).length', /ran out of memory/],
    ['deep recursion', 'function f(n){ return f(n + 1) + 1 } return f(0)', /stack overflow/],
    ['a string bomb', 'let s = "x"; for (;;) s += s; return s', /string too long|ran out of memory/],
    ['a huge return value', 'return "x".repeat(4 * 1024 * 1024)', /more than \d+ bytes|ran out of memory/],
    ['a thrown non-Error', 'throw 42', /not an Error: 42/],
    ['a Promise that never settles', 'return new Promise(() => {})', /never settled/],
    ['returning undefined', 'let a = 1', /returned nothing/],
    ['a cyclic object', 'const o = {}; o.self = o; return o', /circular/],
    ['a big JSON.parse that ignores the interrupt', 'const s = "[" + "1,".repeat(2e6) + "1]"; let n = 0; for (;;) n += JSON.parse(s).length; return n', /ran out of (time|memory)/],
  ];

  it('answers every corpus entry with a clear error while /health keeps its latency', async () => {
    const health = async () => {
      const start = performance.now();
      const answer = await server.call('GET', '/health');
      expect(answer.statusCode).toBe(200);
      return performance.now() - start;
    };
    const p99 = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length * 0.99)] ?? 0;
    const idle: number[] = [];
    for (let i = 0; i < 200; i++) idle.push(await health());

    let running = true;
    const during: number[] = [];
    const probe = (async () => {
      while (running) {
        during.push(await health());
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    // Eight at a time: one application may have at most 16 calls running or waiting.
    const answers: { what: string; expected: RegExp; status: number; data: { ok: boolean; error?: string } }[] = [];
    for (let at = 0; at < corpus.length; at += 8) {
      answers.push(...await Promise.all(corpus.slice(at, at + 8).map(async ([what, code, expected]) => {
        const answer = await test(code);
        return { what, expected, status: answer.statusCode, data: answer.json().data as { ok: boolean; error?: string } };
      })));
    }
    running = false;
    await probe;

    for (const { what, expected, status, data } of answers) {
      expect(status, what).toBe(200);
      expect(data.ok, what).toBe(false);
      expect(data.error, what).toMatch(expected);
    }
    const idleP99 = p99(idle);
    const duringP99 = p99(during);
    console.info(`/health p99 idle ${idleP99.toFixed(2)} ms, during the corpus ${duringP99.toFixed(2)} ms (${during.length} samples)`);
    expect(during.length).toBeGreaterThan(50);
    // The event loop never runs an author's code: only the machine's load can slow /health.
    expect(duringP99).toBeLessThan(Math.max(idleP99 * 2, 50));
  }, 60_000);

  it('keeps nothing from one call to the next, and never touches the host\'s prototypes', async () => {
    const polluted = await test('Object.prototype.polluted = "yes"; Array.prototype.push = null; globalThis.leak = 1; return 1');
    expect(polluted.json().data).toMatchObject({ ok: true, result: 1 });
    const next = await test('return [typeof leak, ({}).polluted === undefined, typeof [].push]');
    expect(next.json().data).toMatchObject({ ok: true, result: ['undefined', true, 'function'] });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const proto = await test('const o = JSON.parse(\'{"__proto__": {"admin": true}}\'); return { admin: ({}).admin ?? null, own: o.admin ?? null }');
    expect(proto.json().data).toMatchObject({ ok: true });
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('sees only plain data: no host objects, no process, no globals of Node', async () => {
    const answer = await test(
      'return [typeof process, typeof require, typeof module, typeof Buffer, typeof fetch, typeof setTimeout, typeof WebAssembly, typeof a, a]',
      { a: '7' }, [{ name: 'a', type: 'int' }],
    );
    expect(answer.json().data).toMatchObject({
      ok: true, result: ['undefined', 'undefined', 'undefined', 'undefined', 'undefined', 'undefined', 'undefined', 'number', 7],
    });
  });

  it('recovers after a worker was terminated by the watchdog', async () => {
    const restarts = server.app.services.sandbox.restarts;
    const stuck = await test('const s = "[" + "1,".repeat(3e6) + "1]"; for (;;) JSON.parse(s)');
    expect(stuck.json().data.ok).toBe(false);
    const after = await test('return 40 + 2');
    expect(after.json().data).toMatchObject({ ok: true, result: 42 });
    // JSON.parse of a big text does not look at QuickJS's deadline: the host's watchdog ended the worker.
    expect(server.app.services.sandbox.restarts).toBeGreaterThan(restarts);
  }, 20_000);

  it('refuses a flood beyond the per-application queue without slowing other applications', async () => {
    const other = await hostileBuilder(server);
    const flood = Array.from({ length: 40 }, () => test('for(;;){}'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const start = performance.now();
    const neighbour = await server.call('POST', '/function/testFunction', { appId: other.appId, parameter: [], content: 'return 1', params: {} }, other.token);
    const neighbourMs = performance.now() - start;
    const answers = await Promise.all(flood);
    expect(neighbour.json().data).toMatchObject({ ok: true, result: 1 });
    // At most the calls already in the workers run before it: each ends within its time limit.
    expect(neighbourMs).toBeLessThan(3_000);
    const refused = answers.filter((a) => /Too many calls/.test(String(a.json().data.error)));
    expect(refused.length).toBeGreaterThan(0);
    expect(performance.now() - start).toBeLessThan(60_000);
  }, 90_000);
});
