import { flowOfDoc, setCardAction } from '@rakit/core/flow-ydoc';
import { encodedSnapshotOf } from '@rakit/core/live-doc';
import * as Y from 'yjs';
import { recordAudit } from '../audit/record';
import type { AuditContext } from '../audit/context';
import { HttpError } from '../errors/http-errors';
import { WORKFLOW_STATES } from '../store/repositories/document-states';
import { takeRevision } from '../store/revisions';
import { flowStateWith, type StoredWorkflow, storedWorkflow } from '../workflows/flow-document';
import { bringWorkflowTo, cardsNotStored, cardsProblem } from '../workflows/live-flow';
import { loadLiveState, PERSISTED_ORIGIN, type StateKeeping, type StoredState, storeLiveState } from './live-state';
import type { Services } from '../services';

/**
 * A workflow's co-editing document in the store (issue 33, live-state.ts): its Yjs state
 * persisted with the workflow revision whose drawing it holds; a load with no state, or one
 * behind, writes the stored drawing onto it as a diff (workflows/flow-document.ts).
 */

const WORKFLOW_KEEPING: StateKeeping<StoredWorkflow> = {
  table: WORKFLOW_STATES,
  async current(db, chainId, lock) {
    const stored = await storedWorkflow(db, chainId, lock);
    return stored === undefined ? undefined : { revision: stored.workflow.revision, content: stored };
  },
  caughtUp: (state, stored) => flowStateWith(state, stored).state,
};

/** The state a workflow's document loads from (live-state's loadLiveState). */
export const loadWorkflowState = (services: Services, chainId: number) => loadLiveState(services.store, WORKFLOW_KEEPING, chainId);

/** The actions a state's drawing names. */
function actionsIn(state: Uint8Array | undefined): Set<number> {
  if (state === undefined) return new Set();
  const doc = new Y.Doc();
  try {
    Y.applyUpdate(doc, state);
    return new Set(flowOfDoc(doc).cards.flatMap((card) => (card.actionId === null ? [] : [card.actionId])));
  } finally {
    doc.destroy();
  }
}

/**
 * The update writing the new actions' ids into their cards, made on `state` (the document's when
 * its drawing was read): it applies to the document whatever arrived since (a card removed
 * meanwhile takes it as a removed one), and the state persisted is `state` with it, the same
 * items the builders get.
 */
function cardActionsUpdate(state: Uint8Array, created: ReadonlyMap<string, number>): Uint8Array | undefined {
  if (created.size === 0) return undefined;
  const copy = new Y.Doc();
  try {
    Y.applyUpdate(copy, state);
    let update: Uint8Array | undefined;
    copy.on('update', (written: Uint8Array) => { update = written; });
    copy.transact(() => {
      for (const [key, actionId] of created) setCardAction(copy, key, actionId);
    });
    return update;
  } finally {
    copy.destroy();
  }
}

export interface LiveWorkflowStore {
  services: Services;
  chainId: number;
  appId: number;
  audit: AuditContext;
  /** Where a store a rule refused is told (the document stays as it is). */
  refused: (reason: string) => void;
}

/**
 * Stores a live document as its workflow (live-state's storeLiveState). The references of the
 * cards the store does not hold as they are are checked first, as saveAction checks them (outside
 * the transaction); then, holding the workflow, its drawing and state are read at one moment,
 * the workflow is brought to the drawing (bringWorkflowTo: actions created, changed and removed,
 * the flow saved, all by saveAction's and saveFlow's rules) with the revision bumped and the
 * audit when anything changed, and the state persisted with the new actions' ids in their cards.
 * Once committed, those ids reach every builder. A rule refusing the store (one the check of each
 * update could not see: a reference gone since, the workflow's action limit reached by others'
 * writes, builders' concurrent edits making a cycle) stores nothing and leaves the document as
 * it is: 'refused'.
 */
export async function storeLiveWorkflow(document: Y.Doc, options: LiveWorkflowStore, known: Uint8Array | undefined): Promise<StoredState | 'gone' | 'refused'> {
  const { services: app, chainId, appId } = options;
  const before = await storedWorkflow(app.store, chainId, false);
  if (before === undefined) return 'gone';
  const problem = await cardsProblem(app, { chainId, chainAppId: appId }, cardsNotStored(flowOfDoc(document), before));
  if (problem !== null) {
    options.refused(problem);
    return 'refused';
  }
  let cardActions: Uint8Array | undefined;
  try {
    const stored = await storeLiveState(app.store, WORKFLOW_KEEPING, chainId, document, known, async (trx, current, storedState) => {
      // One moment: the drawing stored and the state persisted agree.
      const flow = flowOfDoc(document);
      const state = Y.encodeStateAsUpdate(document);
      const brought = await bringWorkflowTo(trx, current.content, flow, actionsIn(storedState));
      let { revision } = current;
      if (brought.changed) {
        revision = (await takeRevision(trx, 'chains', chainId, undefined))!;
        await recordAudit(trx, options.audit, { appId, entityType: 'workflow', entityId: chainId, summary: { key: 'audit.workflowCoEdited', values: { workflow: current.content.workflow.chainName } } });
      }
      cardActions = cardActionsUpdate(state, brought.created);
      const persisted = cardActions === undefined ? state : Y.mergeUpdates([state, cardActions]);
      return { revision, state: persisted, snapshot: snapshotOfUpdate(persisted) };
    });
    // Committed: the builders' cards get their actions' ids.
    if (cardActions !== undefined && stored !== 'gone') Y.applyUpdate(document, cardActions, PERSISTED_ORIGIN);
    return stored;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    options.refused(error.message);
    return 'refused';
  }
}

/** The Yjs snapshot of the document an update makes. */
function snapshotOfUpdate(update: Uint8Array): Uint8Array {
  const doc = new Y.Doc();
  try {
    Y.applyUpdate(doc, update);
    return encodedSnapshotOf(doc);
  } finally {
    doc.destroy();
  }
}
