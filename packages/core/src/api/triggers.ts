import { z } from 'zod';
import { AppIdParamsSchema, IdParamsSchema } from '../schemas/admin';
import {
  RunTriggerBodySchema, RunTriggerParamsSchema, SaveTriggerBodySchema, TriggerRecordSchema, TriggerRunSchema,
} from '../schemas/triggers';
import { revisionField } from '../schemas/revision';
import { TriggerOutcomeSchema } from '../workflows/runs';
import { CREATED_OR_SAVED, defineCall, lazyCalls } from './contract';

/** How many runs GET /action/triggerRuns answers, newest first. */
export const TRIGGER_RUNS_SHOWN = 50;

const runSummary = 'Run a trigger with named parameters (administrators, or members reaching a page that holds it): the built workflows listening to it start, and the answer waits a short while for them';

/**
 * The spec's run call at its two paths, with and without the id. The trigger's id is checked
 * by the run's rule (server/src/triggers), so that a missing or malformed one answers the
 * spec's 'trigger id kosong' before any lookup.
 */
const runTriggerCall = (path: string, summary: string) => defineCall({
  method: 'POST', path, tag: 'actions',
  summary,
  params: RunTriggerParamsSchema,
  body: RunTriggerBodySchema,
  data: TriggerOutcomeSchema,
  successCode: 202,
  access: { level: 'signedIn' },
  replayable: true,
});

/**
 * Stored triggers (spec 2 §3 "Trigger", §7 saveTrigger and runTrigger). A run is recorded and
 * starts the built workflows whose chainTrigger is the trigger (issue 12).
 */
export const triggerCalls = lazyCalls(() => ({
  saveTrigger: defineCall({
    method: 'POST', path: '/action/saveTrigger', tag: 'actions',
    summary: 'Create (triggerId null) or update a trigger of an application (its administrators); triggerParams is the JSON text of the parameter names',
    description: 'The answer adds the trigger\'s revision beside the spec\'s action. An edit naming the revision it was based on is refused '
      + '(409, with the trigger as stored now) once another has saved it since.',
    body: SaveTriggerBodySchema,
    data: z.object({ action: z.object({ actionId: z.number().int() }), ...revisionField }),
    conflict: TriggerRecordSchema,
    successCode: CREATED_OR_SAVED,
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.body.triggerAppId } },
  }),
  runTrigger: runTriggerCall('/action/runTrigger/:id', runSummary),
  runTriggerWithoutId: runTriggerCall('/action/runTrigger', 'Without a trigger id: answers \'trigger id kosong\''),
  listTriggers: defineCall({
    method: 'GET', path: '/action/listTriggers/:appId', tag: 'actions',
    summary: 'The triggers of an application with their parameter names (its administrators)',
    params: AppIdParamsSchema,
    data: z.array(TriggerRecordSchema),
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.params.appId } },
  }),
  triggerRuns: defineCall({
    method: 'GET', path: '/action/triggerRuns/:id', tag: 'actions',
    summary: `The latest ${TRIGGER_RUNS_SHOWN} runs of a trigger, newest first (administrators of its application)`,
    params: IdParamsSchema,
    data: z.array(TriggerRunSchema),
    access: { level: 'appAdmin', app: { entity: 'trigger', id: (input) => input.params.id } },
  }),
}));

// The stored things of this area a call's application is found from (contract.ts).
declare module './contract' {
  interface AppEntities {
    /** A trigger, by its id. */
    trigger: true;
  }
}
