import {
  actionCardKey, FLOW_CARDS, FLOW_LINKS, FLOW_SETTINGS, flowOfDoc, type LiveFlow, writeFlowToDoc,
} from '@rakit/core/flow-ydoc';
import { joinSharedDocument, type LostReason } from '../../live/shared-document';
import type { FlowDrawing } from './flow-drawing';
import type { WorkflowStore } from './workflow-store';

/**
 * The workflow editor on the workflow's shared document (issue 33, live co-editing of flows):
 * the store keeps the drawing the canvas shows; its edits are written into the document (core's
 * flow-ydoc), others' edits are drawn as they arrive, undo and redo are this builder's own, and
 * "Saved" shows once the server stored his edits. A card drawn here has no action yet: it gets
 * a key of its own and a stand-in id below zero until the server writes its action's id in.
 */

/** The drawing's action ids for the document's card keys, and back. */
export class CardKeys {
  private readonly standIns = new Map<string, number>();
  private keyOfId = new Map<number, string>();
  private nextStandIn = -1;

  /** The drawing the document's flow makes. */
  drawingOf(flow: LiveFlow): FlowDrawing {
    const idOfKey = new Map<string, number>();
    this.keyOfId = new Map();
    for (const card of flow.cards) {
      const id = card.actionId ?? this.standInFor(card.key);
      idOfKey.set(card.key, id);
      this.keyOfId.set(id, card.key);
      // The stand-in of a card the server created now names the same card.
      const standIn = this.standIns.get(card.key);
      if (standIn !== undefined && card.actionId !== null) this.keyOfId.set(standIn, card.key);
    }
    const idOf = (key: string) => idOfKey.get(key) as number;
    return {
      cards: flow.cards.map((card) => ({ actionId: idOf(card.key), alias: card.alias, addonName: card.addonName, params: card.params, x: card.x, y: card.y })),
      links: flow.links.map((link) => ({ from: idOf(link.from), to: idOf(link.to), branch: link.branch })),
      triggerActionId: flow.trigger === null ? null : idOf(flow.trigger),
    };
  }

  /** The document's flow for a drawing (its cards keyed as the document keys them). */
  liveFlowOf(drawing: FlowDrawing): LiveFlow {
    const keyOf = (id: number) => this.keyOf(id);
    return {
      cards: drawing.cards.map((card) => ({
        key: keyOf(card.actionId), actionId: card.actionId > 0 ? card.actionId : null, alias: card.alias, addonName: card.addonName,
        params: { ...card.params }, x: card.x, y: card.y,
      })),
      links: drawing.links.map((link) => ({ from: keyOf(link.from), to: keyOf(link.to), branch: link.branch })),
      trigger: drawing.triggerActionId === null ? null : keyOf(drawing.triggerActionId),
    };
  }

  /** The document's key of a card of the drawing. */
  keyOf(actionId: number): string {
    return this.keyOfId.get(actionId) ?? actionCardKey(actionId);
  }

  /** The drawing's id of a card the document keys so (undefined: no such card drawn). */
  idOf(key: string): number | undefined {
    for (const [id, known] of this.keyOfId) if (known === key) return id;
    return undefined;
  }

  /** A stand-in id for a card drawn here, under a new key; the server gives it its action. */
  newCard(): number {
    const key = `n${crypto.randomUUID()}`;
    const id = this.standInFor(key);
    this.keyOfId.set(id, key);
    return id;
  }

  private standInFor(key: string): number {
    let id = this.standIns.get(key);
    if (id === undefined) {
      id = this.nextStandIn--;
      this.standIns.set(key, id);
    }
    return id;
  }
}

export interface LiveFlowOptions {
  store: WorkflowStore;
  workflowId: number;
  token: () => string;
  name: string;
  onLost: (reason: LostReason) => void;
}

export interface LiveFlowSession {
  /** A stand-in id for a card about to be drawn (the server creates its action). */
  newCard: () => number;
  leave: () => void;
}

/** Joins the shared document of the workflow open in `store`. */
export function joinLiveFlow({ store, workflowId, token, name, onLost }: LiveFlowOptions): LiveFlowSession {
  const keys = new CardKeys();
  const open = () => store.getState().workflowId === workflowId;
  const session = joinSharedDocument({
    name: `workflow/${workflowId}`,
    token,
    user: name,
    undoScope: (doc) => [doc.getMap(FLOW_CARDS), doc.getMap(FLOW_LINKS), doc.getMap(FLOW_SETTINGS)],
    handlers: {
      joined: () => {
        if (!open()) return;
        store.getState().liveJoined(keys.drawingOf(flowOfDoc(session.doc)), {
          write: (next, coalesceKey) => session.edit((origin) => writeFlowToDoc(session.doc, keys.liveFlowOf(next), origin), coalesceKey),
          undo: session.undo,
          redo: session.redo,
        }, session.ownEditsStored());
      },
      // Until the binding is left, another workflow may already be open: only this one's news count.
      changed: () => { if (open()) store.getState().liveChanged(keys.drawingOf(flowOfDoc(session.doc))); },
      stored: (saved) => { if (open()) store.getState().liveSaved(saved); },
      status: (status) => { if (open()) store.getState().liveStatus(status); },
      // What each has selected, as the drawing's card ids (the document names cards by key).
      peers: (peers) => {
        if (!open()) return;
        store.getState().livePeers(peers.map((peer) => {
          const id = peer.activeId === null ? undefined : keys.idOf(peer.activeId);
          return { ...peer, activeId: id === undefined ? null : String(id) };
        }));
      },
      undoState: (canUndo, canRedo) => { if (open()) store.getState().liveUndoState(canUndo, canRedo); },
      lost: (reason) => {
        unsubscribe();
        if (open()) store.getState().liveEnded();
        onLost(reason);
      },
    },
  });
  const select = (actionId: number | null) => session.select(actionId === null ? null : keys.keyOf(actionId));
  select(store.getState().activeId);
  const unsubscribe = store.subscribe((state, before) => {
    if (state.activeId !== before.activeId) select(state.activeId);
  });
  return {
    newCard: () => keys.newCard(),
    leave: () => {
      unsubscribe();
      session.leave();
    },
  };
}
