import {
  type Language, MAX_ROW_ID, Messages, type RunTriggerBody, type TriggerOutcome,
} from '@rakit/core';
import type { Principal } from '../auth/principal';
import { pageTriggerActions } from '../engine/page-actions';
import { authorTriggerArguments, memberTriggerArguments } from '../engine/trigger-arguments';
import { fixedValuesFor } from '../variables/variables';
import { badRequest, forbidden, local, notFound } from '../errors/http-errors';
import { reachablePageComponents } from '../pages/page-access';
import { findTrigger, insertTriggerRun } from '../store/repositories/triggers';
import { startTriggerRuns, triggerOutcome } from '../workflows/runs';
import { storedNames } from './stored-triggers';
import type { Services } from '../services';

/** The trigger an id names: 400 for a missing or malformed id (the spec's 'trigger id kosong') before any lookup, then 404. */
async function triggerOfId(services: Services, idText: string | undefined) {
  const text = idText ?? '';
  if (!/^[1-9][0-9]{0,9}$/.test(text)) throw badRequest(Messages.triggerIdEmpty);
  if (Number(text) > MAX_ROW_ID) throw badRequest(local('triggerIdTooLargeAt', { max: String(MAX_ROW_ID) }));
  const trigger = await findTrigger(services.store, Number(text));
  if (trigger === undefined) throw notFound(Messages.triggerNotFound);
  return trigger;
}

/**
 * Runs a trigger for a member of its application: its administrators send any declared value;
 * a member runs it only through a page he reaches that holds it, with the values its actions
 * allow (--userId-- always from the token). The run is recorded in trigger_runs, then every
 * built workflow whose chainTrigger is the trigger starts with those values as $0, and the
 * answer waits a short while (RAKIT_TRIGGER_WAIT_MS) for them. With no built workflow
 * listening the trigger run stays 'queued', started when such a workflow is built.
 */
export async function queueTriggerRun(services: Services, caller: Principal, idText: string | undefined, sent: RunTriggerBody, language: Language): Promise<TriggerOutcome> {
  const trigger = await triggerOfId(services, idText);
  caller.assertAppMember(trigger.triggerAppId);
  const names = storedNames(trigger.triggerParams);

  const isAuthor = caller.isAppAdmin(trigger.triggerAppId);
  // The author sends any declared value; a name the trigger lacks is his page's mistake to see.
  const unknown = Object.keys(sent).filter((name) => !names.includes(name));
  if (isAuthor && unknown.length > 0) throw badRequest(local('triggerParamUnknownAt', { names: unknown.join(', ') }));
  const actions = (await reachablePageComponents(services, caller, trigger.triggerAppId))
    .flatMap(pageTriggerActions)
    .filter((action) => action.triggerId === trigger.triggerId);
  if (!isAuthor && actions.length === 0) throw forbidden(Messages.forbidden);
  const mappings = actions.flatMap((action) => action.params);
  const fixed = await fixedValuesFor(services, caller.userId, trigger.triggerAppId, mappings);
  const params: RunTriggerBody = isAuthor ? authorTriggerArguments(names, actions, sent, fixed) : memberTriggerArguments(names, actions, sent, fixed);

  const runId = await services.store.transaction().execute((trx) => insertTriggerRun(trx, {
    triggerId: trigger.triggerId, appId: trigger.triggerAppId, userId: caller.userId, params: JSON.stringify(params), status: 'queued',
  }));
  const runIds = await startTriggerRuns(services, caller.audit, { runId, triggerId: trigger.triggerId, appId: trigger.triggerAppId, userId: caller.userId, params });
  return triggerOutcome(services, runId, trigger.triggerId, runIds, language);
}
