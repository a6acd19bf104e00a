import {
  findCycle, type FlowEdge, MAX_ROW_ID, Messages, type SaveFlowBody,
} from '@rakit/core';
import type { FastifyInstance } from 'fastify';
import type { Principal } from '../auth/principal';
import { badRequest, notFound } from '../http/errors';
import { listActionsOfWorkflow, replaceEdges, setTriggerAction } from '../store/repositories/workflows';
import { workflowOfAdmin } from './actions';

/** The flow's pairs as edges: a missing, null or non-positive id answers the spec's 'from and to id cant be null'. */
function edgesOf(flow: SaveFlowBody['flow']): FlowEdge[] {
  const edges = flow.map((pair): FlowEdge => {
    const [from, to] = pair;
    if (pair.length !== 2 || from === null || from === undefined || to === null || to === undefined || from <= 0 || to <= 0) throw badRequest(Messages.flowIdsMissing);
    if (from > MAX_ROW_ID || to > MAX_ROW_ID) throw notFound(Messages.flowActionForeign);
    return [from, to];
  });
  // The same edge twice is one edge.
  return [...new Map(edges.map((e) => [`${e[0]}-${e[1]}`, e])).values()];
}

/**
 * Replaces a workflow's edges (and, when sent, the action attached as the trigger). Both ends of
 * every edge must be actions of that workflow, an action may not follow itself and the flow may
 * not have a cycle; nothing changes otherwise.
 */
export async function saveFlow(app: FastifyInstance, caller: Principal, body: SaveFlowBody): Promise<{ workflowId: number; edges: number; triggerActionId: number | null }> {
  const workflow = await workflowOfAdmin(app, caller, body.workflowId);
  const edges = edgesOf(body.flow);
  const cycle = findCycle(edges);
  if (cycle !== null) throw badRequest(`${Messages.flowCycle}: ${cycle.join(' → ')}`);
  return app.store.transaction().execute(async (trx) => {
    const own = new Set((await listActionsOfWorkflow(trx, workflow.chainId)).map((a) => a.actionId));
    if (edges.some(([from, to]) => !own.has(from) || !own.has(to))) throw notFound(Messages.flowActionForeign);
    let triggerActionId = workflow.chainTriggerActionId > 0 ? workflow.chainTriggerActionId : null;
    if (body.triggerActionId !== undefined) {
      if (body.triggerActionId !== null && !own.has(body.triggerActionId)) throw notFound(Messages.flowActionForeign);
      triggerActionId = body.triggerActionId;
      await setTriggerAction(trx, workflow.chainId, triggerActionId ?? 0);
    }
    if (triggerActionId !== null && edges.some(([, to]) => to === triggerActionId)) throw badRequest('The trigger action comes first: no edge may lead to it');
    await replaceEdges(trx, workflow.chainId, edges);
    return { workflowId: workflow.chainId, edges: edges.length, triggerActionId };
  });
}
