import { docOfFlow, flowOfDoc, setCardAction, writeFlowToDoc } from '@rakit/core/flow-ydoc';
import { describe, expect, it } from 'vitest';
import { addCard, connect, type FlowCard } from './flow-drawing';
import { CardKeys } from './live-flow';
import { createWorkflowStore } from './workflow-store';

const card = (actionId: number, extra: Partial<FlowCard> = {}): FlowCard => ({ actionId, alias: `A${actionId}`, addonName: 'query', params: { queryId: '1' }, x: 0, y: 0, ...extra });

describe('a workflow drawing on its shared document', () => {
  it('reads the document\'s cards, edges and trigger as the drawing, and writes a drawing back under the same keys', () => {
    const doc = docOfFlow({
      cards: [{ key: 'a1', actionId: 1, alias: 'A1', addonName: 'query', params: { queryId: '1' }, x: 0, y: 0 }, { key: 'a2', actionId: 2, alias: 'A2', addonName: 'query', params: {}, x: 10, y: 140 }],
      links: [{ from: 'a1', to: 'a2', branch: null }],
      trigger: 'a1',
    });
    const keys = new CardKeys();
    const drawing = keys.drawingOf(flowOfDoc(doc));
    expect(drawing).toEqual({ cards: [card(1), card(2, { params: {}, x: 10, y: 140 })], links: [{ from: 1, to: 2, branch: null }], triggerActionId: 1 });
    writeFlowToDoc(doc, keys.liveFlowOf({ ...drawing, cards: drawing.cards.map((c) => (c.actionId === 2 ? { ...c, alias: 'Kirim' } : c)) }));
    expect(flowOfDoc(doc).cards.map((c) => [c.key, c.alias])).toEqual([['a1', 'A1'], ['a2', 'Kirim']]);
  });

  it('draws a new card under a stand-in id until the server writes its action\'s id, and keeps its edges through the change', () => {
    const doc = docOfFlow({ cards: [{ key: 'a1', actionId: 1, alias: 'A1', addonName: 'query', params: {}, x: 0, y: 0 }], links: [], trigger: null });
    const keys = new CardKeys();
    const drawing = keys.drawingOf(flowOfDoc(doc));
    const standIn = keys.newCard();
    expect(standIn).toBeLessThan(0);
    const joined = connect(addCard(drawing, card(standIn, { alias: 'Baru' })), 1, standIn);
    if (!joined.ok) throw new Error(joined.message.key);
    writeFlowToDoc(doc, keys.liveFlowOf(joined.drawing));
    const key = flowOfDoc(doc).cards[1]!.key;
    expect(key).toMatch(/^n/);
    expect(flowOfDoc(doc).cards[1]!.actionId).toBeNull();

    setCardAction(doc, key, 9);
    const after = keys.drawingOf(flowOfDoc(doc));
    expect(after.cards.map((c) => c.actionId)).toEqual([1, 9]);
    expect(after.links).toEqual([{ from: 1, to: 9, branch: null }]);
    // An edit made with the stand-in before the id arrived still lands on the same card.
    writeFlowToDoc(doc, keys.liveFlowOf({ ...joined.drawing, cards: joined.drawing.cards.map((c) => (c.actionId === standIn ? { ...c, alias: 'Kirim' } : c)) }));
    expect(flowOfDoc(doc).cards.map((c) => [c.key, c.actionId, c.alias])).toEqual([['a1', 1, 'A1'], [key, 9, 'Kirim']]);
  });

  it('sends edits, undo and redo to the document once joined, and keeps its own history before', () => {
    const store = createWorkflowStore();
    store.getState().open(3, { cards: [card(1)], links: [], triggerActionId: null }, { workflow: 1, actions: { 1: 1 } });
    store.getState().liveConnecting();
    store.getState().change(addCard(store.getState().history.present, card(2)));
    expect(store.getState().history.past).toHaveLength(1);

    const written: number[][] = [];
    const steps: string[] = [];
    store.getState().liveJoined({ cards: [card(1), card(2)], links: [], triggerActionId: null }, {
      write: (next) => written.push(next.cards.map((c) => c.actionId)),
      undo: () => steps.push('undo'),
      redo: () => steps.push('redo'),
    }, true);
    store.getState().change(addCard(store.getState().history.present, card(3)));
    store.getState().undo();
    store.getState().redo();
    expect(written).toEqual([[1, 2, 3]]);
    expect(steps).toEqual(['undo', 'redo']);
    expect(store.getState().history.past).toHaveLength(0);
    store.getState().liveChanged({ cards: [card(1)], links: [], triggerActionId: null });
    expect(store.getState().history.present.cards).toHaveLength(1);
    store.getState().liveEnded();
    expect(store.getState().live).toBeNull();
  });
});
