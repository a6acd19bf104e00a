import type { Kysely } from 'kysely';
import type { Store } from '../db';
import { engineOf } from '../dialect';
import { insertReturningId } from '../insert';
import { deleteRunsOfAction, deleteRunsOfWorkflow } from './workflow-runs';

/** Workflows (chains), their actions, the drawn flow (flow_edges) and published versions (spec 1 §3). */

export const findWorkflow = (db: Store, chainId: number) =>
  db.selectFrom('chains').selectAll().where('chainId', '=', chainId).executeTakeFirst();

/** The workflow's row, held until the transaction ends (FOR UPDATE; SQLite's transactions are one at a time). */
export const findWorkflowForUpdate = (trx: Store, chainId: number) =>
  trx.selectFrom('chains').selectAll().where('chainId', '=', chainId)
    .$if(engineOf(trx as unknown as Kysely<unknown>) !== 'sqlite', (query) => query.forUpdate()).executeTakeFirst();

export const listWorkflowsOfApp = (db: Store, appId: number) =>
  db.selectFrom('chains').selectAll().where('chainAppId', '=', appId).orderBy('chainId').execute();

export const insertWorkflow = (db: Store, values: { chainAppId: number; chainName: string; chainTrigger: string }): Promise<number> =>
  insertReturningId(db, 'chains', values, 'chainId');

/** Renames the workflow only when it belongs to the application; answers whether it did. */
export async function updateWorkflowOfApp(db: Store, chainId: number, appId: number, values: { chainName: string; chainTrigger: string }): Promise<boolean> {
  const result = await db.updateTable('chains').set(values).where('chainId', '=', chainId).where('chainAppId', '=', appId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setTriggerAction(db: Store, chainId: number, actionId: number): Promise<void> {
  await db.updateTable('chains').set({ chainTriggerActionId: actionId }).where('chainId', '=', chainId).execute();
}

/** Removes a workflow with its actions, edges, versions and runs. Call inside a transaction. */
export async function deleteWorkflowCascade(db: Store, chainId: number): Promise<void> {
  await deleteRunsOfWorkflow(db, chainId);
  await db.deleteFrom('flowEdges').where('workflowId', '=', chainId).execute();
  await db.deleteFrom('chainActions').where('actionChainId', '=', chainId).execute();
  await db.deleteFrom('workflowVersions').where('chainId', '=', chainId).execute();
  await db.deleteFrom('chains').where('chainId', '=', chainId).execute();
}

export const findWorkflowAction = (db: Store, actionId: number) =>
  db.selectFrom('chainActions').selectAll().where('actionId', '=', actionId).executeTakeFirst();

export const listActionsOfWorkflow = (db: Store, chainId: number) =>
  db.selectFrom('chainActions').selectAll().where('actionChainId', '=', chainId).orderBy('actionId').execute();

export async function countActionsOfWorkflow(db: Store, chainId: number): Promise<number> {
  const row = await db.selectFrom('chainActions').select((eb) => eb.fn.countAll<number | string>().as('count')).where('actionChainId', '=', chainId).executeTakeFirstOrThrow();
  return Number(row.count);
}

type ActionValues = { actionAlias: string; actionName: string; addonName: string; actionScript: string; actionParams: string };

export const insertWorkflowAction = (db: Store, values: ActionValues & { actionChainId: number }): Promise<number> =>
  insertReturningId(db, 'chainActions', values, 'actionId');

/** Edits the action only when it belongs to the workflow; answers whether it did. */
export async function updateWorkflowActionOfChain(db: Store, actionId: number, chainId: number, values: ActionValues): Promise<boolean> {
  const result = await db.updateTable('chainActions').set(values).where('actionId', '=', actionId).where('actionChainId', '=', chainId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Removes an action, the edges that touch it, its place as the trigger action, and the runs that ran it. Call inside a transaction. */
export async function deleteWorkflowActionCascade(db: Store, chainId: number, actionId: number): Promise<void> {
  await deleteRunsOfAction(db, actionId);
  await db.deleteFrom('flowEdges').where('workflowId', '=', chainId)
    .where((eb) => eb.or([eb('fromActionId', '=', actionId), eb('toActionId', '=', actionId)])).execute();
  await db.updateTable('chains').set({ chainTriggerActionId: 0 }).where('chainId', '=', chainId).where('chainTriggerActionId', '=', actionId).execute();
  await db.deleteFrom('chainActions').where('actionId', '=', actionId).execute();
}

export const listEdgesOfWorkflow = (db: Store, chainId: number) =>
  db.selectFrom('flowEdges').select(['fromActionId', 'toActionId', 'branch']).where('workflowId', '=', chainId).orderBy('fromActionId').orderBy('toActionId').execute();

/** An edge as stored: [from, to] and, out of a Condition, its branch. */
export type StoredEdge = readonly [number, number, string | null];

/** Replaces the workflow's edges. Call inside a transaction. */
export async function replaceEdges(db: Store, chainId: number, edges: readonly StoredEdge[]): Promise<void> {
  await db.deleteFrom('flowEdges').where('workflowId', '=', chainId).execute();
  // In slices, so that no engine meets its limit of bound values.
  for (let i = 0; i < edges.length; i += 200) {
    const slice = edges.slice(i, i + 200).map(([from, to, branch]) => ({ workflowId: chainId, fromActionId: from, toActionId: to, branch }));
    await db.insertInto('flowEdges').values(slice).execute();
  }
}

/** Where the workflow's cards sit; only its own actions move. Call inside a transaction. */
export async function placeCards(db: Store, chainId: number, layout: readonly { actionId: number; x: number; y: number }[]): Promise<void> {
  for (const card of layout) {
    await db.updateTable('chainActions').set({ cardX: card.x, cardY: card.y }).where('actionId', '=', card.actionId).where('actionChainId', '=', chainId).execute();
  }
}

export const insertWorkflowVersion = (db: Store, values: { chainId: number; appId: number; definition: string; builtBy: string }): Promise<number> =>
  insertReturningId(db, 'workflowVersions', { ...values, builtAt: new Date().toISOString() }, 'versionId');

/** The version runs use: the latest build. */
export const latestWorkflowVersion = (db: Store, chainId: number) =>
  db.selectFrom('workflowVersions').selectAll().where('chainId', '=', chainId).orderBy('versionId', 'desc').limit(1).executeTakeFirst();
