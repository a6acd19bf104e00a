import {
  MAX_ROW_ID, Messages, type QueuedRun, type RunTriggerBody,
} from '@rakit/core';
import type { FastifyInstance } from 'fastify';
import type { Principal } from '../auth/principal';
import { pageTriggerActions } from '../engine/page-actions';
import { memberTriggerArguments, sentArgument } from '../engine/trigger-arguments';
import { badRequest, forbidden, notFound } from '../http/errors';
import { reachablePageComponents } from '../pages/page-access';
import { findTrigger, insertTriggerRun } from '../store/repositories/triggers';
import { storedNames } from './stored-triggers';

/** The trigger an id names: 400 for a missing or malformed id (the spec's 'trigger id kosong') before any lookup, then 404. */
async function triggerOfId(app: FastifyInstance, idText: string | undefined) {
  const text = idText ?? '';
  if (!/^[1-9][0-9]{0,9}$/.test(text)) throw badRequest(Messages.triggerIdEmpty);
  if (Number(text) > MAX_ROW_ID) throw badRequest(`${Messages.triggerIdTooLarge} ${MAX_ROW_ID}`);
  const trigger = await findTrigger(app.store, Number(text));
  if (trigger === undefined) throw notFound(Messages.triggerNotFound);
  return trigger;
}

/**
 * Records a run of a trigger as 'queued' in trigger_runs, for a member of its application:
 * its administrators send any declared value; a member runs it only through a page he reaches
 * that holds it, with the values its actions allow (--userId-- always from the token). Running
 * the workflows whose chainTrigger is the trigger is the workflow engine's part: until it
 * exists, queued runs wait there and nothing here pretends to execute them.
 */
export async function queueTriggerRun(app: FastifyInstance, caller: Principal, idText: string | undefined, sent: RunTriggerBody): Promise<QueuedRun> {
  const trigger = await triggerOfId(app, idText);
  caller.assertAppMember(trigger.triggerAppId);
  const names = storedNames(trigger.triggerParams);

  let params: RunTriggerBody;
  if (caller.isAppAdmin(trigger.triggerAppId)) {
    // The author sends any declared value; a name the trigger lacks is his page's mistake to see.
    const unknown = Object.keys(sent).filter((name) => !names.includes(name));
    if (unknown.length > 0) throw badRequest(`${Messages.triggerParamUnknown}: ${unknown.join(', ')}`);
    params = Object.fromEntries(names.map((name) => [name, sentArgument(sent, name)]));
  } else {
    const actions = (await reachablePageComponents(app, caller, trigger.triggerAppId))
      .flatMap(pageTriggerActions)
      .filter((action) => action.triggerId === trigger.triggerId);
    if (actions.length === 0) throw forbidden(Messages.forbidden);
    params = memberTriggerArguments(names, actions, sent, caller.userId);
  }

  const runId = await app.store.transaction().execute((trx) => insertTriggerRun(trx, {
    triggerId: trigger.triggerId, appId: trigger.triggerAppId, userId: caller.userId, params: JSON.stringify(params), status: 'queued',
  }));
  return { runId, triggerId: trigger.triggerId, status: 'queued' };
}
