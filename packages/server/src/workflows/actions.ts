import {
  type Addon, addonByName, checkAddonParams, Messages, type SaveWorkflowActionBody, MAX_WORKFLOW_ACTIONS, type WorkflowNode,
} from '@rakit/core';
import type { Principal } from '../auth/principal';
import { badRequest, HttpError, local, notFound } from '../errors/http-errors';
import { withAudit, type AuditFact } from '../audit/record';
import { cachedDbConfig } from '../store/cached-reads';
import type { Store } from '../store/db';
import { claimRevision } from '../store/revisions';
import { findFunction, findFunctionBySlug } from '../store/repositories/functions';
import { findQuery } from '../store/repositories/queries';
import {
  countActionsOfWorkflow, deleteWorkflowActionCascade, findWorkflow, findWorkflowAction, findWorkflowForUpdate, insertWorkflowAction,
  listEdgesOfWorkflow, updateWorkflowActionOfChain,
} from '../store/repositories/workflows';
import { touchWorkflow } from './definitions';
import { storedParams, workflowDocumentOf } from './flow-document';
import type { Services } from '../services';

/** The workflow an id names, once the caller is known to administer its application. */
export async function workflowOfAdmin(services: Services, caller: Principal, chainId: number) {
  const workflow = await findWorkflow(services.store, chainId);
  if (workflow === undefined) throw notFound(Messages.workflowNotFound);
  caller.assertAppAdmin(workflow.chainAppId);
  return workflow;
}

/**
 * A parameter naming a stored thing must name one of the application's own: answers why it does
 * not (a 400 for a text that is no id, a 404 for another application's or a missing one), or null.
 * Saving refuses the action; the build reports it, since the query or connection may be gone since.
 */
export async function referenceProblem(services: Services, addon: Addon, params: Record<string, string>, appId: number): Promise<HttpError | null> {
  const named = (name: string) => {
    const value = params[name] ?? '';
    if (value === '') return null;
    return /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : badRequest(local('parameterNotId', { name }));
  };
  if (addon.name === 'query') {
    const queryId = named('queryId');
    if (queryId instanceof HttpError) return queryId;
    if (queryId === null) return null;
    const query = await findQuery(services.store, queryId);
    const db = query === undefined ? undefined : await cachedDbConfig(services, query.actionDbId);
    return db === undefined || db.dbAppId !== appId ? notFound(Messages.actionNotFound) : null;
  }
  if (addon.name === 'insert' || addon.name === 'update') {
    const dbId = named('dbId');
    if (dbId instanceof HttpError) return dbId;
    if (dbId === null) return null;
    const db = await cachedDbConfig(services, dbId);
    return db === undefined || db.dbAppId !== appId ? notFound(Messages.databaseNotFound) : null;
  }
  if (addon.name === 'function') {
    const ref = (params.functionId ?? '').trim();
    // A template picks the function at run time; the step then checks it is the application's.
    if (ref === '' || ref.includes('{{')) return null;
    const row = /^[1-9][0-9]{0,9}$/.test(ref) ? await findFunction(services.store, Number(ref)) : await findFunctionBySlug(services.store, ref);
    return row === undefined || row.appId !== appId ? notFound(Messages.functionNotFound) : null;
  }
  return null;
}

/** The add-on a saved action names, which must be known and available. */
export function availableAddon(name: string): Addon {
  const addon = addonByName(name);
  if (addon === undefined) throw badRequest(local('addonUnknownNamed', { name }));
  if (!addon.available) throw badRequest(addon.unavailableReason === undefined ? local('addonUnavailable', { addon: addon.label }) : local('addonUnavailableBecause', { addon: addon.label, reason: addon.unavailableReason }));
  return addon;
}

/**
 * Creates (actionId null) or edits an action of a workflow. Its add-on must be available and its
 * parameters fit the add-on's form; an edited action must already belong to that workflow (an
 * action cannot be moved into another one, least of all another application's). An edit naming
 * a revision is made only while the action is still at it (issue 33).
 */
export async function saveWorkflowAction(
  services: Services, caller: Principal, body: SaveWorkflowActionBody,
): Promise<{ actionId: number; revision: number; created: boolean }> {
  const workflow = await workflowOfAdmin(services, caller, body.actionChainId);
  const { addon, params } = actionParamsOf(body.addonName, body.actionParams);
  const problem = await referenceProblem(services, addon, params, workflow.chainAppId);
  if (problem !== null) throw problem;
  const values = {
    actionAlias: body.actionAlias, actionName: body.actionName, addonName: addon.name, actionScript: body.actionScript,
    actionParams: JSON.stringify(params),
  };
  // The builders editing the workflow live see the change (flow-document.ts).
  const document = workflowDocumentOf(services, workflow.chainId);
  if (body.actionId === null) {
    const fact = (id: number): AuditFact => ({ appId: workflow.chainAppId, entityType: 'workflowAction', entityId: id, summary: { key: 'audit.stepAdded', values: { step: body.actionAlias, workflow: workflow.chainName } } });
    const actionId = await withAudit(services.store, caller.audit, fact, async (trx) => {
      // A new card in the flow; the workflow's row, held from here, also makes the count exact.
      await touchWorkflow(trx, workflow.chainId);
      const id = await addWorkflowAction(trx, workflow.chainId, values);
      await document.follow(trx);
      return id;
    });
    document.committed();
    return { actionId, revision: 1, created: true };
  }
  const actionId = body.actionId;
  const fact: AuditFact = { appId: workflow.chainAppId, entityType: 'workflowAction', entityId: actionId, summary: { key: 'audit.stepChanged', values: { step: body.actionAlias, workflow: workflow.chainName } } };
  const revision = await withAudit(services.store, caller.audit, fact, async (trx) => {
    // The workflow's row first, as deleteWorkflowAction takes it.
    await findWorkflowForUpdate(trx, workflow.chainId);
    // Found in the workflow first: another workflow's action is not found, never shown in a 409.
    if (!(await updateWorkflowActionOfChain(trx, actionId, workflow.chainId, values))) throw notFound(Messages.workflowActionNotFound);
    const claimed = await claimRevision(trx, 'chainActions', actionId, body.revision, storedNode(actionId));
    await document.follow(trx);
    return claimed;
  });
  document.committed();
  return { actionId, revision, created: false };
}

/** An action's add-on, known and available, and its parameters, which must fit the add-on's form (what saveAction stores). */
export function actionParamsOf(addonName: string, paramsText: string): { addon: Addon; params: Record<string, string> } {
  const addon = availableAddon(addonName);
  const checked = checkAddonParams(addon, paramsText);
  if (!checked.ok) throw badRequest(checked.message);
  return { addon, params: checked.params };
}

type ActionValues = Parameters<typeof insertWorkflowAction>[1];

/** Adds an action to a workflow whose row the transaction holds (so the count is exact): at most MAX_WORKFLOW_ACTIONS. */
export async function addWorkflowAction(trx: Store, chainId: number, values: Omit<ActionValues, 'actionChainId'>): Promise<number> {
  if (await countActionsOfWorkflow(trx, chainId) >= MAX_WORKFLOW_ACTIONS) throw badRequest(local('workflowTooManyActions', { max: String(MAX_WORKFLOW_ACTIONS) }));
  return insertWorkflowAction(trx, { actionChainId: chainId, ...values });
}

/** The add-on's form with the action's values in it. */
function filledForm(addon: Addon, params: Record<string, string>): Addon {
  const fill = (list: Addon['input']['required']) => list.map((p) => ({ ...p, parameters: [{ ...p.parameters[0], value: params[p.name] ?? '' }] as typeof p.parameters }));
  return { ...addon, input: { required: fill(addon.input.required), optional: fill(addon.input.optional) } };
}

type ActionRow = NonNullable<Awaited<ReturnType<typeof findWorkflowAction>>>;

/** getNode's answer for a stored action: the ids before and after it in its workflow's flow and its add-on's form filled (spec 1 §3). */
async function toWorkflowNode(db: Store, action: ActionRow): Promise<WorkflowNode> {
  const edges = await listEdgesOfWorkflow(db, action.actionChainId);
  const addon = addonByName(action.addonName);
  return {
    id: action.actionId, ...action,
    source: edges.filter((e) => e.toActionId === action.actionId).map((e) => e.fromActionId),
    destination: edges.filter((e) => e.fromActionId === action.actionId).map((e) => e.toActionId),
    addonDetails: addon === undefined ? null : filledForm(addon, storedParams(action.actionParams)),
  };
}

/** The action as getNode answers it now: what a stale edit is shown (undefined when it is gone). */
const storedNode = (actionId: number) => async (store: Store): Promise<WorkflowNode | undefined> => {
  const action = await findWorkflowAction(store, actionId);
  return action === undefined ? undefined : toWorkflowNode(store, action);
};

/** getNode: an action of a workflow its caller administers. */
export async function workflowNode(services: Services, caller: Principal, actionId: number): Promise<WorkflowNode> {
  const action = await findWorkflowAction(services.store, actionId);
  if (action === undefined) throw notFound(Messages.workflowActionNotFound);
  await workflowOfAdmin(services, caller, action.actionChainId);
  return toWorkflowNode(services.store, action);
}

/**
 * Removes an action and the edges touching it, in one transaction: a change of its workflow's
 * flow. With `base`, only while the action is still at that revision: one another builder
 * changed since is shown (409) rather than removed unseen.
 */
export async function deleteWorkflowAction(services: Services, caller: Principal, actionId: number, base?: number): Promise<void> {
  const action = await findWorkflowAction(services.store, actionId);
  if (action === undefined) throw notFound(Messages.workflowActionNotFound);
  await workflowOfAdmin(services, caller, action.actionChainId);
  const document = workflowDocumentOf(services, action.actionChainId);
  await withAudit(services.store, caller.audit, { entityType: 'workflowAction', entityId: actionId, summary: { key: 'audit.stepDeleted', values: { step: action.actionAlias } } }, async (trx) => {
    // The workflow's row first: its live document's store and this write come one after the other,
    // and what this transaction reads (MySQL's snapshot, taken at its first plain read) follows the store.
    await findWorkflowForUpdate(trx, action.actionChainId);
    await claimRevision(trx, 'chainActions', actionId, base, storedNode(actionId));
    await touchWorkflow(trx, action.actionChainId);
    await deleteWorkflowActionCascade(trx, action.actionChainId, actionId);
    await document.follow(trx);
  });
  document.committed();
}
