import { Messages, type WorkflowRunSummary, type WorkflowSchedule } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushAudit } from '../src/audit/record';
import { anotherProcess, buildTestServer, type TestServer } from './support/build';
import { availableEngines, type EngineName } from './support/engines';
import { type HostileBuilder, hostileBuilder } from './trust-boundary/hostile';

/**
 * Schedules (issue 37): a workflow runs by itself at a cron expression's times, in its
 * application's time zone. Each occurrence runs once however many processes look for it; one
 * missed while no process ran runs once, or is skipped, as the schedule says. The clock here is
 * the test's: each process looks for due schedules when told, at the time it is given.
 */
const engines = await availableEngines();
const MINUTE = 60_000;

describe.each(engines)('schedules on a %s store', (engine: EngineName) => {
  let server: TestServer;
  let replica: TestServer;
  let owner: HostileBuilder;
  let other: HostileBuilder;

  beforeAll(async () => {
    server = await buildTestServer(engine, {}, { schedulerTickMs: null });
    replica = await anotherProcess(server, { appOptions: { schedulerTickMs: null } });
    owner = await hostileBuilder(server);
    other = await hostileBuilder(server);
  });
  afterAll(async () => {
    await replica?.close();
    await server?.close();
  });

  async function workflow(builder: HostileBuilder, built = true): Promise<number> {
    const saved = await server.call('POST', '/save/saveWorkflow', { chainId: null, chainAppId: builder.appId, chainName: `Pagi ${Math.random().toString(36).slice(2, 8)}`, chainTrigger: null }, builder.token);
    const chainId = saved.json().data.chainId as number;
    const step = { actionId: null, actionChainId: chainId, actionAlias: 'Laporan', addonName: 'variable', actionParams: JSON.stringify({ values: '{"at": "{{$0.scheduledAt}}"}' }) };
    expect((await server.call('POST', '/save/saveAction', step, builder.token)).statusCode).toBeLessThan(300);
    if (built) expect((await server.call('POST', `/action/buildWorkflow/${chainId}`, undefined, builder.token)).statusCode).toBe(200);
    return chainId;
  }
  async function schedule(workflowId: number, values: Partial<{ cron: string; startsOn: string | null; endsOn: string | null; missed: string; enabled: boolean }> = {}, builder = owner) {
    return server.call('POST', '/save/workflowSchedule', { scheduleId: null, workflowId, cron: '* * * * *', startsOn: null, endsOn: null, missed: 'runOnce', enabled: true, ...values }, builder.token);
  }
  const nextAtOf = async (scheduleId: number) => (await server.store.selectFrom('workflowSchedules').select('nextAt').where('scheduleId', '=', scheduleId).executeTakeFirstOrThrow()).nextAt;
  const runsOf = async (workflowId: number): Promise<WorkflowRunSummary[]> => (await server.call('GET', `/action/workflowRuns/${workflowId}`, undefined, owner.token)).json().data;
  /**
   * Both processes look for due schedules at the same moment. On SQLite one after the other: the
   * two servers of this test share one thread, and node:sqlite waits for a lock synchronously, so
   * the second would hold the thread the first needs to commit (separate processes each wait
   * their turn). MariaDB and PostgreSQL race them for real.
   */
  const bothTick = async (at: number) => {
    if (engine === 'sqlite') {
      await server.app.services.scheduler.tick(at);
      await replica.app.services.scheduler.tick(at);
    } else {
      await Promise.all([server.app.services.scheduler.tick(at), replica.app.services.scheduler.tick(at)]);
    }
  };

  it('runs a schedule of every minute five times in five minutes with two processes looking, not ten', async () => {
    const workflowId = await workflow(owner);
    const saved = await schedule(workflowId);
    expect(saved.statusCode, saved.body).toBe(201);
    const { scheduleId } = saved.json().data as WorkflowSchedule;
    const first = Date.parse((await nextAtOf(scheduleId))!);
    // Twice a second for five minutes, on both processes at once.
    for (let at = first - 1000; at < first + 5 * MINUTE - 1000; at += 500) await bothTick(at);
    const runs = await runsOf(workflowId);
    expect(runs).toHaveLength(5);
    expect(runs.every((run) => run.startedBy.kind === 'schedule' && run.startedBy.userName === '* * * * *')).toBe(true);
    const occurrences = await server.store.selectFrom('scheduleOccurrences').select('occurrenceAt').where('scheduleId', '=', scheduleId).orderBy('occurrenceAt').execute();
    expect(occurrences.map((o) => Date.parse(o.occurrenceAt) - first)).toEqual([0, 1, 2, 3, 4].map((n) => n * MINUTE));
    expect(Date.parse((await nextAtOf(scheduleId))!)).toBe(first + 5 * MINUTE);
    // The run knows its occurrence, and is the application's in the audit log.
    const detail = (await server.call('GET', `/action/workflowRun/${runs.at(-1)!.runId}`, undefined, owner.token)).json().data as { input: unknown };
    expect(detail.input).toEqual({ scheduledAt: new Date(first).toISOString() });
    await flushAudit(server.store);
    const started = await server.store.selectFrom('auditLog').select(['actorId', 'appId']).where('entityType', '=', 'workflowRun').where('entityId', '=', String(runs[0]!.runId)).execute();
    expect(started).toEqual([{ actorId: `schedule:${scheduleId}`, appId: owner.appId }]);
  });

  it('runs the latest occurrence missed while no process ran once, when asked to; skips them otherwise', async () => {
    for (const [missed, expected] of [['runOnce', 2], ['skip', 1]] as const) {
      const workflowId = await workflow(owner);
      const { scheduleId } = (await schedule(workflowId, { missed })).json().data as WorkflowSchedule;
      const first = Date.parse((await nextAtOf(scheduleId))!);
      await server.app.services.scheduler.tick(first + 100);
      // The server is down for three and a half minutes; another process comes up.
      const later = await anotherProcess(server, { appOptions: { schedulerTickMs: null } });
      await later.app.services.scheduler.tick(first + 3.5 * MINUTE);
      await later.close();
      const runs = await runsOf(workflowId);
      expect(runs, missed).toHaveLength(expected);
      if (missed === 'runOnce') {
        const detail = (await server.call('GET', `/action/workflowRun/${runs[0]!.runId}`, undefined, owner.token)).json().data as { input: unknown };
        expect(detail.input).toEqual({ scheduledAt: new Date(first + 3 * MINUTE).toISOString() });
      }
      expect(Date.parse((await nextAtOf(scheduleId))!), missed).toBe(first + 4 * MINUTE);
    }
  });

  it('reads the cron in the application\'s time zone, between its first and last days, and shows the next five', async () => {
    const workflowId = await workflow(owner);
    const saved = await schedule(workflowId, { cron: '0 7 * * *', startsOn: '2031-03-01', endsOn: '2031-03-03' });
    const made = saved.json().data as WorkflowSchedule;
    // 07:00 in Asia/Jakarta (the default zone) is 00:00 UTC; three days, then none.
    expect(made).toMatchObject({ timeZone: 'Asia/Jakarta', nextRuns: ['2031-03-01T00:00:00.000Z', '2031-03-02T00:00:00.000Z', '2031-03-03T00:00:00.000Z'] });
    const preview = await server.call('POST', '/action/previewSchedule', { workflowId, cron: '30 8 * * 1', startsOn: '2031-03-01', endsOn: null }, owner.token);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.nextRuns).toEqual(['2031-03-03T01:30:00.000Z', '2031-03-10T01:30:00.000Z', '2031-03-17T01:30:00.000Z', '2031-03-24T01:30:00.000Z', '2031-03-31T01:30:00.000Z']);
    const ended = (await schedule(workflowId, { endsOn: '2020-01-01' })).json().data as WorkflowSchedule;
    expect(ended.nextRuns).toEqual([]);
    expect(await nextAtOf(ended.scheduleId)).toBeNull();
  });

  it('runs nothing while turned off, nor for a workflow never built (and moves on)', async () => {
    const workflowId = await workflow(owner);
    const off = (await schedule(workflowId, { enabled: false })).json().data as WorkflowSchedule;
    const unbuilt = await workflow(owner, false);
    const waiting = (await schedule(unbuilt)).json().data as WorkflowSchedule;
    const at = Math.max(Date.parse((await nextAtOf(off.scheduleId))!), Date.parse((await nextAtOf(waiting.scheduleId))!)) + 100;
    await bothTick(at);
    expect(await runsOf(workflowId)).toHaveLength(0);
    expect(await runsOf(unbuilt)).toHaveLength(0);
    expect(Date.parse((await nextAtOf(waiting.scheduleId))!)).toBeGreaterThan(at);
  });

  it('refuses what is no five-field cron, and days out of order, saving nothing', async () => {
    const workflowId = await workflow(owner);
    for (const [values, why] of [
      [{ cron: '* * * *' }, 'four fields'], [{ cron: '0 0 7 * * *' }, 'six fields (seconds)'], [{ cron: 'at seven every day ok' }, 'words'],
      [{ cron: '61 7 * * *' }, 'no such minute'], [{ startsOn: '2031-03-05', endsOn: '2031-03-01' }, 'days out of order'],
    ] as const) {
      const answer = await schedule(workflowId, values);
      expect(answer.statusCode, why).toBe(400);
    }
    expect((await server.call('GET', `/action/workflowSchedules/${workflowId}`, undefined, owner.token)).json().data).toEqual([]);
    const words = await schedule(workflowId, { cron: 'at seven every day ok' });
    expect(words.json().error[0]).toContain(Messages.scheduleCronInvalidAt.split(':')[0]);
  });

  describe('the hostile author', () => {
    it('cannot see, add, change or remove another application\'s schedules', async () => {
      const victimFlow = await workflow(owner);
      const { scheduleId } = (await schedule(victimFlow)).json().data as WorkflowSchedule;
      expect((await schedule(victimFlow, {}, other)).statusCode).toBe(403);
      expect((await server.call('GET', `/action/workflowSchedules/${victimFlow}`, undefined, other.token)).statusCode).toBe(403);
      expect((await server.call('POST', '/action/previewSchedule', { workflowId: victimFlow, cron: '* * * * *', startsOn: null, endsOn: null }, other.token)).statusCode).toBe(403);
      expect((await server.call('DELETE', '/delete/workflowSchedule', { scheduleId }, other.token)).statusCode).toBe(403);
      // Nor move the victim's schedule onto his own workflow.
      const own = await workflow(other);
      const moved = await server.call('POST', '/save/workflowSchedule', { scheduleId, workflowId: own, cron: '0 0 1 1 *', startsOn: null, endsOn: null, missed: 'skip', enabled: false }, other.token);
      expect(moved.statusCode).toBe(404);
      const kept = await server.store.selectFrom('workflowSchedules').selectAll().where('scheduleId', '=', scheduleId).executeTakeFirstOrThrow();
      expect([kept.workflowId, kept.cron, kept.enabled]).toEqual([victimFlow, '* * * * *', 1]);
    });
  });
});
