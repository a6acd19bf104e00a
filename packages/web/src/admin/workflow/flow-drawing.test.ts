import { Messages, type WorkflowFlow } from '@rakit/core';
import { localise } from '@rakit/core/translate';
import { describe, expect, it } from 'vitest';
import {
  addCard, attachCard, CARD_SPACING, connect, disconnect, drawingOfFlow, earlierCards, EMPTY_DRAWING, type FlowCard, type FlowDrawing,
  moveCard, paramsOfText, removeCard, renameCard, saveFlowBody, stepNumbers, successorOf, syncPlan,
} from './flow-drawing';

const card = (actionId: number, addonName = 'query', extra: Partial<FlowCard> = {}): FlowCard =>
  ({ actionId, alias: `A${actionId}`, addonName, params: {}, x: 0, y: 0, ...extra });

const drawingOf = (cards: FlowCard[], links: FlowDrawing['links'] = [], triggerActionId: number | null = null): FlowDrawing =>
  ({ cards, links, triggerActionId });

function must(result: ReturnType<typeof connect>): FlowDrawing {
  if (!result.ok) throw new Error(localise('spec', result.message));
  return result.drawing;
}

/** What a refused change says, in the specification's catalog. */
const said = (result: ReturnType<typeof connect>): string | null => (result.ok ? null : localise('spec', result.message));

describe('the drawing of a workflow and saveFlow', () => {
  it('reads getFlow, stacking the cards never placed', () => {
    const flow: WorkflowFlow = {
      workflow: { chainId: 4, chainAppId: 2, chainName: 'w', chainTrigger: 9, triggerActionId: 11, revision: 1 },
      actions: [
        { actionId: 11, actionAlias: 'Find', actionName: '', addonName: 'query', actionParams: '{"queryId":"3"}', x: 40, y: 60, revision: 1 },
        { actionId: 12, actionAlias: 'Check', actionName: '', addonName: 'condition', actionParams: 'not json', x: null, y: null, revision: 1 },
        { actionId: 13, actionAlias: 'Tell', actionName: '', addonName: 'http', actionParams: '', x: null, y: 5, revision: 1 },
      ],
      edges: [{ from: 11, to: 12, branch: null }, { from: 12, to: 13, branch: 'true' }],
      builtVersionId: null, builtAt: null,
    };
    const drawing = drawingOfFlow(flow);
    expect(drawing.cards.map((c) => [c.actionId, c.x, c.y, c.params])).toEqual([
      [11, 40, 60, { queryId: '3' }], [12, 0, 0, {}], [13, 0, CARD_SPACING.y, {}],
    ]);
    expect(drawing.triggerActionId).toBe(11);
    expect(saveFlowBody(4, drawing)).toEqual({
      workflowId: 4,
      flow: [[11, 12], [12, 13, 'true']],
      triggerActionId: 11,
      layout: [{ actionId: 11, x: 40, y: 60 }, { actionId: 12, x: 0, y: 0 }, { actionId: 13, x: 0, y: 140 }],
    });
  });

  it('keeps only text values of stored parameters', () => {
    expect(paramsOfText('{"a":"1","b":2,"c":null}')).toEqual({ a: '1' });
    expect(paramsOfText('[1]')).toEqual({});
    expect(paramsOfText('')).toEqual({});
  });

  it('rounds the places it saves', () => {
    expect(saveFlowBody(1, drawingOf([card(1, 'query', { x: 10.6, y: -3.2 })])).layout).toEqual([{ actionId: 1, x: 11, y: -3 }]);
  });
});

describe('joining cards', () => {
  const base = drawingOf([card(1), card(2, 'condition'), card(3), card(4)]);

  it('joins two cards, and a Condition from its true or false side only', () => {
    const joined = must(connect(base, 1, 2));
    expect(joined.links).toEqual([{ from: 1, to: 2, branch: null }]);
    expect(said(connect(joined, 2, 3))).toContain('true or its false');
    const branched = must(connect(joined, 2, 3, 'false'));
    expect(branched.links.at(-1)).toEqual({ from: 2, to: 3, branch: 'false' });
    // A branch named on a card that is no Condition is dropped.
    expect(must(connect(base, 3, 4, 'true')).links).toEqual([{ from: 3, to: 4, branch: null }]);
  });

  it("refuses a missing id with the spec's message, a cycle with its path, and an edge twice", () => {
    expect(said(connect(base, null, 2))).toBe(Messages.flowIdsMissing);
    expect(said(connect(base, 1, 99))).toBe(Messages.flowIdsMissing);
    const chain = must(connect(must(connect(base, 1, 3)), 3, 4));
    expect(said(connect(chain, 4, 1))).toBe(`${Messages.flowCycle}: 1 → 3 → 4 → 1`);
    expect(connect(chain, 1, 1).ok).toBe(false);
    expect(said(connect(chain, 1, 3))).toBe('These cards are joined already');
    expect(disconnect(chain, 1, 3).links).toEqual([{ from: 3, to: 4, branch: null }]);
  });

  it('removes a card with its edges and its place as the trigger', () => {
    const drawn = drawingOf([card(1), card(2), card(3)], [{ from: 1, to: 2, branch: null }, { from: 2, to: 3, branch: null }], 2);
    expect(removeCard(drawn, 2)).toEqual(drawingOf([card(1), card(3)], [], null));
    expect(moveCard(drawn, 3, 5, 6).cards[2]).toEqual(card(3, 'query', { x: 5, y: 6 }));
  });
});

describe('attaching a card (the before option)', () => {
  const drawn = drawingOf([card(1), card(2, 'condition'), card(3)], [{ from: 1, to: 3, branch: null }]);

  it('attaches as TRIGGER only when the workflow has a trigger id', () => {
    expect(said(attachCard(drawn, 1, { kind: 'trigger', triggerId: null }))).toBe(Messages.triggerIdEmpty);
    expect(said(attachCard(drawn, null, { kind: 'trigger', triggerId: 7 }))).toBe('actionId is empty');
    expect(attachCard(drawn, 1, { kind: 'trigger', triggerId: 7 })).toEqual({ ok: true, drawing: { ...drawn, triggerActionId: 1 } });
  });

  it('attaches after a previous action, replacing what led to it', () => {
    expect(said(attachCard(drawn, 3, { kind: 'after', from: null, branch: null }))).toBe(Messages.flowIdsMissing);
    const after = attachCard({ ...drawn, triggerActionId: 3 }, 3, { kind: 'after', from: 2, branch: 'true' });
    expect(after).toEqual({ ok: true, drawing: { ...drawn, links: [{ from: 2, to: 3, branch: 'true' }], triggerActionId: null } });
  });
});

describe('step numbers and earlier steps', () => {
  it("numbers the cards in core's order over the ids, and lists the cards before one", () => {
    const drawn = drawingOf([card(30), card(10), card(20), card(40)], [
      { from: 30, to: 10, branch: null }, { from: 10, to: 40, branch: null }, { from: 20, to: 40, branch: null },
    ]);
    expect([...stepNumbers(drawn)]).toEqual([[20, 1], [30, 2], [10, 3], [40, 4]]);
    expect(earlierCards(drawn, 40).map((c) => c.actionId)).toEqual([20, 30, 10]);
    expect(earlierCards(drawn, 10).map((c) => c.actionId)).toEqual([30]);
    expect(earlierCards(drawn, 20)).toEqual([]);
  });
});

describe('the sync plan', () => {
  const stored = drawingOf([card(1), card(2, 'http', { params: { url: 'a' } })], [{ from: 1, to: 2, branch: null }]);

  it('has nothing to do when nothing changed', () => {
    expect(syncPlan(stored, stored)).toEqual({ create: [], update: [], remove: [], flowChanged: false });
  });

  it('creates cards the server lacks, saves edited ones, removes the undrawn', () => {
    const wanted = addCard(removeCard(stored, 1), card(5));
    const edited = { ...wanted, cards: wanted.cards.map((c) => (c.actionId === 2 ? { ...c, params: { url: 'b' } } : c)) };
    expect(syncPlan(stored, edited)).toEqual({ create: [card(5)], update: [{ ...card(2, 'http'), params: { url: 'b' } }], remove: [1], flowChanged: true });
  });

  it('saves the flow when only a place or the trigger changed', () => {
    expect(syncPlan(stored, moveCard(stored, 1, 10, 0)).flowChanged).toBe(true);
    expect(syncPlan(stored, { ...stored, triggerActionId: 1 }).flowChanged).toBe(true);
    expect(syncPlan(stored, { ...stored, cards: [{ ...card(1), params: {} }, stored.cards[1] as FlowCard] }).flowChanged).toBe(false);
  });

  it('renames an action everywhere it appears', () => {
    expect(renameCard({ ...stored, triggerActionId: 1 }, 1, 8)).toEqual(drawingOf([{ ...card(1), actionId: 8 }, stored.cards[1] as FlowCard], [{ from: 8, to: 2, branch: null }], 8));
    expect(renameCard(EMPTY_DRAWING, 1, 2)).toEqual(EMPTY_DRAWING);
  });
});

describe('successorOf', () => {
  it('finds the card a stand-in id became, by its alias and place', () => {
    const before = [card(1), card(-5, 'http', { alias: 'Tell', x: 40, y: 180 })];
    const after = [card(1), card(12, 'http', { alias: 'Tell', x: 40, y: 180 })];
    expect(successorOf(before, after, -5)?.actionId).toBe(12);
    // A card still there, or one removed without a successor, has none.
    expect(successorOf(before, after, 1)).toBeUndefined();
    expect(successorOf(before, [card(1)], -5)).toBeUndefined();
  });
});
