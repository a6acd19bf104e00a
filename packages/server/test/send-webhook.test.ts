import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HOOK_SIGNATURE_HEADER, HOOK_TIMESTAMP_HEADER, Messages, type RunOutcome, type StepSecret, type WorkflowHook } from '@rakit/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { flushAudit } from '../src/audit/record';
import { hookSignature } from '../src/security/hook-signature';
import { buildTestServer, type TestServer } from './support/build';
import { availableEngines, type EngineName } from './support/engines';
import { listenLocal, type LocalHttpServer } from './support/local-http';
import { type HostileBuilder, hostileBuilder } from './trust-boundary/hostile';

/**
 * The Send Webhook step (issue 37): it posts its JSON body signed with a secret of its own, the
 * way incoming hooks check it, so one Rakit's step starts another's workflow; a 5xx or a timeout
 * is tried again with the same Idempotency-Key and a fresh signature. The secret is set by the
 * workflow's administrators, kept sealed, never answered back and never another application's.
 */
const engines = await availableEngines();

interface Received { headers: http.IncomingHttpHeaders; body: string }

describe.each(engines)('the Send Webhook step on a %s store', (engine: EngineName) => {
  let server: TestServer;
  let base: string;
  let owner: HostileBuilder;
  let other: HostileBuilder;
  let receiver: LocalHttpServer;
  let received: Received[] = [];
  /** How many of the next calls the receiver answers 503 before answering 200. */
  let failuresLeft = 0;

  beforeAll(async () => {
    // The operator lets workflows reach 127.0.0.1 (the test's receiver, this very server), as RAKIT_ALLOWED_URL_HOSTS does.
    server = await buildTestServer(engine, { allowedUrlHosts: ['127.0.0.1'], workflowBackoffMs: 20, triggerWaitMs: 20_000 });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    owner = await hostileBuilder(server);
    other = await hostileBuilder(server);
    receiver = await listenLocal((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          response.writeHead(503).end('busy');
        } else {
          response.writeHead(200, { 'content-type': 'application/json' }).end('{"received": true}');
        }
      });
    });
  });
  beforeEach(() => {
    received = [];
    failuresLeft = 0;
  });
  afterAll(async () => {
    await receiver?.close();
    await server?.close();
  });

  async function workflowWith(builder: HostileBuilder, addonName: string, params: Record<string, string>): Promise<{ workflowId: number; actionId: number }> {
    const saved = await server.call('POST', '/save/saveWorkflow', { chainId: null, chainAppId: builder.appId, chainName: `Flow ${Math.random().toString(36).slice(2, 8)}`, chainTrigger: null }, builder.token);
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    const workflowId = saved.json().data.chainId as number;
    const step = { actionId: null, actionChainId: workflowId, actionAlias: 'Kabari', addonName, actionParams: JSON.stringify(params) };
    const action = await server.call('POST', '/save/saveAction', step, builder.token);
    expect(action.statusCode, action.body).toBeLessThan(300);
    expect((await server.call('POST', `/action/buildWorkflow/${workflowId}`, undefined, builder.token)).statusCode).toBe(200);
    return { workflowId, actionId: action.json().data.actionId as number };
  }
  const run = async (builder: HostileBuilder, workflowId: number, params: Record<string, unknown>): Promise<RunOutcome> => {
    const answer = await server.call('POST', `/action/runWorkflow/${workflowId}`, { params }, builder.token);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data as RunOutcome;
  };
  const setSecret = (builder: HostileBuilder, actionId: number, secret?: string) =>
    server.call('POST', '/action/setStepSecret', secret === undefined ? { actionId } : { actionId, secret }, builder.token);

  it("starts another application's workflow through its signed hook, with the body as its input", async () => {
    // The receiving side: a workflow of the other application behind a signed hook, answering what it got.
    const target = await workflowWith(other, 'variable', { values: '{"paid": "{{$0.order}}"}' });
    const hookAnswer = await server.call('POST', '/save/workflowHook', { hookId: null, workflowId: target.workflowId, hookName: 'Dari kasir', auth: 'signature', waitMs: 0 }, other.token);
    const { hook, secret } = hookAnswer.json().data as { hook: WorkflowHook; secret: string };

    const sender = await workflowWith(owner, 'webhook', { url: `${base}${hook.path}`, body: '{"order": "{{$0.order}}", "total": 150000}' });
    const set = await setSecret(owner, sender.actionId, secret);
    expect(set.statusCode, set.body).toBe(200);
    // A pasted secret is not answered back.
    expect(set.json().data).toMatchObject({ actionId: sender.actionId, secret: null });

    const outcome = await run(owner, sender.workflowId, { order: 'INV-42' });
    expect(outcome, JSON.stringify(outcome)).toMatchObject({ status: 'succeeded', output: { status: 202, body: { data: { status: 'started' } } } });
    const startedThere = (outcome.output as { body: { data: { runId: number } } }).body.data.runId;
    const detail = (await server.call('GET', `/action/workflowRun/${startedThere}`, undefined, other.token)).json().data as { input: unknown; startedBy: { kind: string } };
    expect(detail).toMatchObject({ input: { order: 'INV-42', total: 150000 }, startedBy: { kind: 'hook' } });

    // The list says since when, never what.
    const listed = (await server.call('GET', `/action/stepSecrets/${sender.workflowId}`, undefined, owner.token)).json().data as StepSecret[];
    expect(listed).toEqual([{ actionId: sender.actionId, setAt: set.json().data.setAt }]);
    expect(JSON.stringify(listed)).not.toContain(secret);
    await flushAudit(server.store);
    const audited = await server.store.selectFrom('auditLog').selectAll().where('entityType', '=', 'workflowAction').where('entityId', '=', String(sender.actionId)).execute();
    expect(audited.map((e) => e.action)).toContain('setStepSecret');
    expect(JSON.stringify(audited)).not.toContain(secret);
  });

  it('signs each attempt anew, keeps the Idempotency-Key, and tries again after a 5xx', async () => {
    const sender = await workflowWith(owner, 'webhook', { url: `${receiver.base}/orders`, body: '{"order": "{{$0.order}}"}' });
    const made = await setSecret(owner, sender.actionId);
    expect(made.statusCode, made.body).toBe(200);
    const secret = made.json().data.secret as string;
    expect(secret).toMatch(/^rkw_/);
    failuresLeft = 2;
    const outcome = await run(owner, sender.workflowId, { order: 'INV-7' });
    expect(outcome, JSON.stringify(outcome)).toMatchObject({ status: 'succeeded', output: { status: 200, body: { received: true } } });
    expect(received).toHaveLength(3);
    expect(new Set(received.map((r) => r.headers['idempotency-key'])).size).toBe(1);
    for (const call of received) {
      expect(call.body).toBe('{"order":"INV-7"}');
      expect(call.headers['content-type']).toBe('application/json');
      const timestamp = call.headers[HOOK_TIMESTAMP_HEADER] as string;
      expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
      expect(call.headers[HOOK_SIGNATURE_HEADER]).toBe(hookSignature(secret, timestamp, call.body));
    }
  });

  it('fails at once, sending nothing, without a secret; removing it does the same', async () => {
    const sender = await workflowWith(owner, 'webhook', { url: `${receiver.base}/orders` });
    const first = await run(owner, sender.workflowId, {});
    expect(first.status).toBe('failed');
    expect(first.errors.join(' ')).toContain('has no signing secret');
    expect(received).toEqual([]);
    expect((await setSecret(owner, sender.actionId, 'a-receiver-secret-of-its-own')).statusCode).toBe(200);
    expect((await run(owner, sender.workflowId, {})).status).toBe('succeeded');
    const removed = await server.call('DELETE', '/delete/stepSecret', { actionId: sender.actionId }, owner.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await run(owner, sender.workflowId, {})).status).toBe('failed');
    expect(received).toHaveLength(1);
  });

  it('refuses a secret for a step of another kind, a secret too short, and takes none from the flow', async () => {
    const http = await workflowWith(owner, 'http', { method: 'GET', url: `${receiver.base}/x` });
    const notWebhook = await setSecret(owner, http.actionId, 'a-receiver-secret-of-its-own');
    expect(notWebhook.statusCode).toBe(400);
    expect(notWebhook.json().error[0]).toBe(Messages.stepSecretNotWebhook);
    const sender = await workflowWith(owner, 'webhook', { url: `${receiver.base}/orders` });
    expect((await setSecret(owner, sender.actionId, 'short')).statusCode).toBe(400);
    // The secret is no parameter: a flow that names one is refused when saved.
    const withSecret = { actionId: sender.actionId, actionChainId: sender.workflowId, actionAlias: 'Kabari', addonName: 'webhook', actionParams: JSON.stringify({ url: `${receiver.base}/orders`, secret: 'x'.repeat(20) }) };
    expect((await server.call('POST', '/save/saveAction', withSecret, owner.token)).statusCode).toBe(400);
    expect((await server.call('GET', `/action/stepSecrets/${sender.workflowId}`, undefined, owner.token)).json().data).toEqual([]);
  });

  it("keeps the hostile author to his own steps and to the operator's addresses", async () => {
    const victim = await workflowWith(other, 'webhook', { url: `${receiver.base}/orders` });
    // Setting, removing or listing another application's step secrets: refused as any other application's object is.
    for (const answer of [
      await setSecret(owner, victim.actionId, 'the-authors-own-secret-value'),
      await server.call('DELETE', '/delete/stepSecret', { actionId: victim.actionId }, owner.token),
      await server.call('GET', `/action/stepSecrets/${victim.workflowId}`, undefined, owner.token),
    ]) expect([403, 404]).toContain(answer.statusCode);
    expect(await server.store.selectFrom('workflowStepSecrets').selectAll().where('actionId', '=', victim.actionId).execute()).toEqual([]);

    // A private address the operator did not allow is refused before anything is sent, and not tried again.
    const inside = await workflowWith(owner, 'webhook', { url: 'http://10.1.2.3:8080/internal' });
    expect((await setSecret(owner, inside.actionId, 'the-authors-own-secret-value')).statusCode).toBe(200);
    const refused = await run(owner, inside.workflowId, {});
    expect(refused.status).toBe('failed');
    expect(refused.errors.join(' ')).toContain(Messages.requestAddressRefusedAt.replace('{host}', '10.1.2.3'));
    const steps = (await server.call('GET', `/action/workflowRun/${refused.runId}`, undefined, owner.token)).json().data.steps as { attempt: number }[];
    expect(steps.map((s) => s.attempt)).toEqual([1]);
  });

  it('forgets the secret with its step', async () => {
    const sender = await workflowWith(owner, 'webhook', { url: `${receiver.base}/orders` });
    expect((await setSecret(owner, sender.actionId)).statusCode).toBe(200);
    const removed = await server.call('DELETE', '/delete/deleteWorkflowAction', { actionId: sender.actionId }, owner.token);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect(await server.store.selectFrom('workflowStepSecrets').selectAll().where('actionId', '=', sender.actionId).execute()).toEqual([]);
  });
});
