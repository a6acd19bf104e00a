import {
  FLOW_CARDS, FLOW_LINKS, FLOW_SETTINGS, flowOfDoc, type LiveFlow, liveFlowProblem,
} from '@rakit/core/flow-ydoc';
import * as Y from 'yjs';
import type { AuditContext } from '../audit/context';
import { findWorkflow } from '../store/repositories/workflows';
import { cardsChanged, cardsProblem } from '../workflows/live-flow';
import { closesOf, type LiveKind, readAfterUpdate } from './collab';
import { loadWorkflowState, storeLiveWorkflow } from './workflow-state';
import type { Services } from '../services';

/**
 * Live co-editing of workflows (issue 33, collab.ts): each workflow's drawing is a Yjs document
 * (core's flow-ydoc), `workflow/{chainId}`. An update is accepted when the drawing it makes is one
 * saveAction and saveFlow would store (core's liveFlowProblem; each card whose action, add-on or
 * parameters it changes checked as saveAction checks an action, workflows/live-flow.ts
 * cardsProblem). A card a builder draws has no action yet: an update bringing one asks for the
 * document to be stored at once, which creates its action and writes the id into the card for
 * every builder; otherwise the document is stored a short while after the last change, as its
 * workflow (workflow-state.ts).
 */

/** The close codes of a workflow's document (collab.ts closesOf). */
export const WORKFLOW_CLOSE = closesOf('workflow');

/** The document's shared types: a drawing has nothing else. */
const FLOW_ROOTS = new Set([FLOW_CARDS, FLOW_LINKS, FLOW_SETTINGS]);

/** The most a workflow's document may hold, as Yjs state (200 cards of the largest parameters a save takes is far more than any drawing). */
const MAX_FLOW_STATE_BYTES = 8_000_000;

/** The drawing the document makes with `update` applied; undefined when the update does not apply, reaches outside the drawing or makes the document too large. */
const flowAfter = (document: Y.Doc, update: Uint8Array): LiveFlow | undefined => readAfterUpdate(document, update, (copy) => {
  if ([...copy.share.keys()].some((name) => !FLOW_ROOTS.has(name))) return undefined;
  if (Y.encodeStateAsUpdate(copy).length > MAX_FLOW_STATE_BYTES) return undefined;
  return flowOfDoc(copy);
});

export interface WorkflowKindOptions {
  services: Services;
  /** A store refused by a rule (the document stays as it is, its builders keep editing). */
  onRefusedStore: (chainId: number, reason: string) => void;
}

/** Workflows as a kind of co-edited object: joined by their application's administrators, stored as the workflow's actions and flow. */
export function workflowKind({ services: app, onRefusedStore }: WorkflowKindOptions): LiveKind {
  return {
    name: 'workflow',
    appOf: async (chainId) => (await findWorkflow(app.store, chainId))?.chainAppId,
    load: (chainId) => loadWorkflowState(app, chainId),
    async accepts(document, update, { id: chainId, appId }) {
      const before = flowOfDoc(document);
      // A drawing the builders' concurrent edits left wrong (a cycle two of them closed) is theirs
      // to mend: an update is refused for a problem it brings, not for one already there.
      const problemBefore = liveFlowProblem(before);
      const brings = (flow: LiveFlow | undefined) => flow === undefined || ![null, problemBefore].includes(liveFlowProblem(flow));
      const after = flowAfter(document, update);
      if (after === undefined || brings(after)) return 'refused';
      const changed = cardsChanged(before.cards, after.cards);
      if (changed.length === 0) return 'accepted';
      if ((await cardsProblem(app, { chainId, chainAppId: appId }, changed)) !== null) return 'refused';
      // Checked against the document as it was: what other builders' updates brought meanwhile may make a problem with this one.
      if (brings(flowAfter(document, update))) return 'refused';
      const actionOf = new Map(before.cards.map((card) => [card.key, card.actionId]));
      return changed.some((card) => card.actionId === null || actionOf.get(card.key) !== card.actionId) ? 'store at once' : 'accepted';
    },
    async store(document, { principal, id: chainId, appId }, sourceAddress, known) {
      const audit: AuditContext = { action: 'coEditWorkflow', actorId: principal.userId, sourceAddress, appId, input: { chainId }, recorded: false };
      return storeLiveWorkflow(document, { services: app, chainId, appId, audit, refused: (reason) => onRefusedStore(chainId, reason) }, known);
    },
  };
}
