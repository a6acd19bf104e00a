import { TRIGGER_RUNS_SHOWN, triggerCalls } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { requestLanguage } from '../http/language';
import { route } from '../http/route';
import { queueTriggerRun } from '../triggers/queue-run';
import { latestRuns, saveTrigger, triggersOfApp } from '../triggers/stored-triggers';

/** Stored triggers (spec 2 §3 "Trigger", §7 saveTrigger and runTrigger); their runs are queued for the workflow engine. */
const triggerRoutes: FastifyPluginAsync = async (app) => {
  route(app, triggerCalls.saveTrigger, async ({ input: { body }, reply, audit }) => {
    const { triggerId, revision, created } = await saveTrigger(app.services, audit, body);
    if (created) reply.code(201);
    return { action: { actionId: triggerId }, revision };
  });

  route(app, triggerCalls.runTrigger, async ({ input: { params, body }, caller, request }) => queueTriggerRun(app.services, caller, params.id, body, requestLanguage(request)));
  // Without an id the answer is the spec's 'trigger id kosong', not a missing route.
  route(app, triggerCalls.runTriggerWithoutId, async ({ input: { params, body }, caller, request }) => queueTriggerRun(app.services, caller, params.id, body, requestLanguage(request)));

  route(app, triggerCalls.listTriggers, async ({ appId }) => triggersOfApp(app.services, appId));

  route(app, triggerCalls.triggerRuns, async ({ input: { params } }) => latestRuns(app.services, params.id, TRIGGER_RUNS_SHOWN));
};

export { triggerOwners as owners } from '../triggers/stored-triggers';

export default triggerRoutes;
