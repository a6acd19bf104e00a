import {
  type ConditionBranch, findCycle, type FlowEdge, type LocalText, topologicalOrder, type WorkflowFlow,
} from '@rakit/core';

/**
 * The workflow editor's drawing (issue 12): its cards, the edges between them and the card
 * attached as the trigger. It is the value undo/redo walks through; the server is brought to it
 * by `syncPlan` (actions created, edited, removed) and `saveFlowBody` (edges, trigger, layout).
 */
export interface FlowCard {
  actionId: number;
  alias: string;
  addonName: string;
  /** Parameter name → text, as saveAction's actionParams holds them. */
  params: Readonly<Record<string, string>>;
  x: number;
  y: number;
}

export interface FlowLink {
  from: number;
  to: number;
  /** The edge's branch when it leaves a Condition card; null otherwise. */
  branch: ConditionBranch | null;
}

export interface FlowDrawing {
  cards: readonly FlowCard[];
  links: readonly FlowLink[];
  triggerActionId: number | null;
}

export const EMPTY_DRAWING: FlowDrawing = { cards: [], links: [], triggerActionId: null };

/** The add-on whose edges carry a branch. */
export const CONDITION_ADDON = 'condition';

/** Where a card without a stored place goes: a column, one card under the other. */
export const CARD_SPACING = { x: 260, y: 140 };

/** Parameter texts of an action's stored actionParams; anything unreadable is no values. */
export function paramsOfText(text: string): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(text === '' ? '{}' : text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

/** The drawing of a workflow as getFlow answers it; cards never placed are stacked in a column. */
export function drawingOfFlow(flow: WorkflowFlow): FlowDrawing {
  let unplaced = 0;
  const cards = flow.actions.map((action): FlowCard => {
    const placed = action.x !== null && action.y !== null;
    const card = {
      actionId: action.actionId, alias: action.actionAlias, addonName: action.addonName, params: paramsOfText(action.actionParams),
      x: placed ? action.x as number : 0, y: placed ? action.y as number : unplaced * CARD_SPACING.y,
    };
    if (!placed) unplaced += 1;
    return card;
  });
  return { cards, links: flow.edges.map((e) => ({ from: e.from, to: e.to, branch: e.branch })), triggerActionId: flow.workflow.triggerActionId };
}

/** saveFlow's body for the drawing: [from, to] or [from, to, branch] pairs, the trigger and where the cards sit. */
export function saveFlowBody(workflowId: number, drawing: FlowDrawing) {
  return {
    workflowId,
    flow: drawing.links.map((l): (number | ConditionBranch)[] => (l.branch === null ? [l.from, l.to] : [l.from, l.to, l.branch])),
    triggerActionId: drawing.triggerActionId,
    layout: drawing.cards.map((c) => ({ actionId: c.actionId, x: Math.round(c.x), y: Math.round(c.y) })),
  };
}

const edgesOf = (drawing: FlowDrawing): FlowEdge[] => drawing.links.map((l) => [l.from, l.to] as const);

/** A refused change says why as a text of the catalogs, put in the reader's language where it is shown. */
export type DrawingChange = { ok: true; drawing: FlowDrawing } | { ok: false; message: LocalText };

const IDS_MISSING: LocalText = { key: 'flowIdsMissing' };
const cycleAt = (ids: readonly number[]): LocalText => ({ key: 'workflow.drawing.cycleAt', values: { path: ids.join(' → ') } });

/**
 * Joins two cards by an edge from `from` (out of its `branch` handle for a Condition) to `to`;
 * refused with the spec's message when an id is missing, and when the edge would close a cycle
 * (the server refuses such a flow too).
 */
export function connect(drawing: FlowDrawing, from: number | null, to: number | null, branch: ConditionBranch | null = null): DrawingChange {
  if (from === null || to === null) return { ok: false, message: IDS_MISSING };
  const source = drawing.cards.find((c) => c.actionId === from);
  if (source === undefined || !drawing.cards.some((c) => c.actionId === to)) return { ok: false, message: IDS_MISSING };
  if (from === to) return { ok: false, message: cycleAt([from, to]) };
  const isCondition = source.addonName === CONDITION_ADDON;
  if (isCondition && branch === null) return { ok: false, message: { key: 'workflow.drawing.conditionNeedsBranch' } };
  const link: FlowLink = { from, to, branch: isCondition ? branch : null };
  if (drawing.links.some((l) => l.from === from && l.to === to)) return { ok: false, message: { key: 'workflow.drawing.joinedAlready' } };
  const links = [...drawing.links, link];
  const cycle = findCycle(links.map((l) => [l.from, l.to] as const));
  if (cycle !== null) return { ok: false, message: cycleAt(cycle) };
  return { ok: true, drawing: { ...drawing, links } };
}

export const disconnect = (drawing: FlowDrawing, from: number, to: number): FlowDrawing =>
  ({ ...drawing, links: drawing.links.filter((l) => !(l.from === from && l.to === to)) });

/** The card and every edge touching it gone; the trigger too when it was this card. */
export const removeCard = (drawing: FlowDrawing, actionId: number): FlowDrawing => ({
  cards: drawing.cards.filter((c) => c.actionId !== actionId),
  links: drawing.links.filter((l) => l.from !== actionId && l.to !== actionId),
  triggerActionId: drawing.triggerActionId === actionId ? null : drawing.triggerActionId,
});

export const addCard = (drawing: FlowDrawing, card: FlowCard): FlowDrawing => ({ ...drawing, cards: [...drawing.cards, card] });

export const moveCard = (drawing: FlowDrawing, actionId: number, x: number, y: number): FlowDrawing =>
  ({ ...drawing, cards: drawing.cards.map((c) => (c.actionId === actionId ? { ...c, x, y } : c)) });

export const editCard = (drawing: FlowDrawing, actionId: number, edit: Pick<FlowCard, 'alias' | 'params'>): FlowDrawing =>
  ({ ...drawing, cards: drawing.cards.map((c) => (c.actionId === actionId ? { ...c, ...edit } : c)) });

/**
 * Attaches a card as the trigger (the 'before' option TRIGGER), which needs the workflow's
 * trigger id ('trigger id kosong' without one), or after a chosen previous card (an edge from
 * it, replacing the card's other incoming edges).
 */
export function attachCard(
  drawing: FlowDrawing, actionId: number | null, before: { kind: 'trigger'; triggerId: number | null } | { kind: 'after'; from: number | null; branch: ConditionBranch | null },
): DrawingChange {
  if (before.kind === 'trigger') {
    if (before.triggerId === null) return { ok: false, message: { key: 'triggerIdEmpty' } };
    if (actionId === null) return { ok: false, message: { key: 'workflow.common.actionIdEmpty' } };
    return { ok: true, drawing: { ...drawing, triggerActionId: actionId } };
  }
  if (actionId === null || before.from === null) return { ok: false, message: IDS_MISSING };
  const detached: FlowDrawing = {
    ...drawing,
    links: drawing.links.filter((l) => l.to !== actionId),
    triggerActionId: drawing.triggerActionId === actionId ? null : drawing.triggerActionId,
  };
  return connect(detached, before.from, actionId, before.branch);
}

/**
 * `$N` of each card: its place in the order the build publishes (core's topologicalOrder over
 * the actions by id, as the server orders them), from 1. Empty while the drawing has a cycle.
 */
export function stepNumbers(drawing: FlowDrawing): Map<number, number> {
  const ids = drawing.cards.map((c) => c.actionId).sort((a, b) => a - b);
  const order = topologicalOrder(ids, edgesOf(drawing)) ?? [];
  return new Map(order.map((id, index) => [id, index + 1]));
}

/** The cards that run before `actionId`: those an edge path leads from, in step order. */
export function earlierCards(drawing: FlowDrawing, actionId: number): FlowCard[] {
  const before = new Set<number>();
  const pending = [actionId];
  for (let current = pending.pop(); current !== undefined; current = pending.pop()) {
    for (const link of drawing.links) {
      if (link.to === current && !before.has(link.from)) {
        before.add(link.from);
        pending.push(link.from);
      }
    }
  }
  const numbers = stepNumbers(drawing);
  return drawing.cards.filter((c) => before.has(c.actionId) && numbers.has(c.actionId))
    .sort((a, b) => (numbers.get(a.actionId) ?? 0) - (numbers.get(b.actionId) ?? 0));
}

/** What brings the server's actions from `stored` to `wanted` (the flow itself follows with saveFlow). */
export interface SyncPlan {
  /** Cards the server does not have (new ones, and removed ones an undo brought back): created anew. */
  create: FlowCard[];
  /** Cards whose alias or parameters changed. */
  update: FlowCard[];
  /** Actions no longer drawn. */
  remove: number[];
  /** Whether the edges, the trigger or a card's place differ. */
  flowChanged: boolean;
}

const sameParams = (a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

export function syncPlan(stored: FlowDrawing, wanted: FlowDrawing): SyncPlan {
  const storedById = new Map(stored.cards.map((c) => [c.actionId, c]));
  const wantedIds = new Set(wanted.cards.map((c) => c.actionId));
  const create: FlowCard[] = [];
  const update: FlowCard[] = [];
  for (const card of wanted.cards) {
    const was = storedById.get(card.actionId);
    if (was === undefined) create.push(card);
    else if (was.alias !== card.alias || !sameParams(was.params, card.params)) update.push(card);
  }
  const remove = stored.cards.filter((c) => !wantedIds.has(c.actionId)).map((c) => c.actionId);
  const flowChanged = create.length > 0 || remove.length > 0 || stored.triggerActionId !== wanted.triggerActionId
    || JSON.stringify(saveFlowBody(0, stored)) !== JSON.stringify(saveFlowBody(0, wanted));
  return { create, update, remove, flowChanged };
}

/** The drawing with one action's id replaced (a card an undo brought back got a new id from the server). */
export function renameCard(drawing: FlowDrawing, from: number, to: number): FlowDrawing {
  const rename = (id: number) => (id === from ? to : id);
  return {
    cards: drawing.cards.map((c) => (c.actionId === from ? { ...c, actionId: to } : c)),
    links: drawing.links.map((l) => ({ ...l, from: rename(l.from), to: rename(l.to) })),
    triggerActionId: drawing.triggerActionId === null ? null : rename(drawing.triggerActionId),
  };
}

/**
 * The card that took `actionId`'s place between two drawings: the server gave a card drawn here
 * its action's id (or created its action again), so it is back under a new id, with the same
 * alias and place.
 */
export function successorOf(before: readonly FlowCard[], after: readonly FlowCard[], actionId: number): FlowCard | undefined {
  const was = before.find((card) => card.actionId === actionId);
  if (was === undefined || after.some((card) => card.actionId === actionId)) return undefined;
  const known = new Set(before.map((card) => card.actionId));
  return after.find((card) => !known.has(card.actionId) && card.alias === was.alias && card.x === was.x && card.y === was.y);
}
