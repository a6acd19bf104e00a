import {
  addonByName, type BuildProblem, checkAddonParams, DEFAULT_LANGUAGE, findCycle, type FlowEdge, type Language, missingRequiredParams,
  reachableFrom, rootsOf, templateErrors, topologicalOrder, type WorkflowBuild,
} from '@rakit/core';
import { localiseParts, translate } from '@rakit/core/translate';
import type { Principal } from '../auth/principal';
import { insertWorkflowVersion, listActionsOfWorkflow, listEdgesOfWorkflow } from '../store/repositories/workflows';
import { referenceProblem, workflowOfAdmin } from './actions';
import { storedParams } from './flow-document';
import type { PublishedEdge } from './engine/definition';
import { pickUpTriggerRuns } from './runs';
import { withAudit, type AuditFact } from '../audit/record';
import type { Services } from '../services';

/** What a published version holds: everything a run needs, frozen at build time. */
export interface PublishedWorkflow {
  chainId: number;
  chainTrigger: number | null;
  triggerActionId: number | null;
  actions: { actionId: number; actionAlias: string; actionName: string; addonName: string; actionScript: string; params: Record<string, string> }[];
  /** [from, to], or [from, to, branch] out of a Condition. */
  edges: PublishedEdge[];
  entryActionIds: number[];
  order: number[];
}

/**
 * Checks a workflow's drawn flow: at least one action, no cycle, every action reachable from the
 * trigger action (or, with none attached, from the actions no edge leads to), every add-on known
 * and available, every parameter fitting its form and the required ones filled. When nothing is
 * wrong the flow is published as a new version, the one runs use; otherwise the answer lists
 * what was found and nothing is published.
 */
export async function buildWorkflow(services: Services, caller: Principal, chainId: number, language: Language = DEFAULT_LANGUAGE): Promise<WorkflowBuild> {
  // The problems are read by the builder who asked: in his catalog.
  const say = (key: Parameters<typeof translate>[1], values?: Parameters<typeof translate>[2]) => translate(language, key, values);
  const workflow = await workflowOfAdmin(services, caller, chainId);
  // The drawing read at one moment; the references are checked outside the transaction, whose
  // connection is the only one on SQLite.
  const [actions, stored] = await services.store.transaction().execute(async (trx) => [await listActionsOfWorkflow(trx, chainId), await listEdgesOfWorkflow(trx, chainId)] as const);
  const edges: FlowEdge[] = stored.map((e) => [e.fromActionId, e.toActionId]);
  const publishedEdges = stored.map((e): PublishedEdge => (e.branch === 'true' || e.branch === 'false' ? [e.fromActionId, e.toActionId, e.branch] : [e.fromActionId, e.toActionId]));
  const ids = actions.map((a) => a.actionId);
  const problems: BuildProblem[] = [];
  if (actions.length === 0) problems.push({ actionId: null, message: say('workflow.build.noActions') });

  const cycle = findCycle(edges);
  if (cycle !== null) problems.push({ actionId: cycle[0] ?? null, message: `${say('flowCycle')}: ${cycle.join(' → ')}` });
  const triggerActionId = workflow.chainTriggerActionId > 0 && ids.includes(workflow.chainTriggerActionId) ? workflow.chainTriggerActionId : null;
  const entryActionIds = triggerActionId === null ? rootsOf(ids, edges) : [triggerActionId];
  const reached = reachableFrom(entryActionIds, edges);
  for (const id of ids) {
    if (!reached.has(id)) {
      problems.push({ actionId: id, message: say(triggerActionId === null ? 'workflow.build.unreachableCycle' : 'workflow.build.unreachable') });
    }
  }

  const published: PublishedWorkflow['actions'] = [];
  for (const action of actions) {
    const addon = addonByName(action.addonName);
    if (addon === undefined) {
      problems.push({ actionId: action.actionId, message: `${say('addonUnknown')} ${action.addonName}` });
      continue;
    }
    if (!addon.available) problems.push({ actionId: action.actionId, message: addon.unavailableReason === undefined ? say('workflow.build.unavailable', { addon: addon.label }) : `${addon.label}: ${addon.unavailableReason}` });
    const checked = checkAddonParams(addon, action.actionParams);
    if (!checked.ok) {
      problems.push({ actionId: action.actionId, message: say(checked.message.key, checked.message.values) });
      continue;
    }
    const problem = await referenceProblem(services, addon, checked.params, workflow.chainAppId);
    if (problem !== null) problems.push({ actionId: action.actionId, message: problem.message });
    const missing = missingRequiredParams(addon, checked.params);
    if (missing.length > 0) problems.push({ actionId: action.actionId, message: say('workflow.build.requiredEmpty', { names: missing.join(', ') }) });
    published.push({
      actionId: action.actionId, actionAlias: action.actionAlias, actionName: action.actionName, addonName: addon.name,
      actionScript: action.actionScript, params: storedParams(action.actionParams),
    });
  }

  const order = topologicalOrder(ids, edges) ?? [];
  // $N names step N of the built order; a step may only read $0 and the steps before it on its paths.
  if (cycle === null) {
    const stepOf = new Map(order.map((id, index) => [id, index + 1]));
    for (const action of published) {
      const before = [...reachableFrom([action.actionId], edges.map(([from, to]): FlowEdge => [to, from]))]
        .filter((id) => id !== action.actionId).map((id) => stepOf.get(id) ?? 0);
      for (const [name, text] of Object.entries(action.params)) {
        for (const error of templateErrors(text, before)) problems.push({ actionId: action.actionId, message: `${name}: ${localiseParts(language, error)}` });
      }
    }
  }
  if (problems.length > 0) return { workflowId: chainId, built: false, problems, versionId: null, entryActionIds, order };
  const chainTrigger = /^[1-9][0-9]*$/.test(workflow.chainTrigger) ? Number(workflow.chainTrigger) : null;
  const definition: PublishedWorkflow = {
    chainId, chainTrigger, triggerActionId, actions: published, edges: publishedEdges, entryActionIds, order,
  };
  const built = (id: number): AuditFact => ({ appId: workflow.chainAppId, entityType: 'workflow', entityId: chainId, summary: { key: 'audit.workflowBuilt', values: { version: String(id), workflow: workflow.chainName } } });
  const versionId = await withAudit(services.store, caller.audit, built,
    (trx) => insertWorkflowVersion(trx, { chainId, appId: workflow.chainAppId, definition: JSON.stringify(definition), builtBy: caller.userId }));
  // Trigger runs that waited for a built workflow listening to them start now.
  if (chainTrigger !== null) await pickUpTriggerRuns(services);
  return { workflowId: chainId, built: true, problems: [], versionId, entryActionIds, order };
}
