import { CONDITION_BRANCHES, type ConditionBranch } from '@rakit/core';
import { actionCardKey, flowOfDoc, type LiveFlow, writeFlowToDoc } from '@rakit/core/flow-ydoc';
import * as Y from 'yjs';
import type { Store } from '../store/db';
import { findPersistedState, updatePersistedState, WORKFLOW_STATES } from '../store/repositories/document-states';
import { findWorkflow, findWorkflowForUpdate, listActionsOfWorkflow, listEdgesOfWorkflow } from '../store/repositories/workflows';
import type { Services } from '../services';

/**
 * A workflow's co-editing document as the workflows domain knows it (issue 33, live co-editing of
 * flows; core's flow-ydoc): its Yjs state, persisted with the workflow revision whose drawing it
 * holds (store/repositories/document-states), and the drawing a stored workflow makes. Every
 * write of a workflow's drawing (saveAction, deleteWorkflowAction, saveFlow; a rename moves the
 * revision only) keeps the persisted state in step in the write's transaction, as a Yjs update
 * computed against it (followWorkflowDocument), and then tells the live documents
 * (WorkflowDocumentSync): they merge the persisted state, so the write reaches the builders as
 * that update and merges with their edits not stored yet.
 */

/** The builders' live documents of workflows (coedit/live-documents.ts), as the workflows domain tells them of its writes. */
export interface WorkflowDocumentSync {
  /** A write moved the workflow's persisted document and is committed: its live documents merge it. */
  workflowWritten(chainId: number): void;
  /** The workflow was deleted (committed): the builders editing it are disconnected. */
  workflowDeleted(chainId: number): void;
}

/** The parameter texts of an action's stored actionParams; anything unreadable is no values. */
export function storedParams(text: string): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

type WorkflowRow = NonNullable<Awaited<ReturnType<typeof findWorkflow>>>;
type ActionRow = Awaited<ReturnType<typeof listActionsOfWorkflow>>[number];
type EdgeRow = Awaited<ReturnType<typeof listEdgesOfWorkflow>>[number];

/** A workflow as stored: its row (revision, trigger action), its actions and its edges. */
export interface StoredWorkflow {
  workflow: WorkflowRow;
  actions: ActionRow[];
  edges: EdgeRow[];
}

/** The workflow as stored (undefined when it is gone); with `lock`, inside a transaction, its row held until the end and read first. */
export async function storedWorkflow(db: Store, chainId: number, lock: boolean): Promise<StoredWorkflow | undefined> {
  const workflow = lock ? await findWorkflowForUpdate(db, chainId) : await findWorkflow(db, chainId);
  if (workflow === undefined) return undefined;
  return { workflow, actions: await listActionsOfWorkflow(db, chainId), edges: await listEdgesOfWorkflow(db, chainId) };
}

/** Where the editor puts a card never placed: in a column, one under the other (web's flow-drawing CARD_SPACING). */
const UNPLACED_STEP_Y = 140;

export const isBranch = (value: unknown): value is ConditionBranch => typeof value === 'string' && (CONDITION_BRANCHES as readonly string[]).includes(value);

/**
 * The drawing a stored workflow makes. Each card is keyed as `keys` (a document's cards by the
 * action each names) keys its action, else `a{actionId}`: a card drawn by a builder keeps the key
 * he gave it (a card an undo brought back keeps its key with its new action), and a key a
 * document already gives another card is never given twice.
 */
export function liveFlowOfStored({ workflow, actions, edges }: StoredWorkflow, keys: ReadonlyMap<number, string>): LiveFlow {
  const taken = new Set(keys.values());
  const keyOf = (actionId: number) => keys.get(actionId) ?? (taken.has(actionCardKey(actionId)) ? `n${actionCardKey(actionId)}` : actionCardKey(actionId));
  let unplaced = 0;
  const cards = actions.map((action) => {
    const placed = action.cardX !== null && action.cardY !== null;
    const card = {
      key: keyOf(action.actionId), actionId: action.actionId, alias: action.actionAlias, addonName: action.addonName, params: storedParams(action.actionParams),
      x: placed ? Number(action.cardX) : 0, y: placed ? Number(action.cardY) : unplaced * UNPLACED_STEP_Y,
    };
    if (!placed) unplaced += 1;
    return card;
  });
  const ids = new Set(actions.map((action) => action.actionId));
  return {
    cards,
    links: edges.filter((edge) => ids.has(edge.fromActionId) && ids.has(edge.toActionId))
      .map((edge) => ({ from: keyOf(edge.fromActionId), to: keyOf(edge.toActionId), branch: isBranch(edge.branch) ? edge.branch : null })),
    trigger: ids.has(workflow.chainTriggerActionId) ? keyOf(workflow.chainTriggerActionId) : null,
  };
}

/** The document's cards' keys by the action each names. */
export const cardKeysOf = (flow: LiveFlow): Map<number, string> =>
  new Map(flow.cards.flatMap((card) => (card.actionId === null ? [] : [[card.actionId, card.key] as const])));

/**
 * A state holding `state` (when there is one) with the stored workflow written onto it as a diff
 * (writeFlowToDoc: only the fields, parameters and edges that differ), and whether that changed
 * it: the items it had stay, so a live document merging it keeps its builders' edits.
 */
export function flowStateWith(state: Uint8Array | undefined, stored: StoredWorkflow): { state: Uint8Array; changed: boolean } {
  const doc = new Y.Doc();
  try {
    if (state !== undefined) Y.applyUpdate(doc, state);
    let changed = false;
    doc.on('update', () => { changed = true; });
    writeFlowToDoc(doc, liveFlowOfStored(stored, cardKeysOf(flowOfDoc(doc))));
    return { state: changed || state === undefined ? Y.encodeStateAsUpdate(doc) : state, changed };
  } finally {
    doc.destroy();
  }
}

/**
 * Keeps a workflow's persisted document in step with a write of its drawing, inside the write's
 * transaction, after the write (which holds the workflow's row until the transaction ends): the
 * stored drawing is written onto the persisted state as a diff, which is the write's Yjs update,
 * and persisted with the workflow's revision. Answers whether the live documents have something
 * to merge (WorkflowDocumentSync.workflowWritten).
 */
export async function followWorkflowDocument(trx: Store, chainId: number): Promise<boolean> {
  const persisted = await findPersistedState(trx, WORKFLOW_STATES, chainId, { lock: true });
  if (persisted === undefined) return false;
  const stored = await storedWorkflow(trx, chainId, false);
  if (stored === undefined) return false;
  const { state, changed } = flowStateWith(persisted.state, stored);
  if (!changed && persisted.revision === stored.workflow.revision) return false;
  await updatePersistedState(trx, WORKFLOW_STATES, chainId, { revision: stored.workflow.revision, ...(changed ? { state } : {}) }, persisted.revision);
  return changed;
}

/**
 * A write of a workflow's drawing reaching its live documents: `follow` at the end of the write's
 * transaction (followWorkflowDocument), `committed` once the transaction is.
 */
export function workflowDocumentOf(services: Services, chainId: number) {
  let written = false;
  return {
    follow: async (trx: Store): Promise<void> => {
      written = (await followWorkflowDocument(trx, chainId)) || written;
    },
    committed: (): void => {
      if (written) services.workflowDocuments.workflowWritten(chainId);
    },
  };
}
