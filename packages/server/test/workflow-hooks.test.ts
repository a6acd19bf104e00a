import { HOOK_SIGNATURE_HEADER, HOOK_TIMESTAMP_HEADER, type HookCall, Messages, type RunOutcome, type WorkflowHook, type WorkflowRunSummary } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushAudit } from '../src/audit/record';
import { hookSignature } from '../src/security/hook-signature';
import { buildTestServer, type TestServer } from './support/build';
import { availableEngines, type EngineName } from './support/engines';
import { type HostileBuilder, hostileBuilder } from './trust-boundary/hostile';

/**
 * Incoming webhooks (issue 37): another system starts a workflow with a signed (or bearer) call;
 * the body is the run's input. Every refusal (a wrong or old or replayed signature, a wrong
 * secret, another application's address, a body too large or of another type, a workflow not
 * built, too many calls) starts nothing and is kept in the hook's log with why.
 */
const engines = await availableEngines();

const BODY_LIMIT = 2048;
const RATE_LIMIT = 30;

describe.each(engines)('incoming webhooks on a %s store', (engine: EngineName) => {
  let server: TestServer;
  let owner: HostileBuilder;
  let other: HostileBuilder;

  beforeAll(async () => {
    server = await buildTestServer(engine, { hookBodyLimitBytes: BODY_LIMIT, hookRateLimit: RATE_LIMIT });
    owner = await hostileBuilder(server);
    other = await hostileBuilder(server);
  });
  afterAll(async () => { await server?.close(); });

  /** A workflow of one Set Variable step answering what it was sent as `by`, built unless asked not to. */
  async function workflow(builder: HostileBuilder, built = true): Promise<number> {
    const saved = await server.call('POST', '/save/saveWorkflow', { chainId: null, chainAppId: builder.appId, chainName: `Flow ${Math.random().toString(36).slice(2, 8)}`, chainTrigger: null }, builder.token);
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    const chainId = saved.json().data.chainId as number;
    const step = { actionId: null, actionChainId: chainId, actionAlias: 'Answer', addonName: 'variable', actionParams: JSON.stringify({ values: '{"by": "{{$0.by}}"}' }) };
    expect((await server.call('POST', '/save/saveAction', step, builder.token)).statusCode).toBeLessThan(300);
    if (built) expect((await server.call('POST', `/action/buildWorkflow/${chainId}`, undefined, builder.token)).statusCode).toBe(200);
    return chainId;
  }
  async function hook(builder: HostileBuilder, workflowId: number, auth: 'signature' | 'bearer' = 'signature', waitMs = 0): Promise<{ hook: WorkflowHook; secret: string }> {
    const saved = await server.call('POST', '/save/workflowHook', { hookId: null, workflowId, hookName: `Gerbang ${auth}`, auth, waitMs }, builder.token);
    expect(saved.statusCode, saved.body).toBe(201);
    return saved.json().data as { hook: WorkflowHook; secret: string };
  }
  /** A call as the payment gateway makes it: the body's bytes signed with the secret at `at` (Unix seconds). */
  function signedCall(path: string, secret: string, body: string, options: { at?: number; type?: string; signature?: string } = {}) {
    const timestamp = String(options.at ?? Math.floor(Date.now() / 1000));
    const signature = options.signature ?? hookSignature(secret, timestamp, Buffer.from(body));
    return server.app.inject({
      method: 'POST', url: path, payload: body,
      headers: { 'content-type': options.type ?? 'application/json', [HOOK_TIMESTAMP_HEADER]: timestamp, [HOOK_SIGNATURE_HEADER]: signature },
    });
  }
  const runsOf = async (workflowId: number, builder = owner): Promise<WorkflowRunSummary[]> => (await server.call('GET', `/action/workflowRuns/${workflowId}`, undefined, builder.token)).json().data;
  const callsOf = async (workflowId: number, hookId: string): Promise<HookCall[]> =>
    ((await server.call('GET', `/action/workflowHooks/${workflowId}`, undefined, owner.token)).json().data as (WorkflowHook & { calls: HookCall[] })[])
      .find((h) => h.hookId === hookId)?.calls ?? [];

  it('starts the workflow with a signed body as its input, and answers its outcome when it waits', async () => {
    const workflowId = await workflow(owner);
    const { hook: made, secret } = await hook(owner, workflowId, 'signature', 5000);
    expect(made.path).toBe(`/hook/${owner.appSlug}/${made.hookId}`);
    expect(secret).toMatch(/^rkh_/);
    const answer = await signedCall(made.path, secret, JSON.stringify({ by: 'Midtrans', order: 'INV-7' }));
    expect(answer.statusCode, answer.body).toBe(202);
    const outcome = answer.json().data as RunOutcome;
    expect(outcome).toMatchObject({ status: 'succeeded', output: { by: 'Midtrans' } });
    const [run] = await runsOf(workflowId);
    expect(run).toMatchObject({ runId: outcome.runId, startedBy: { kind: 'hook', userId: null, userName: 'Gerbang signature' } });
    const detail = (await server.call('GET', `/action/workflowRun/${outcome.runId}`, undefined, owner.token)).json().data as { input: unknown };
    expect(detail.input).toEqual({ by: 'Midtrans', order: 'INV-7' });
    expect((await callsOf(workflowId, made.hookId))[0]).toMatchObject({ outcome: 'accepted', runId: outcome.runId });
    // The run is the application's, started by the hook.
    await flushAudit(server.store);
    const started = await server.store.selectFrom('auditLog').selectAll().where('entityType', '=', 'workflowRun').where('entityId', '=', String(outcome.runId)).execute();
    expect(started.map((e) => [e.actorId, e.appId])).toEqual([['hook:Gerbang signature', owner.appId]]);
  });

  it('answers at once with the run id when the hook does not wait, and takes a form too', async () => {
    const workflowId = await workflow(owner);
    const { hook: made, secret } = await hook(owner, workflowId);
    const answer = await signedCall(made.path, secret, 'by=Xendit&amount=150000', { type: 'application/x-www-form-urlencoded' });
    expect(answer.statusCode, answer.body).toBe(202);
    expect(answer.json().data).toMatchObject({ status: 'started', workflowId });
    const detail = (await server.call('GET', `/action/workflowRun/${answer.json().data.runId}`, undefined, owner.token)).json().data as { input: unknown };
    expect(detail.input).toEqual({ by: 'Xendit', amount: '150000' });
  });

  it('refuses a wrong signature, an old timestamp, a replay, another type and a body too large, starting nothing', async () => {
    const workflowId = await workflow(owner);
    const { hook: made, secret } = await hook(owner, workflowId);
    const body = JSON.stringify({ by: 'gateway' });
    const at = Math.floor(Date.now() / 1000) - 10;
    const good = await signedCall(made.path, secret, body, { at });
    expect(good.statusCode, good.body).toBe(202);
    const refusals: [() => Promise<{ statusCode: number; body: string }>, number, string][] = [
      [() => signedCall(made.path, 'rkh_not-the-secret', body), 401, 'badSignature'],
      [() => signedCall(made.path, secret, body, { at: Math.floor(Date.now() / 1000) - 301 }), 401, 'staleTimestamp'],
      // The very call that was accepted, sent again.
      [() => signedCall(made.path, secret, body, { at }), 401, 'replayed'],
      [() => server.app.inject({ method: 'POST', url: made.path, payload: body, headers: { 'content-type': 'application/json' } }), 401, 'missingSignature'],
      [() => signedCall(made.path, secret, 'by=gateway', { type: 'text/plain' }), 415, 'unsupportedType'],
      [() => signedCall(made.path, secret, '{"by": ', {}), 400, 'badBody'],
      [() => signedCall(made.path, secret, JSON.stringify({ by: 'x'.repeat(BODY_LIMIT) })), 413, 'bodyTooLarge'],
    ];
    for (const [call, status, outcome] of refusals) {
      const answer = await call();
      expect({ status: answer.statusCode, outcome }).toEqual({ status, outcome });
    }
    expect(await runsOf(workflowId)).toHaveLength(1);
    await expect.poll(async () => (await callsOf(workflowId, made.hookId)).map((c) => c.outcome).reverse())
      .toEqual(['accepted', 'badSignature', 'staleTimestamp', 'replayed', 'missingSignature', 'unsupportedType', 'badBody', 'bodyTooLarge']);
    const wrong = await signedCall(made.path, 'rkh_wrong', body);
    expect(wrong.json().error[0]).toBe(Messages.hookUnauthorized);
  });

  it('holds the body to the fields the editor names: a form read as their kinds, a body that breaks them refused with why', async () => {
    const workflowId = await workflow(owner);
    const { hook: made, secret } = await hook(owner, workflowId, 'signature', 5000);
    const fields = [{ name: 'by', type: 'text', required: true }, { name: 'amount', type: 'number', required: true }, { name: 'paid', type: 'boolean', required: false }];
    const changed = await server.call('POST', '/save/workflowHook', { hookId: made.hookId, workflowId, hookName: 'Midtrans', auth: 'signature', waitMs: 5000, fields }, owner.token);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ hook: { hookName: 'Midtrans', fields }, secret: null });
    const fits = await signedCall(made.path, secret, 'by=Midtrans&amount=150000&paid=true', { type: 'application/x-www-form-urlencoded' });
    expect(fits.statusCode, fits.body).toBe(202);
    const detail = (await server.call('GET', `/action/workflowRun/${fits.json().data.runId}`, undefined, owner.token)).json().data as { input: unknown };
    expect(detail.input).toEqual({ by: 'Midtrans', amount: 150_000, paid: true });
    const breaks = await signedCall(made.path, secret, JSON.stringify({ amount: 'banyak' }));
    expect(breaks.statusCode).toBe(400);
    expect(breaks.json().error[0]).toContain('by (required), amount (number)');
    expect(await runsOf(workflowId)).toHaveLength(1);
    expect((await callsOf(workflowId, made.hookId)).map((c) => c.outcome)).toEqual(['badInput', 'accepted']);
    // A field named twice, or a name that is no field, is refused in the editor's call.
    for (const bad of [[...fields, fields[0]], [{ name: 'two words', type: 'text', required: true }]]) {
      expect((await server.call('POST', '/save/workflowHook', { hookId: made.hookId, workflowId, hookName: 'Midtrans', auth: 'signature', waitMs: 0, fields: bad }, owner.token)).statusCode).toBe(400);
    }
  });

  it('takes a bearer secret, and refuses another', async () => {
    const workflowId = await workflow(owner);
    const { hook: made, secret } = await hook(owner, workflowId, 'bearer');
    const send = (bearer: string) => server.app.inject({ method: 'POST', url: made.path, payload: { by: 'cron' }, headers: { authorization: `Bearer ${bearer}` } });
    expect((await send(secret)).statusCode).toBe(202);
    expect((await send(`${secret}x`)).statusCode).toBe(401);
    expect((await server.app.inject({ method: 'POST', url: made.path, payload: { by: 'cron' } })).statusCode).toBe(401);
    expect(await runsOf(workflowId)).toHaveLength(1);
  });

  it('refuses an unknown hook, another application\'s address, and a workflow not built', async () => {
    const workflowId = await workflow(owner);
    const { hook: made, secret } = await hook(owner, workflowId);
    expect((await signedCall(`/hook/${owner.appSlug}/nosuchhook0000000000000`, secret, '{}')).statusCode).toBe(404);
    const elsewhere = await signedCall(`/hook/${other.appSlug}/${made.hookId}`, secret, '{}');
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().error[0]).toBe(Messages.workflowHookNotFound);
    const unbuilt = await workflow(owner, false);
    const waiting = await hook(owner, unbuilt);
    expect((await signedCall(waiting.hook.path, waiting.secret, '{}')).statusCode).toBe(409);
    expect(await runsOf(workflowId)).toHaveLength(0);
    expect(await runsOf(unbuilt)).toHaveLength(0);
    expect((await callsOf(workflowId, made.hookId)).map((c) => c.outcome)).toEqual(['wrongApplication']);
  });

  it('keeps the secret sealed and never answers it again; rotating it refuses the old one; a removed hook is gone', async () => {
    const workflowId = await workflow(owner);
    const { hook: made, secret } = await hook(owner, workflowId);
    const list = await server.call('GET', `/action/workflowHooks/${workflowId}`, undefined, owner.token);
    expect(list.body).not.toContain(secret);
    const row = await server.store.selectFrom('workflowHooks').selectAll().where('hookId', '=', made.hookId).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret);
    const rotated = await server.call('POST', '/action/rotateHookSecret', { hookId: made.hookId }, owner.token);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const fresh = rotated.json().data.secret as string;
    expect((await signedCall(made.path, secret, '{"by":"old"}')).statusCode).toBe(401);
    expect((await signedCall(made.path, fresh, '{"by":"new"}')).statusCode).toBe(202);
    expect((await server.call('DELETE', '/delete/workflowHook', { hookId: made.hookId }, owner.token)).statusCode).toBe(200);
    expect((await signedCall(made.path, fresh, '{"by":"gone"}')).statusCode).toBe(404);
  });

  it('counts calls per hook: past its limit a minute, 429, kept in the log', async () => {
    const workflowId = await workflow(owner);
    const { hook: made } = await hook(owner, workflowId, 'bearer');
    const codes: number[] = [];
    for (let i = 0; i < RATE_LIMIT + 2; i++) codes.push((await server.app.inject({ method: 'POST', url: made.path, payload: {}, headers: { authorization: 'Bearer wrong' } })).statusCode);
    expect(codes.slice(0, RATE_LIMIT).every((code) => code === 401)).toBe(true);
    expect(codes.slice(RATE_LIMIT)).toEqual([429, 429]);
    await expect.poll(async () => (await callsOf(workflowId, made.hookId)).filter((c) => c.outcome === 'rateLimited').length).toBe(2);
  });

  describe('the hostile author', () => {
    it('cannot add, see, rotate or remove another application\'s hooks', async () => {
      const victimFlow = await workflow(owner);
      const { hook: victim } = await hook(owner, victimFlow);
      expect((await server.call('POST', '/save/workflowHook', { hookId: null, workflowId: victimFlow, hookName: 'Pintu belakang', auth: 'bearer', waitMs: 0 }, other.token)).statusCode).toBe(403);
      expect((await server.call('GET', `/action/workflowHooks/${victimFlow}`, undefined, other.token)).statusCode).toBe(403);
      expect((await server.call('POST', '/action/rotateHookSecret', { hookId: victim.hookId }, other.token)).statusCode).toBe(403);
      expect((await server.call('DELETE', '/delete/workflowHook', { hookId: victim.hookId }, other.token)).statusCode).toBe(403);
      // Nor re-point the victim's hook through his own workflow's id.
      const own = await workflow(other);
      const steal = await server.call('POST', '/save/workflowHook', { hookId: victim.hookId, workflowId: own, hookName: 'Dicuri', auth: 'bearer', waitMs: 0 }, other.token);
      expect(steal.statusCode).toBe(404);
      const kept = await server.store.selectFrom('workflowHooks').selectAll().where('hookId', '=', victim.hookId).executeTakeFirstOrThrow();
      expect([kept.workflowId, kept.hookName, kept.auth]).toEqual([victimFlow, 'Gerbang signature', 'signature']);
    });

    it('cannot start another application\'s workflow through a hook of his own', async () => {
      const own = await workflow(other);
      const { hook: his, secret } = await hook(other, own, 'bearer');
      // His hook at the victim's address is no hook there.
      const answer = await server.app.inject({ method: 'POST', url: `/hook/${owner.appSlug}/${his.hookId}`, payload: {}, headers: { authorization: `Bearer ${secret}` } });
      expect(answer.statusCode).toBe(404);
      expect(await runsOf(own, other)).toHaveLength(0);
    });
  });
});
