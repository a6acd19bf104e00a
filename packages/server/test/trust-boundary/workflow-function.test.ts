import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Messages } from '@rakit/core';
import { buildTestServer, type TestServer } from '../support/build';
import { type HostileBuilder, hostileBuilder } from './hostile';

/**
 * The workflow step "Function" (issues 12, 13): an author's function runs in the QuickJS
 * sandbox with the step's named parameters, and its return value feeds later steps. A hostile
 * author's step reaches only his own application's functions (by id, slug, or a slug his
 * templates compute at run time), and his runaway code ends as the step's error while the
 * server goes on answering.
 */
describe('the Function step of a workflow', () => {
  let server: TestServer;
  let victim: HostileBuilder;
  let hostile: HostileBuilder;
  let victimSlug = '';
  let victimId = 0;

  const must = async (answer: Promise<{ statusCode: number; body: string; json(): { data: Record<string, unknown> } }>) => {
    const done = await answer;
    if (done.statusCode >= 300) throw new Error(done.body);
    return done.json().data;
  };
  const post = (path: string, body: unknown, as: HostileBuilder) => server.call('POST', path, body, as.token);

  async function saveFunction(as: HostileBuilder, parameter: { name: string; type: 'int' | 'string' }[], content: string) {
    return must(post('/function/saveFunction', { appId: as.appId, name: `Fn ${randomBytes(3).toString('hex')}`, parameter, content }, as)) as Promise<{ id: number; slug: string }>;
  }

  /** A workflow of the steps, each after the one before it; answers its id, or the build's problems. */
  async function workflow(as: HostileBuilder, steps: { alias: string; addon: string; params: Record<string, string> }[]) {
    const chainId = (await must(post('/save/saveWorkflow', { chainId: null, chainAppId: as.appId, chainName: `W ${randomBytes(2).toString('hex')}`, chainTrigger: null }, as))).chainId as number;
    const ids: number[] = [];
    for (const step of steps) {
      ids.push((await must(post('/save/saveAction', { actionId: null, actionChainId: chainId, actionAlias: step.alias, addonName: step.addon, actionParams: JSON.stringify(step.params) }, as))).actionId as number);
    }
    await must(post('/save/saveFlow', { workflowId: chainId, flow: ids.slice(1).map((to, i) => [ids[i], to]) }, as));
    const built = await must(post(`/action/buildWorkflow/${chainId}`, {}, as));
    expect(built.problems, JSON.stringify(built.problems)).toEqual([]);
    return chainId;
  }
  const run = async (as: HostileBuilder, chainId: number, params: Record<string, unknown> = {}) =>
    must(post(`/action/runWorkflow/${chainId}`, { params }, as)) as Promise<{ runId: number; status: string; errors: string[]; output: unknown }>;

  beforeAll(async () => {
    server = await buildTestServer('sqlite', { triggerWaitMs: 15_000 });
    victim = await hostileBuilder(server, `Victim ${randomBytes(3).toString('hex')}`);
    hostile = await hostileBuilder(server);
    const secret = await saveFunction(victim, [], "return 'victim-secret';");
    victimSlug = secret.slug;
    victimId = secret.id;
  });
  afterAll(async () => {
    await server.close();
  });

  it('runs the author\'s function with typed parameters from templates, its value feeding the next step', async () => {
    const total = await saveFunction(hostile, [{ name: 'price', type: 'int' }, { name: 'item', type: 'string' }], 'return { total: price * 3, label: item.toUpperCase() };');
    const chainId = await workflow(hostile, [
      { alias: 'Total', addon: 'function', params: { functionId: total.slug, params: JSON.stringify({ price: '{{$0.price}}', item: '{{$0.item}}' }) } },
      { alias: 'Say', addon: 'variable', params: { values: JSON.stringify({ text: '{{$1.label}} costs {{$1.total}}' }) } },
    ]);
    const outcome = await run(hostile, chainId, { price: 7, item: 'kopi' });
    expect(outcome).toMatchObject({ status: 'succeeded', errors: [], output: { text: 'KOPI costs 21' } });
    const detail = await must(server.call('GET', `/action/workflowRun/${outcome.runId}`, undefined, hostile.token));
    expect((detail.steps as { input: unknown; output: unknown }[])[0]).toMatchObject({ input: { functionId: total.slug, params: { price: 7, item: 'kopi' } }, output: { total: 21, label: 'KOPI' } });
    // A value that does not fit the parameter's type is the author's to fix: the step fails once, with why.
    const wrong = await run(hostile, chainId, { price: 'seven', item: 'kopi' });
    expect(wrong.status).toBe('failed');
    expect(wrong.errors.join(' ')).toMatch(/price/);
  });

  it('cannot name another application\'s function, by id or slug, at save or at run time', async () => {
    const chainId = (await must(post('/save/saveWorkflow', { chainId: null, chainAppId: hostile.appId, chainName: 'Steal', chainTrigger: null }, hostile))).chainId as number;
    for (const ref of [String(victimId), victimSlug]) {
      const saved = await post('/save/saveAction', { actionId: null, actionChainId: chainId, actionAlias: 'Steal', addonName: 'function', actionParams: JSON.stringify({ functionId: ref }) }, hostile);
      expect(saved.statusCode, saved.body).toBe(404);
      expect(saved.json().error).toEqual([Messages.functionNotFound]);
    }
    // The slug computed by a template only at run time is checked there.
    const computed = await workflow(hostile, [{ alias: 'Steal', addon: 'function', params: { functionId: '{{$0.fn}}' } }]);
    for (const fn of [victimSlug, victimId]) {
      const outcome = await run(hostile, computed, { fn });
      expect(outcome.status).toBe('failed');
      expect(outcome.errors).toEqual([`Steal: ${Messages.functionNotFound}`]);
      expect(JSON.stringify(outcome)).not.toContain('victim-secret');
    }
  });

  it('ends runaway code as the step\'s error while the server goes on answering', async () => {
    const spin = await saveFunction(hostile, [], 'for (;;) {}');
    const chainId = await workflow(hostile, [{ alias: 'Spin', addon: 'function', params: { functionId: spin.slug } }]);
    const started = Date.now();
    const [outcome, health] = await Promise.all([
      run(hostile, chainId),
      (async () => {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const at = Date.now();
        const answer = await server.call('GET', '/health');
        return { status: answer.statusCode, ms: Date.now() - at };
      })(),
    ]);
    expect(outcome.status).toBe('failed');
    expect(outcome.errors[0]).toMatch(/^Spin: .*(time|limit)/i);
    expect(health.status).toBe(200);
    expect(health.ms).toBeLessThan(1000);
    // One attempt: the same code would spin again.
    const detail = await must(server.call('GET', `/action/workflowRun/${outcome.runId}`, undefined, hostile.token));
    expect((detail.steps as { attempt: number }[])[0]?.attempt).toBe(1);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
