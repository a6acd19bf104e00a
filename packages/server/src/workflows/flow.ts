import {
  type ConditionBranch, findCycle, type FlowEdge, MAX_ROW_ID, Messages, type SaveFlowBody, type WorkflowFlow,
} from '@rakit/core';
import type { Principal } from '../auth/principal';
import { badRequest, local, notFound } from '../errors/http-errors';
import { recordAudit } from '../audit/record';
import type { Store } from '../store/db';
import {
  findWorkflow, latestWorkflowVersion, listActionsOfWorkflow, listEdgesOfWorkflow, placeCards, replaceEdges, setTriggerAction, type StoredEdge,
} from '../store/repositories/workflows';
import { claimRevision } from '../store/revisions';
import { toWorkflow } from './definitions';
import { workflowOfAdmin } from './actions';
import { isBranch, workflowDocumentOf } from './flow-document';
import type { Services } from '../services';

/**
 * The flow's pairs as edges: a missing, null or non-positive id answers the spec's 'from and to
 * id cant be null'; a third item, when there is one, is the branch of an edge out of a Condition.
 */
function edgesOf(flow: SaveFlowBody['flow']): StoredEdge[] {
  const edges = flow.map((pair): StoredEdge => {
    const [from, to, branch] = pair;
    if (pair.length < 2 || typeof from !== 'number' || typeof to !== 'number' || from <= 0 || to <= 0) throw badRequest(Messages.flowIdsMissing);
    if (from > MAX_ROW_ID || to > MAX_ROW_ID) throw notFound(Messages.flowActionForeign);
    if (pair.length === 3 && !isBranch(branch)) throw badRequest(local('flowBranchInvalidAt', { from, to }));
    return [from, to, pair.length === 3 ? branch as ConditionBranch : null];
  });
  // The same edge twice is one edge.
  return [...new Map(edges.map((e) => [`${e[0]}-${e[1]}`, e])).values()];
}

/** A workflow's flow as a write gives it: its edges and, when given, the action attached as the trigger and where its cards sit. */
export interface FlowWrite {
  edges: readonly StoredEdge[];
  triggerActionId?: number | null;
  layout?: readonly { actionId: number; x: number; y: number }[];
}

/**
 * Writes a workflow's flow, its row held by the transaction, given the add-on of each of its
 * actions by id: both ends of every edge must be actions of that workflow, the flow may not have
 * a cycle, an edge says a branch exactly when it leaves a Condition, and no edge may lead to the
 * trigger action; nothing is written otherwise. Answers the trigger action now.
 */
export async function writeFlow(
  trx: Store, workflow: { chainId: number; chainTriggerActionId: number }, addonOf: ReadonlyMap<number, string>, flow: FlowWrite,
): Promise<number | null> {
  const { edges } = flow;
  const cycle = findCycle(edges.map(([from, to]): FlowEdge => [from, to]));
  if (cycle !== null) throw badRequest(local('flowCycleAt', { cycle: cycle.join(' → ') }));
  if (edges.some(([from, to]) => !addonOf.has(from) || !addonOf.has(to))) throw notFound(Messages.flowActionForeign);
  for (const [from, to, branch] of edges) {
    const fromCondition = addonOf.get(from) === 'condition';
    if (fromCondition && branch === null) throw badRequest(local('flowBranchMissingAt', { from, to }));
    if (!fromCondition && branch !== null) throw badRequest(local('flowBranchNotConditionAt', { from, to }));
  }
  if ((flow.layout ?? []).some((card) => !addonOf.has(card.actionId))) throw notFound(Messages.flowActionForeign);
  let triggerActionId = workflow.chainTriggerActionId > 0 ? workflow.chainTriggerActionId : null;
  if (flow.triggerActionId !== undefined) {
    if (flow.triggerActionId !== null && !addonOf.has(flow.triggerActionId)) throw notFound(Messages.flowActionForeign);
    triggerActionId = flow.triggerActionId;
    await setTriggerAction(trx, workflow.chainId, triggerActionId ?? 0);
  }
  if (triggerActionId !== null && edges.some(([, to]) => to === triggerActionId)) throw badRequest(local('flowTriggerFirst'));
  await replaceEdges(trx, workflow.chainId, edges);
  if (flow.layout !== undefined) await placeCards(trx, workflow.chainId, flow.layout);
  return triggerActionId;
}

/**
 * Replaces a workflow's edges (and, when sent, the action attached as the trigger and where its
 * cards sit), as writeFlow checks them. Naming a revision, it is saved only while the workflow is
 * still at it (issue 33).
 */
export async function saveFlow(
  services: Services, caller: Principal, body: SaveFlowBody,
): Promise<{ workflowId: number; edges: number; triggerActionId: number | null; revision: number }> {
  const workflow = await workflowOfAdmin(services, caller, body.workflowId);
  const edges = edgesOf(body.flow);
  const cycle = findCycle(edges.map(([from, to]): FlowEdge => [from, to]));
  if (cycle !== null) throw badRequest(local('flowCycleAt', { cycle: cycle.join(' → ') }));
  const document = workflowDocumentOf(services, workflow.chainId);
  const saved = await services.store.transaction().execute(async (trx) => {
    // First: the workflow's row is then held, so no action is added or removed (those writes take it too) while the edges are checked.
    const revision = await claimRevision(trx, 'chains', workflow.chainId, body.revision, (store) => storedFlow(store, workflow.chainId));
    const actions = await listActionsOfWorkflow(trx, workflow.chainId);
    const addonOf = new Map(actions.map((a) => [a.actionId, a.addonName]));
    const flow = { edges, ...(body.triggerActionId === undefined ? {} : { triggerActionId: body.triggerActionId }), ...(body.layout === undefined ? {} : { layout: body.layout }) };
    const triggerActionId = await writeFlow(trx, workflow, addonOf, flow);
    await recordAudit(trx, caller.audit, { appId: workflow.chainAppId, entityType: 'workflow', entityId: workflow.chainId, summary: { key: 'audit.flowSaved', values: { workflow: workflow.chainName } } });
    await document.follow(trx);
    return { workflowId: workflow.chainId, edges: edges.length, triggerActionId, revision };
  });
  document.committed();
  return saved;
}

/** The flow as getFlow answers it now, read at one moment (undefined when the workflow is gone). */
async function storedFlow(store: Store, chainId: number): Promise<WorkflowFlow | undefined> {
  return store.transaction().execute(async (trx) => {
    // The workflow (its revision) before the rest: a save between two reads then makes the answer's
    // revision older than its edges, never newer, so a save based on it cannot replace unseen work.
    const workflow = await findWorkflow(trx, chainId);
    if (workflow === undefined) return undefined;
    const actions = await listActionsOfWorkflow(trx, chainId);
    const edges = await listEdgesOfWorkflow(trx, chainId);
    const version = await latestWorkflowVersion(trx, chainId);
    return {
      workflow: toWorkflow(workflow),
      actions: actions.map((a) => ({
        actionId: a.actionId, actionAlias: a.actionAlias, actionName: a.actionName, addonName: a.addonName, actionParams: a.actionParams,
        x: a.cardX === null ? null : Number(a.cardX), y: a.cardY === null ? null : Number(a.cardY), revision: a.revision,
      })),
      edges: edges.map((e) => ({ from: e.fromActionId, to: e.toActionId, branch: isBranch(e.branch) ? e.branch : null })),
      builtVersionId: version?.versionId ?? null,
      builtAt: version?.builtAt ?? null,
    };
  });
}

/** getFlow: everything the editor draws of a workflow its caller administers. */
export async function workflowFlow(services: Services, caller: Principal, chainId: number): Promise<WorkflowFlow> {
  await workflowOfAdmin(services, caller, chainId);
  const flow = await storedFlow(services.store, chainId);
  if (flow === undefined) throw notFound(Messages.workflowNotFound);
  return flow;
}
