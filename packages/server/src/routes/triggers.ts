import {
  AppIdParamsSchema, IdParamsSchema, MAX_ROW_ID, Messages, parseTriggerParamNames, type RunTriggerBody, RunTriggerBodySchema, type RunTriggerParams,
  RunTriggerParamsSchema, SaveTriggerBodySchema,
} from '@rakit/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../auth/plugin';
import { pageTriggerActions } from '../engine/page-actions';
import { memberTriggerArguments, sentArgument } from '../engine/trigger-arguments';
import { badRequest, forbidden, notFound } from '../http/errors';
import { findAppById } from '../store/repositories/apps';
import {
  findTrigger, insertTrigger, insertTriggerRun, latestTriggerRuns, listTriggersOfApp, updateTriggerOfApp,
} from '../store/repositories/triggers';
import { reachablePageComponents } from '../pages/page-access';

/** How many runs GET /action/triggerRuns answers, newest first. */
const RUNS_SHOWN = 50;

/** The stored JSON text of the parameter names; a damaged text reads as none. */
function storedNames(text: string): string[] {
  const parsed = parseTriggerParamNames(text);
  return parsed.ok ? parsed.names : [];
}

function parseJsonObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

type TriggerRow = NonNullable<Awaited<ReturnType<typeof findTrigger>>>;
const toTriggerRecord = (row: TriggerRow) => ({
  triggerId: row.triggerId, triggerAppId: row.triggerAppId, triggerAlias: row.triggerName, triggerParams: storedNames(row.triggerParams),
});

/** The trigger of the id, for an administrator of its application. */
async function triggerForAdmin(app: FastifyInstance, request: FastifyRequest, triggerId: number): Promise<TriggerRow> {
  const trigger = await findTrigger(app.store, triggerId);
  if (trigger === undefined) throw notFound(Messages.triggerNotFound);
  principalOf(request).assertAppAdmin(trigger.triggerAppId);
  return trigger;
}

/**
 * Stored triggers (spec 2 §3 "Trigger", §7 saveTrigger and runTrigger). A run is recorded as
 * 'queued' in trigger_runs. Running the workflows whose chainTrigger is the trigger is the
 * workflow engine's part, a later issue: until it exists, queued runs wait there and nothing
 * here pretends to execute them.
 */
const triggerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/action/saveTrigger', {
    schema: {
      tags: ['actions'],
      summary: 'Create (triggerId null) or update a trigger of an application (its administrators); triggerParams is the JSON text of the parameter names',
      body: SaveTriggerBodySchema,
    },
  }, async (request, reply) => {
    const body = request.body;
    principalOf(request).assertAppAdmin(body.triggerAppId);
    if ((await findAppById(app.store, body.triggerAppId)) === undefined) throw notFound(Messages.appNotFound);
    const parsed = parseTriggerParamNames(body.triggerParams);
    if (!parsed.ok) throw badRequest(parsed.message);
    const values = { triggerName: body.triggerAlias, triggerParams: JSON.stringify(parsed.names) };

    if (body.triggerId === null) {
      const actionId = await app.store.transaction().execute((trx) => insertTrigger(trx, { triggerAppId: body.triggerAppId, ...values }));
      reply.code(201);
      return { status: true, data: { action: { actionId } } };
    }
    const triggerId = body.triggerId;
    // Only a trigger of this application: another one's is not found, and stays as it was.
    const updated = await app.store.transaction().execute((trx) => updateTriggerOfApp(trx, triggerId, body.triggerAppId, values));
    if (!updated) throw notFound(Messages.triggerNotFound);
    return { status: true, data: { action: { actionId: triggerId } } };
  });

  const runTrigger = async (request: FastifyRequest<{ Params: RunTriggerParams; Body: RunTriggerBody }>, reply: FastifyReply) => {
    const caller = principalOf(request);
    const idText = request.params.id ?? '';
    if (!/^[1-9][0-9]{0,9}$/.test(idText)) throw badRequest(Messages.triggerIdEmpty);
    if (Number(idText) > MAX_ROW_ID) throw badRequest(`${Messages.triggerIdTooLarge} ${MAX_ROW_ID}`);
    const trigger = await findTrigger(app.store, Number(idText));
    if (trigger === undefined) throw notFound(Messages.triggerNotFound);
    caller.assertAppMember(trigger.triggerAppId);
    const names = storedNames(trigger.triggerParams);

    let params: RunTriggerBody;
    if (caller.isAppAdmin(trigger.triggerAppId)) {
      // The author sends any declared value; a name the trigger lacks is his page's mistake to see.
      const unknown = Object.keys(request.body).filter((name) => !names.includes(name));
      if (unknown.length > 0) throw badRequest(`${Messages.triggerParamUnknown}: ${unknown.join(', ')}`);
      params = Object.fromEntries(names.map((name) => [name, sentArgument(request.body, name)]));
    } else {
      // A member runs a trigger only through a page he reaches that holds it, with the values its actions allow.
      const actions = (await reachablePageComponents(app, caller, trigger.triggerAppId))
        .flatMap(pageTriggerActions)
        .filter((action) => action.triggerId === trigger.triggerId);
      if (actions.length === 0) throw forbidden(Messages.forbidden);
      params = memberTriggerArguments(names, actions, request.body, caller.userId);
    }

    const runId = await app.store.transaction().execute((trx) => insertTriggerRun(trx, {
      triggerId: trigger.triggerId, appId: trigger.triggerAppId, userId: caller.userId, params: JSON.stringify(params), status: 'queued',
    }));
    reply.code(202);
    return { status: true, data: { runId, triggerId: trigger.triggerId, status: 'queued' } };
  };

  const runSchema = {
    tags: ['actions'],
    summary: 'Queue a run of a trigger with named parameters (administrators, or members reaching a page that holds it)',
    params: RunTriggerParamsSchema,
    body: RunTriggerBodySchema,
  };
  app.post('/action/runTrigger/:id', { schema: runSchema }, runTrigger);
  // Without an id the answer is the spec's 'trigger id kosong', not a missing route.
  app.post('/action/runTrigger', { schema: { ...runSchema, summary: 'Without a trigger id: answers \'trigger id kosong\'' } }, runTrigger);

  app.get('/action/listTriggers/:appId', {
    schema: { tags: ['actions'], summary: 'The triggers of an application with their parameter names (its administrators)', params: AppIdParamsSchema },
  }, async (request) => {
    principalOf(request).assertAppAdmin(request.params.appId);
    const rows = await listTriggersOfApp(app.store, request.params.appId);
    return { status: true, data: rows.map(toTriggerRecord) };
  });

  app.get('/action/triggerRuns/:id', {
    schema: { tags: ['actions'], summary: `The latest ${RUNS_SHOWN} runs of a trigger, newest first (administrators of its application)`, params: IdParamsSchema },
  }, async (request) => {
    const trigger = await triggerForAdmin(app, request, request.params.id);
    const runs = await latestTriggerRuns(app.store, trigger.triggerId, RUNS_SHOWN);
    return {
      status: true,
      data: runs.map((run) => ({ runId: run.runId, triggerId: run.triggerId, userId: run.userId, params: parseJsonObject(run.params), status: run.status, createdAt: run.createdAt })),
    };
  });
};

export default triggerRoutes;
