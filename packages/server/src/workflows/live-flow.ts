import { type LiveCard, type LiveFlow, liveFlowProblem } from '@rakit/core/flow-ydoc';
import { HttpError } from '../errors/http-errors';
import type { Store } from '../store/db';
import { takeRevision } from '../store/revisions';
import {
  deleteWorkflowActionCascade, findWorkflowAction, type StoredEdge, updateWorkflowActionOfChain,
} from '../store/repositories/workflows';
import { actionParamsOf, addWorkflowAction, referenceProblem } from './actions';
import { type StoredWorkflow, storedParams } from './flow-document';
import { writeFlow } from './flow';
import type { Services } from '../services';

/**
 * A workflow drawn live (issue 33): the domain's rules for a builder's changes of a workflow's
 * shared document (coedit/workflow-collab.ts), the same as saveAction's and saveFlow's, and the
 * store that brings the workflow to the document's drawing.
 */

/** Whether two cards' parameter values are the same, whatever their order. */
export function sameParams(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const names = Object.keys(a);
  return names.length === Object.keys(b).length && names.every((name) => Object.hasOwn(b, name) && a[name] === b[name]);
}

/** The cards of `after` whose action, add-on or parameters are not those of the same card in `before` (by key). */
export function cardsChanged(before: readonly LiveCard[], after: readonly LiveCard[]): LiveCard[] {
  const was = new Map(before.map((card) => [card.key, card]));
  return after.filter((card) => {
    const old = was.get(card.key);
    return old === undefined || old.actionId !== card.actionId || old.addonName !== card.addonName || !sameParams(old.params, card.params);
  });
}

const messageOf = (error: unknown): string => {
  if (error instanceof HttpError) return error.message;
  throw error;
};

/**
 * Why the cards may not be stored in the workflow (or null), each checked as saveAction checks an
 * action: its add-on known and available, its parameters fitting the add-on's form and naming
 * only the application's own queries, connections and functions; and the action it names, if
 * any, one of this workflow's (or one gone since: an undo brought its card back, and the card
 * gets a new action). Reads outside any transaction (SQLite's store has one connection).
 */
export async function cardsProblem(services: Services, workflow: { chainId: number; chainAppId: number }, cards: readonly LiveCard[]): Promise<string | null> {
  for (const card of cards) {
    let checked: ReturnType<typeof actionParamsOf>;
    try {
      checked = actionParamsOf(card.addonName, JSON.stringify(card.params));
    } catch (error) {
      return `Card ${card.key}: ${messageOf(error)}`;
    }
    const problem = await referenceProblem(services, checked.addon, checked.params, workflow.chainAppId);
    if (problem !== null) return `Card ${card.key}: ${problem.message}`;
    if (card.actionId !== null) {
      const action = await findWorkflowAction(services.store, card.actionId);
      if (action !== undefined && action.actionChainId !== workflow.chainId) return `Card ${card.key} names an action of another workflow`;
    }
  }
  return null;
}

/** The cards of a drawing the store does not hold as they are: drawn, brought back, or with another add-on or parameters. */
export function cardsNotStored(flow: LiveFlow, stored: StoredWorkflow): LiveCard[] {
  const actions = new Map(stored.actions.map((action) => [action.actionId, action]));
  return flow.cards.filter((card) => {
    const action = card.actionId === null ? undefined : actions.get(card.actionId);
    return action === undefined || action.addonName !== card.addonName || !sameParams(storedParams(action.actionParams), card.params);
  });
}

const edgeKey = ([from, to, branch]: StoredEdge) => `${from}>${to}:${branch ?? ''}`;

/** Whether the edges, the trigger action or a card's place differ from the stored ones. */
function flowChanged(stored: StoredWorkflow, edges: readonly StoredEdge[], triggerActionId: number | null, layout: readonly { actionId: number; x: number; y: number }[]): boolean {
  const storedEdges = new Set(stored.edges.map((edge) => edgeKey([edge.fromActionId, edge.toActionId, edge.branch])));
  if (storedEdges.size !== edges.length || edges.some((edge) => !storedEdges.has(edgeKey(edge)))) return true;
  if ((stored.workflow.chainTriggerActionId > 0 ? stored.workflow.chainTriggerActionId : null) !== triggerActionId) return true;
  const places = new Map(stored.actions.map((action) => [action.actionId, action]));
  return layout.some((card) => {
    const action = places.get(card.actionId);
    return action === undefined || action.cardX === null || action.cardY === null || Number(action.cardX) !== card.x || Number(action.cardY) !== card.y;
  });
}

export interface BroughtWorkflow {
  /** The actions created for cards that had none (or named one gone), by card key. */
  created: Map<string, number>;
  /** Whether anything of the workflow was written. */
  changed: boolean;
}

/**
 * Brings a workflow (its row held by the transaction, `stored` read after) to a live document's
 * drawing, by saveAction's and saveFlow's rules: the drawing is one they accept; an action whose
 * card changed its alias, add-on or parameters is written (its revision bumped, so a stale
 * saveAction is refused); the actions of the cards that have none, or name one gone since, are
 * created (at most MAX_WORKFLOW_ACTIONS); the actions the document held (`known`) and no longer
 * has are removed, never one it has not seen; and the edges, the trigger action and the cards'
 * places are saved. A rule refusing throws its HttpError, and the transaction writes nothing.
 * The references of the cards' parameters are checked before (cardsProblem), outside it.
 */
export async function bringWorkflowTo(trx: Store, stored: StoredWorkflow, flow: LiveFlow, known: ReadonlySet<number>): Promise<BroughtWorkflow> {
  const problem = liveFlowProblem(flow);
  if (problem !== null) throw new HttpError(400, problem);
  const { workflow } = stored;
  const actions = new Map(stored.actions.map((action) => [action.actionId, action]));
  const kept = new Set(flow.cards.flatMap((card) => (card.actionId !== null && actions.has(card.actionId) ? [card.actionId] : [])));
  let changed = false;
  for (const action of stored.actions) {
    if (kept.has(action.actionId) || !known.has(action.actionId)) continue;
    await deleteWorkflowActionCascade(trx, workflow.chainId, action.actionId);
    changed = true;
  }
  const ids = new Map<string, number>();
  const created = new Map<string, number>();
  for (const card of flow.cards) {
    const action = card.actionId === null ? undefined : actions.get(card.actionId);
    if (action !== undefined && action.actionAlias === card.alias && action.addonName === card.addonName && sameParams(storedParams(action.actionParams), card.params)) {
      ids.set(card.key, action.actionId);
      continue;
    }
    const { addon, params } = actionParamsOf(card.addonName, JSON.stringify(card.params));
    const values = { actionAlias: card.alias, addonName: addon.name, actionParams: JSON.stringify(params) };
    changed = true;
    if (action === undefined) {
      // Drawn by a builder, or brought back (an undo) once its action was removed: a new action.
      const actionId = await addWorkflowAction(trx, workflow.chainId, { ...values, actionName: '', actionScript: '' });
      ids.set(card.key, actionId);
      created.set(card.key, actionId);
      continue;
    }
    await updateWorkflowActionOfChain(trx, action.actionId, workflow.chainId, { ...values, actionName: action.actionName, actionScript: action.actionScript });
    await takeRevision(trx, 'chainActions', action.actionId, undefined);
    ids.set(card.key, action.actionId);
  }
  const idOf = (key: string) => ids.get(key) as number;
  const edges = flow.links.map((link): StoredEdge => [idOf(link.from), idOf(link.to), link.branch]);
  const triggerActionId = flow.trigger === null ? null : idOf(flow.trigger);
  const layout = flow.cards.map((card) => ({ actionId: idOf(card.key), x: card.x, y: card.y }));
  if (changed || flowChanged(stored, edges, triggerActionId, layout)) {
    await writeFlow(trx, workflow, new Map(flow.cards.map((card) => [idOf(card.key), card.addonName])), { edges, triggerActionId, layout });
    changed = true;
  }
  return { created, changed };
}
