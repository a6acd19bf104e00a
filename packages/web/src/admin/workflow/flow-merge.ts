import { type LocalText, type MergeChoices, type MergeSide, mergeRecords, sameJson, type WorkflowFlow } from '@rakit/core';
import { drawingOfFlow, type FlowCard, type FlowDrawing, type FlowLink } from './flow-drawing';

/**
 * Three-way merge of two drawings of one workflow saved from the same one (issue 33): the
 * editor's (`mine`), what another builder stored since (`theirs`), and what both started from
 * (`base`, the drawing as last stored). Cards one side added, removed or edited alone are kept
 * as that side left them; an edge one side drew or took away is drawn or taken away; a card's
 * place follows whoever moved it (his own when both did: a place is never worth a question).
 * Clashes: a card's alias or parameters edited on both sides, a card one side removed and the
 * other edited, two different trigger cards. `choices` settles them (his side by default).
 */

export type DrawingConflict =
  | { key: string; kind: 'card'; alias: string; field: 'alias' | 'params'; mine: unknown; theirs: unknown }
  | { key: string; kind: 'removed'; alias: string; removedBy: MergeSide }
  | { key: 'trigger'; kind: 'trigger'; mine: TriggerCard; theirs: TriggerCard };

/** A side's trigger card in a clash: its alias, the id of a card neither side draws, or null for none. */
export type TriggerCard = string | number | null;

export interface DrawingMerge {
  drawing: FlowDrawing;
  conflicts: DrawingConflict[];
}

/** The revisions a drawing was stored at: the workflow's (its flow) and each action's (its fields). */
export interface FlowRevisions {
  workflow: number;
  actions: Readonly<Record<number, number>>;
}

/**
 * What another builder stored, as the editor draws it, and its revisions. A card the server has
 * no place for yet (created, its place still to be saved) keeps the place `known` gives it.
 */
export function storedDrawing(flow: WorkflowFlow, known: FlowDrawing): { drawing: FlowDrawing; revisions: FlowRevisions } {
  const drawn = drawingOfFlow(flow);
  const placeOf = new Map(known.cards.map((c) => [c.actionId, c]));
  const unplaced = new Set(flow.actions.filter((a) => a.x === null || a.y === null).map((a) => a.actionId));
  return {
    drawing: {
      ...drawn,
      cards: drawn.cards.map((c) => {
        const place = unplaced.has(c.actionId) ? placeOf.get(c.actionId) : undefined;
        return place === undefined ? c : { ...c, x: place.x, y: place.y };
      }),
    },
    revisions: { workflow: flow.workflow.revision, actions: Object.fromEntries(flow.actions.map((a) => [a.actionId, a.revision])) },
  };
}

const fieldsOf = (card: FlowCard) => ({ alias: card.alias, addonName: card.addonName, params: card.params });
const unchanged = (before: FlowCard, after: FlowCard) => sameJson(fieldsOf(before), fieldsOf(after));
const linkKey = (link: FlowLink) => `${link.from}>${link.to}`;

/** A card's place: theirs when only they moved it (a place never stored, NaN, is no move). */
function placeOf(base: FlowCard | undefined, mine: FlowCard, theirs: FlowCard): Pick<FlowCard, 'x' | 'y'> {
  const same = (a: Pick<FlowCard, 'x' | 'y'>, b: Pick<FlowCard, 'x' | 'y'>) => Object.is(a.x, b.x) && Object.is(a.y, b.y);
  const theyMoved = base !== undefined && !same(base, theirs) && Number.isFinite(theirs.x) && Number.isFinite(theirs.y);
  return theyMoved && same(base, mine) ? { x: theirs.x, y: theirs.y } : { x: mine.x, y: mine.y };
}

export function mergeDrawings(base: FlowDrawing, mine: FlowDrawing, theirs: FlowDrawing, choices: MergeChoices = {}): DrawingMerge {
  const chosen = (key: string): MergeSide => choices[key] ?? 'mine';
  const byId = (drawing: FlowDrawing) => new Map(drawing.cards.map((c) => [c.actionId, c]));
  const [was, ours, other] = [byId(base), byId(mine), byId(theirs)];
  const conflicts: DrawingConflict[] = [];
  const cards: FlowCard[] = [];

  const ids = [...ours.keys(), ...[...other.keys()].filter((id) => !ours.has(id))];
  for (const id of ids) {
    const b = was.get(id);
    const m = ours.get(id);
    const t = other.get(id);
    if (m !== undefined && t !== undefined) {
      const merged = mergeRecords(b === undefined ? {} : fieldsOf(b), fieldsOf(m), fieldsOf(t), {
        alias: chosen(`${id}:alias`), params: chosen(`${id}:params`), addonName: 'mine',
      });
      for (const clash of merged.conflicts) {
        if (clash.key !== 'alias' && clash.key !== 'params') continue;
        conflicts.push({ key: `${id}:${clash.key}`, kind: 'card', alias: m.alias, field: clash.key, mine: clash.mine, theirs: clash.theirs });
      }
      cards.push({ ...m, ...(merged.merged as ReturnType<typeof fieldsOf>), ...placeOf(b, m, t) });
    } else if (b === undefined) {
      cards.push((m ?? t)!);
    } else {
      // On one side only: the other removed it. Untouched here, the removal stands.
      const kept = (m ?? t)!;
      if (unchanged(b, kept)) continue;
      const key = `${id}:removed`;
      const removedBy: MergeSide = m === undefined ? 'mine' : 'theirs';
      conflicts.push({ key, kind: 'removed', alias: kept.alias, removedBy });
      if (chosen(key) !== removedBy) cards.push(kept);
    }
  }

  const kept = new Set(cards.map((c) => c.actionId));
  const inBase = new Set(base.links.map(linkKey));
  const inTheirs = new Map(theirs.links.map((l) => [linkKey(l), l]));
  const inMine = new Set(mine.links.map(linkKey));
  const links = [
    ...mine.links.filter((l) => inTheirs.has(linkKey(l)) || !inBase.has(linkKey(l))),
    ...theirs.links.filter((l) => !inMine.has(linkKey(l)) && !inBase.has(linkKey(l))),
  ].filter((l) => kept.has(l.from) && kept.has(l.to));

  const trigger = mergeRecords({ trigger: base.triggerActionId }, { trigger: mine.triggerActionId }, { trigger: theirs.triggerActionId }, { trigger: chosen('trigger') });
  if (trigger.conflicts.length > 0) {
    const aliasOf = (id: number | null): TriggerCard => (id === null ? null : (ours.get(id) ?? other.get(id))?.alias ?? id);
    conflicts.push({ key: 'trigger', kind: 'trigger', mine: aliasOf(mine.triggerActionId), theirs: aliasOf(theirs.triggerActionId) });
  }
  const triggerActionId = (trigger.merged.trigger ?? null) as number | null;
  return { drawing: { cards, links, triggerActionId: triggerActionId !== null && kept.has(triggerActionId) ? triggerActionId : null }, conflicts };
}

/** What the other changed, one line each, for the builder to read. */
export function describeDrawingChanges(base: FlowDrawing, theirs: FlowDrawing): LocalText[] {
  const was = new Map(base.cards.map((c) => [c.actionId, c]));
  const now = new Map(theirs.cards.map((c) => [c.actionId, c]));
  const lines: LocalText[] = [];
  for (const card of theirs.cards) {
    const before = was.get(card.actionId);
    if (before === undefined) lines.push({ key: 'workflow.merge.added', values: { alias: card.alias } });
    else if (!unchanged(before, card)) lines.push({ key: 'workflow.merge.changed', values: { alias: card.alias } });
  }
  for (const card of base.cards) if (!now.has(card.actionId)) lines.push({ key: 'workflow.merge.removed', values: { alias: card.alias } });
  const before = new Set(base.links.map(linkKey));
  const after = new Set(theirs.links.map(linkKey));
  const drawn = [...after].filter((key) => !before.has(key)).length;
  const erased = [...before].filter((key) => !after.has(key)).length;
  if (drawn + erased > 0) lines.push({ key: 'workflow.merge.edges', values: { drawn, erased } });
  if (base.triggerActionId !== theirs.triggerActionId) lines.push({ key: 'workflow.merge.trigger' });
  return lines;
}
