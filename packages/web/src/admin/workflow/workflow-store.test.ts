import { describe, expect, it } from 'vitest';
import { workflowCalls } from '@rakit/core';
import { testApi } from '../../api/test-api';
import { addCard, type FlowCard, moveCard, removeCard } from './flow-drawing';
import { syncWorkflow } from './flow-sync';
import { createWorkflowStore } from './workflow-store';

const card = (actionId: number): FlowCard => ({ actionId, alias: `A${actionId}`, addonName: 'query', params: { queryId: '1' }, x: 0, y: 0 });

const REVISIONS = { workflow: 1, actions: { 1: 1, 2: 1 } };

/** An API that records the calls and answers like the server: new actions get the next id. */
function recordingApi(firstId: number) {
  const calls: string[] = [];
  let nextId = firstId;
  const api = testApi()
    .on(workflowCalls.saveWorkflowAction, ({ body }) => {
      const actionId = body.actionId ?? nextId++;
      calls.push(`save ${body.actionId ?? 'new'}→${actionId}`);
      return Promise.resolve({ status: true, httpStatus: body.actionId === null ? 201 : 200, data: { actionId, revision: 1 } });
    })
    .on(workflowCalls.deleteWorkflowAction, ({ body: { actionId } }) => {
      calls.push(`delete ${actionId}`);
      return Promise.resolve({ status: true, httpStatus: 200, data: { actionId } });
    })
    .on(workflowCalls.saveFlow, ({ body }) => {
      calls.push(`flow ${JSON.stringify(body.flow)} trigger ${body.triggerActionId ?? null} at ${body.layout?.map((l) => `${l.actionId}:${l.x}`).join(',')}`);
      return Promise.resolve({ status: true, httpStatus: 200, data: { workflowId: 3, edges: body.flow.length, triggerActionId: body.triggerActionId ?? null, revision: 1 } });
    })
    .on(workflowCalls.getFlow, () => Promise.reject(new Error('no other builder here: nothing is stale')));
  return { api, calls };
}

describe('undo and redo of the canvas', () => {
  it('walks the drawings, folding quick moves of one card', () => {
    const store = createWorkflowStore();
    store.getState().open(3, { cards: [card(1)], links: [], triggerActionId: null }, REVISIONS);
    store.getState().change(moveCard(store.getState().history.present, 1, 5, 0), 'move:1');
    store.getState().change(moveCard(store.getState().history.present, 1, 10, 0), 'move:1');
    store.getState().change(addCard(store.getState().history.present, card(2)));
    expect(store.getState().history.past).toHaveLength(2);
    store.getState().undo();
    expect(store.getState().history.present.cards.map((c) => c.actionId)).toEqual([1]);
    store.getState().undo();
    expect(store.getState().history.present.cards[0]?.x).toBe(0);
    store.getState().redo();
    store.getState().redo();
    expect(store.getState().history.present.cards.map((c) => [c.actionId, c.x])).toEqual([[1, 10], [2, 0]]);
  });

  it('brings back a removed card under the id the server gives it, in the whole history', async () => {
    const store = createWorkflowStore();
    const start = { cards: [card(1), card(2)], links: [{ from: 1, to: 2, branch: null }], triggerActionId: 1 };
    store.getState().open(3, start, REVISIONS);
    const { api, calls } = recordingApi(50);

    store.getState().change(removeCard(start, 1));
    expect(await syncWorkflow(api, store)).toEqual({ ok: true });
    expect(calls).toEqual(['delete 1', 'flow [] trigger null at 2:0']);

    store.getState().undo();
    expect(await syncWorkflow(api, store)).toEqual({ ok: true });
    expect(calls.slice(2)).toEqual(['save new→50', 'flow [[50,2]] trigger 50 at 50:0,2:0']);
    const present = store.getState().history.present;
    expect(present).toEqual({ cards: [{ ...card(1), actionId: 50 }, card(2)], links: [{ from: 50, to: 2, branch: null }], triggerActionId: 50 });
    expect(store.getState().stored).toEqual(present);
    // Redo removes the card under its new id.
    store.getState().redo();
    expect(await syncWorkflow(api, store)).toEqual({ ok: true });
    expect(calls.slice(4)).toEqual(['delete 50', 'flow [] trigger null at 2:0']);
    expect(await syncWorkflow(api, store)).toEqual({ ok: true });
    expect(calls).toHaveLength(6);
  });

  it('keeps what the server refused for the next change to try again', async () => {
    const store = createWorkflowStore();
    store.getState().open(3, { cards: [card(1)], links: [], triggerActionId: null }, REVISIONS);
    const { api } = recordingApi(9);
    const refusing = api.on(workflowCalls.saveFlow, () => Promise.resolve({ status: false, httpStatus: 400, error: ['The flow has a cycle: 1 → 1'] }));
    store.getState().change(moveCard(store.getState().history.present, 1, 20, 0));
    expect(await syncWorkflow(refusing, store)).toEqual({ ok: false, message: 'The flow has a cycle: 1 → 1' });
    expect(store.getState().stored?.cards[0]?.x).toBe(20);
    expect(store.getState().syncing).toBe(false);
  });
});
