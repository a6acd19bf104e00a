import { localise } from '@rakit/core/translate';
import { describe, expect, it } from 'vitest';
import type { FlowCard, FlowDrawing } from './flow-drawing';
import { describeDrawingChanges, mergeDrawings } from './flow-merge';

const card = (actionId: number, alias = `step${actionId}`, params: Record<string, string> = {}): FlowCard =>
  ({ actionId, alias, addonName: 'query', params, x: actionId * 100, y: 0 });
const base: FlowDrawing = { cards: [card(1), card(2), card(3)], links: [{ from: 1, to: 2, branch: null }], triggerActionId: 1 };
const edit = (drawing: FlowDrawing, actionId: number, change: Partial<FlowCard>): FlowDrawing =>
  ({ ...drawing, cards: drawing.cards.map((c) => (c.actionId === actionId ? { ...c, ...change } : c)) });

describe('merging two drawings of one workflow', () => {
  it('keeps cards and edges each side added, and edits of different cards', () => {
    const mine = { ...edit(base, 1, { params: { sql: 'SELECT 1' } }), cards: [...edit(base, 1, { params: { sql: 'SELECT 1' } }).cards, card(4)] };
    const theirs = { ...edit(base, 2, { alias: 'kirim' }), links: [...base.links, { from: 2, to: 3, branch: null }] };
    const merged = mergeDrawings(base, mine, theirs);
    expect(merged.conflicts).toEqual([]);
    expect(merged.drawing.cards.map((c) => [c.actionId, c.alias, c.params])).toEqual([
      [1, 'step1', { sql: 'SELECT 1' }], [2, 'kirim', {}], [3, 'step3', {}], [4, 'step4', {}],
    ]);
    expect(merged.drawing.links.map((l) => `${l.from}>${l.to}`)).toEqual(['1>2', '2>3']);
    expect(describeDrawingChanges(base, theirs).map((line) => localise('spec', line))).toEqual(['Changed kirim', 'Edges: 1 drawn, 0 taken away']);
  });

  it('takes away what one side removed and the other left alone, with its edges and trigger', () => {
    const theirs: FlowDrawing = { cards: [card(2), card(3)], links: [], triggerActionId: null };
    const mine = edit(base, 3, { x: 999 });
    const merged = mergeDrawings(base, mine, theirs);
    expect(merged.conflicts).toEqual([]);
    expect(merged.drawing).toEqual({ cards: [{ ...card(2) }, { ...card(3), x: 999 }], links: [], triggerActionId: null });
  });

  it('asks about a card both edited, one removed and the other edited, and two trigger cards', () => {
    const mine = { ...edit(edit(base, 1, { alias: 'mine' }), 2, { params: { to: 'a' } }), triggerActionId: 3 };
    const theirs = { ...edit(base, 1, { alias: 'theirs' }), cards: edit(base, 1, { alias: 'theirs' }).cards.filter((c) => c.actionId !== 2), triggerActionId: 2 };
    const merged = mergeDrawings(base, mine, theirs);
    expect(merged.conflicts.map((c) => c.key)).toEqual(['1:alias', '2:removed', 'trigger']);
    expect(merged.conflicts[2]).toEqual({ key: 'trigger', kind: 'trigger', mine: 'step3', theirs: 'step2' });
    expect(merged.drawing.cards.map((c) => c.alias)).toEqual(['mine', 'step2', 'step3']);
    const theirChoice = mergeDrawings(base, mine, theirs, { '1:alias': 'theirs', '2:removed': 'theirs', trigger: 'theirs' });
    expect(theirChoice.drawing.cards.map((c) => c.alias)).toEqual(['theirs', 'step3']);
    // Their trigger card was the one they removed: none is left.
    expect(theirChoice.drawing.triggerActionId).toBeNull();
  });

  it('moves a card where they put it unless he moved it too', () => {
    const theirs = edit(base, 1, { x: 500, y: 60 });
    expect(mergeDrawings(base, base, theirs).drawing.cards[0]).toMatchObject({ x: 500, y: 60 });
    expect(mergeDrawings(base, edit(base, 1, { x: 7 }), theirs).drawing.cards[0]).toMatchObject({ x: 7, y: 0 });
  });
});
