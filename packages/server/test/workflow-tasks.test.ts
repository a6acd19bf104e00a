import { Messages, type RunOutcome, type WorkflowRunDetail, type WorkflowTask } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushAudit } from '../src/audit/record';
import { expireDueTasks } from '../src/tasks/workflow-tasks';
import { anotherProcess, buildTestServer, type TestServer } from './support/build';
import { availableEngines, type EngineName } from './support/engines';
import { freshUserId, type HostileBuilder, hostileBuilder } from './trust-boundary/hostile';

/**
 * A person in the loop (issue 37): an Approval or Wait for Input step gives a task to a group or
 * an account of its application and the run waits, no worker holding it, across a restart, until
 * an assignee answers (the run goes on, a Condition reading the decision), the deadline passes
 * (the decision is 'deadline') or an administrator cancels it. Someone outside the group, a
 * second answer and the hostile author are refused.
 */
const engines = await availableEngines();

describe.each(engines)('tasks for people on a %s store', (engine: EngineName) => {
  let server: TestServer;
  let owner: HostileBuilder;
  let other: HostileBuilder;
  let managerGroup = 0;
  const people = { manager: freshUserId(), clerk: freshUserId() };
  const tokens = { manager: '', clerk: '' };

  beforeAll(async () => {
    server = await buildTestServer(engine, { triggerWaitMs: 10_000, workflowBackoffMs: 20 });
    owner = await hostileBuilder(server);
    other = await hostileBuilder(server);
    for (const [role, userId] of Object.entries(people) as [keyof typeof people, string][]) {
      const added = await server.call('POST', '/auth/adduser', { data: { userId, password: 'person-pass-1', confirm_password: 'person-pass-1', appId: owner.appId } }, owner.token);
      expect(added.statusCode, added.body).toBe(201);
      tokens[role] = await server.login(userId, 'person-pass-1', owner.appSlug);
    }
    const group = await server.call('POST', '/auth/addgroup', { data: { groupId: null, groupName: 'Manajer', groupAppId: owner.appId } }, owner.token);
    expect(group.statusCode, group.body).toBe(201);
    managerGroup = group.json().data.groupId as number;
    await server.addToGroup(people.manager, managerGroup);
    // The manager's token names his groups as they were at sign-in.
    tokens.manager = await server.login(people.manager, 'person-pass-1', owner.appSlug);
  });
  afterAll(async () => { await server?.close(); });

  type Step = { alias: string; addonName: string; params: Record<string, string>; after?: string; branch?: 'true' | 'false' };

  /** A built workflow of the steps, each after the one it names (on a Condition's branch when given). */
  async function workflow(builder: HostileBuilder, steps: readonly Step[], target: TestServer = server): Promise<number> {
    const saved = await target.call('POST', '/save/saveWorkflow', { chainId: null, chainAppId: builder.appId, chainName: `Flow ${Math.random().toString(36).slice(2, 8)}`, chainTrigger: null }, builder.token);
    expect(saved.statusCode, saved.body).toBeLessThan(300);
    const chainId = saved.json().data.chainId as number;
    const ids = new Map<string, number>();
    for (const step of steps) {
      const action = await target.call('POST', '/save/saveAction', { actionId: null, actionChainId: chainId, actionAlias: step.alias, addonName: step.addonName, actionParams: JSON.stringify(step.params) }, builder.token);
      expect(action.statusCode, action.body).toBeLessThan(300);
      ids.set(step.alias, action.json().data.actionId as number);
    }
    const flowPairs = steps.filter((s) => s.after !== undefined)
      .map((s) => [ids.get(s.after as string), ids.get(s.alias), ...(s.branch === undefined ? [] : [s.branch])]);
    const flow = await target.call('POST', '/save/saveFlow', { workflowId: chainId, flow: flowPairs }, builder.token);
    expect(flow.statusCode, flow.body).toBeLessThan(300);
    const built = await target.call('POST', `/action/buildWorkflow/${chainId}`, undefined, builder.token);
    expect(built.statusCode, built.body).toBe(200);
    return chainId;
  }
  /** Approve, then a Condition on the decision: Proceed when approved, Tell otherwise. */
  const purchase = (assignee: string, deadlineHours = ''): Step[] => [
    { alias: 'Approve', addonName: 'approval', params: { assignee, message: 'Beli laptop seharga {{$0.total}}?', deadlineHours } },
    { alias: 'Approved', addonName: 'condition', params: { left: '{{$1.decision}}', operator: '=', right: 'approved' }, after: 'Approve' },
    { alias: 'Proceed', addonName: 'variable', params: { values: '{"bought": "{{$0.total}}", "by": "{{$1.answeredBy}}"}' }, after: 'Approved', branch: 'true' },
    { alias: 'Tell', addonName: 'variable', params: { values: '{"notBought": "{{$1.decision}}"}' }, after: 'Approved', branch: 'false' },
  ];
  const start = async (workflowId: number, params: Record<string, unknown> = { total: 'Rp 5.000.000' }, target: TestServer = server): Promise<RunOutcome> => {
    const answer = await target.call('POST', `/action/runWorkflow/${workflowId}`, { params }, owner.token);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data as RunOutcome;
  };
  const runOf = async (runId: number): Promise<WorkflowRunDetail> => (await server.call('GET', `/action/workflowRun/${runId}`, undefined, owner.token)).json().data;
  const tasksOf = async (token: string, appId = owner.appId): Promise<WorkflowTask[]> => {
    const answer = await server.call('GET', `/task/listMyTasks/${appId}`, undefined, token);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data;
  };
  const answer = (token: string, body: Record<string, unknown>) => server.call('POST', '/task/answerTask', body, token);
  const ended = async (runId: number) => {
    await expect.poll(async () => (await runOf(runId)).status, { timeout: 10_000 }).toMatch(/succeeded|failed|cancelled/);
    return runOf(runId);
  };

  it("waits for the group's approval, refuses others, and goes on along the approved branch", async () => {
    const workflowId = await workflow(owner, purchase('group:manajer'));
    const started = await start(workflowId);
    // The caller is not kept waiting for a person: the run is started, and waits.
    expect(started.status).toBe('started');
    const waiting = await runOf(started.runId);
    expect(waiting.status).toBe('waiting');
    expect(waiting.steps[0]).toMatchObject({ status: 'waiting', output: { assignee: 'group:Manajer', deadlineAt: null } });
    const [task] = await tasksOf(tokens.manager);
    expect(task).toMatchObject({ kind: 'approval', runId: started.runId, workflowId, message: 'Beli laptop seharga Rp 5.000.000?', assignee: 'group:Manajer', fields: [] });
    // The clerk is no manager: he sees nothing, and may not answer.
    expect(await tasksOf(tokens.clerk)).toEqual([]);
    const refused = await answer(tokens.clerk, { taskId: task!.taskId, answer: 'approve' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error[0]).toBe(Messages.taskNotYours);
    expect((await answer(tokens.manager, { taskId: task!.taskId, answer: 'submit' })).statusCode).toBe(400);

    const approved = await answer(tokens.manager, { taskId: task!.taskId, answer: 'approve', comment: 'Sesuai anggaran' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toEqual({ taskId: task!.taskId, decision: 'approved' });
    const run = await ended(started.runId);
    expect(run.status).toBe('succeeded');
    expect(run.steps.map((s) => [s.actionAlias, s.status])).toEqual([['Approve', 'succeeded'], ['Approved', 'succeeded'], ['Proceed', 'succeeded'], ['Tell', 'skipped']]);
    expect(run.steps[0]!.output).toMatchObject({ decision: 'approved', answeredBy: people.manager, comment: 'Sesuai anggaran' });
    expect(run.steps[2]!.output).toEqual({ bought: 'Rp 5.000.000', by: people.manager });
    // One answer counts: the second finds the task closed.
    expect((await answer(tokens.manager, { taskId: task!.taskId, answer: 'reject' })).statusCode).toBe(409);
    expect(await tasksOf(tokens.manager)).toEqual([]);
    await flushAudit(server.store);
    const audited = await server.store.selectFrom('auditLog').selectAll().where('entityType', '=', 'workflowTask').where('entityId', '=', String(task!.taskId)).execute();
    expect(audited.map((e) => [e.action, e.actorId])).toEqual([['answerTask', people.manager]]);
  });

  it('counts one of two answers given at the same moment', async () => {
    const workflowId = await workflow(owner, purchase('group:Manajer'));
    const started = await start(workflowId);
    const [task] = (await tasksOf(tokens.manager)).filter((t) => t.runId === started.runId);
    // The manager approves on his phone while the administrator rejects at his desk.
    const answers = await Promise.all([
      answer(tokens.manager, { taskId: task!.taskId, answer: 'approve' }),
      answer(owner.token, { taskId: task!.taskId, answer: 'reject' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!.json().data.decision as string;
    const run = await ended(started.runId);
    expect(run.steps[0]!.output).toMatchObject({ decision: winner });
    expect(run.steps.filter((s) => s.status === 'succeeded').map((s) => s.actionAlias)).toEqual(['Approve', 'Approved', winner === 'approved' ? 'Proceed' : 'Tell']);
  });

  it('asks one account for a form, reads its values as their kinds, and refuses values that do not fit', async () => {
    const workflowId = await workflow(owner, [
      { alias: 'Count', addonName: 'input', params: { assignee: people.clerk, message: 'Berapa yang datang?', fields: '{"received": "number", "note": "text", "damaged": "boolean"}' } },
      { alias: 'Record', addonName: 'variable', params: { values: '{"received": "{{$1.values.received}}"}' }, after: 'Count' },
    ]);
    const started = await start(workflowId);
    const [task] = await tasksOf(tokens.clerk);
    expect(task).toMatchObject({ kind: 'input', fields: [{ name: 'received', type: 'number' }, { name: 'note', type: 'text' }, { name: 'damaged', type: 'boolean' }] });
    for (const values of [{ received: 'banyak', note: '', damaged: false }, { received: 3, note: '' }, { received: 3, note: '', damaged: false, extra: 'x' }]) {
      const wrong = await answer(tokens.clerk, { taskId: task!.taskId, answer: 'submit', values });
      expect(wrong.statusCode, JSON.stringify(values)).toBe(400);
    }
    const sent = await answer(tokens.clerk, { taskId: task!.taskId, answer: 'submit', values: { received: '12', note: 'dua penyok', damaged: true } });
    expect(sent.statusCode, sent.body).toBe(200);
    const run = await ended(started.runId);
    expect(run.steps[0]!.output).toMatchObject({ decision: 'answered', answeredBy: people.clerk, values: { received: 12, note: 'dua penyok', damaged: true } });
    expect(run.steps[1]!.output).toEqual({ received: 12 });
  });

  it('takes the other branch when the deadline passes first', async () => {
    const workflowId = await workflow(owner, purchase('group:Manajer', '2'));
    const started = await start(workflowId);
    const [task] = (await tasksOf(tokens.manager)).filter((t) => t.runId === started.runId);
    expect(Date.parse(task!.deadlineAt as string) - Date.now()).toBeGreaterThan(7_100_000);
    expect(await expireDueTasks(server.app.services, Date.now() + 3_600_000)).toBe(0);
    expect(await expireDueTasks(server.app.services, Date.now() + 3 * 3_600_000)).toBe(1);
    const run = await ended(started.runId);
    expect(run.steps.map((s) => [s.actionAlias, s.status])).toEqual([['Approve', 'succeeded'], ['Approved', 'succeeded'], ['Proceed', 'skipped'], ['Tell', 'succeeded']]);
    expect(run.steps[3]!.output).toEqual({ notBought: 'deadline' });
    // Too late to answer.
    expect((await answer(tokens.manager, { taskId: task!.taskId, answer: 'approve' })).statusCode).toBe(409);
  });

  it('keeps waiting when the process that gave the task is gone, and another one goes on', async () => {
    const second = await anotherProcess(server);
    const workflowId = await workflow(owner, purchase(people.manager), second);
    const started = await start(workflowId, { total: 'Rp 7.500.000' }, second);
    expect((await runOf(started.runId)).status).toBe('waiting');
    // The process closes as a redeploy stops it: no worker holds the run, nothing is lost.
    await second.close();
    const [task] = (await tasksOf(tokens.manager)).filter((t) => t.runId === started.runId);
    expect((await answer(tokens.manager, { taskId: task!.taskId, answer: 'reject' })).statusCode).toBe(200);
    const run = await ended(started.runId);
    expect(run.steps.map((s) => s.status)).toEqual(['succeeded', 'succeeded', 'skipped', 'succeeded']);
    expect(run.steps[3]!.output).toEqual({ notBought: 'rejected' });
  });

  it("lets the application's administrator cancel a waiting run: its task is withdrawn", async () => {
    const workflowId = await workflow(owner, purchase('group:Manajer'));
    const started = await start(workflowId);
    const [task] = (await tasksOf(tokens.manager)).filter((t) => t.runId === started.runId);
    expect((await server.call('POST', `/action/cancelWorkflowRun/${started.runId}`, undefined, tokens.manager)).statusCode).toBe(403);
    const cancelled = await server.call('POST', `/action/cancelWorkflowRun/${started.runId}`, undefined, owner.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const run = await runOf(started.runId);
    expect(run.status).toBe('cancelled');
    expect(run.steps.map((s) => s.status)).toEqual(['cancelled', 'cancelled', 'cancelled', 'cancelled']);
    expect((await tasksOf(tokens.manager)).filter((t) => t.runId === started.runId)).toEqual([]);
    expect((await answer(tokens.manager, { taskId: task!.taskId, answer: 'approve' })).statusCode).toBe(409);
    // A run that has ended cannot be cancelled.
    const again = await server.call('POST', `/action/cancelWorkflowRun/${started.runId}`, undefined, owner.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error[0]).toBe(Messages.runNotCancellable);
  });

  it("keeps the hostile author's tasks in his own application", async () => {
    // A group or an account of another application is no assignee of his: the step fails, no task is given.
    const otherGroup = await server.call('POST', '/auth/addgroup', { data: { groupId: null, groupName: 'Direksi', groupAppId: other.appId } }, other.token);
    expect(otherGroup.statusCode).toBe(201);
    // The owner's group and his manager are no assignees of the other builder's steps; his own group and himself are.
    for (const [assignee, status] of [['group:Manajer', 'failed'], [people.manager, 'failed'], ['group:Direksi', 'started'], [other.userId, 'started']] as const) {
      const workflowId = await workflow(other, [{ alias: 'Approve', addonName: 'approval', params: { assignee, message: 'Setuju?' } }]);
      const outcome = (await server.call('POST', `/action/runWorkflow/${workflowId}`, { params: {} }, other.token)).json().data as RunOutcome;
      expect(outcome.status, assignee).toBe(status);
      if (status === 'failed') expect(outcome.errors.join(' ')).toContain(`named ${assignee}`);
    }
    // The owner's tasks: neither listed to the other builder nor answerable by him.
    const workflowId = await workflow(owner, purchase('group:Manajer'));
    const started = await start(workflowId);
    const [task] = (await tasksOf(tokens.manager)).filter((t) => t.runId === started.runId);
    expect((await server.call('GET', `/task/listMyTasks/${owner.appId}`, undefined, other.token)).statusCode).toBe(403);
    expect([403, 404]).toContain((await answer(other.token, { taskId: task!.taskId, answer: 'approve' })).statusCode);
    expect([403, 404]).toContain((await server.call('POST', `/action/cancelWorkflowRun/${started.runId}`, undefined, other.token)).statusCode);
    expect((await runOf(started.runId)).status).toBe('waiting');
  });
});
