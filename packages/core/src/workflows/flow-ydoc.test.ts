import { describe, expect, it } from 'vitest';
import { twoBuilders } from '../rules/two-builders.test-support';
import { actionCardKey, docOfFlow, flowOfDoc, type LiveCard, type LiveFlow, liveFlowProblem, setCardAction, writeFlowToDoc } from './flow-ydoc';

const card = (key: string, extra: Partial<LiveCard> = {}): LiveCard => ({
  key, actionId: key.startsWith('a') ? Number(key.slice(1)) : null, alias: `Card ${key}`, addonName: 'query', params: {}, x: 0, y: 0, ...extra,
});
const flow = (): LiveFlow => ({
  cards: [card('a1'), card('a2', { addonName: 'condition' }), card('a3', { params: { query: '7', note: 'x' } })],
  links: [{ from: 'a1', to: 'a2', branch: null }, { from: 'a2', to: 'a3', branch: 'true' }],
  trigger: 'a1',
});


describe('a workflow drawing as a Yjs document', () => {
  it('reads back the drawing it was written with', () => {
    expect(flowOfDoc(docOfFlow(flow()))).toEqual(flow());
  });

  it('keeps both builders\' edits of different parameters, cards and edges, and converges', () => {
    const pair = twoBuilders(docOfFlow(flow()));
    const mine = flowOfDoc(pair.first);
    writeFlowToDoc(pair.first, { ...mine, cards: mine.cards.map((c) => (c.key === 'a3' ? { ...c, params: { ...c.params, query: '8' } } : c)) });
    const theirs = flowOfDoc(pair.second);
    writeFlowToDoc(pair.second, {
      ...theirs,
      cards: [...theirs.cards.map((c) => (c.key === 'a3' ? { ...c, params: { ...c.params, note: 'y' }, x: 40 } : c)), card('nfresh', { alias: 'Baru' })],
      links: [...theirs.links, { from: 'a3', to: 'nfresh', branch: null }],
    });
    pair.sync();
    const merged = flowOfDoc(pair.first);
    expect(merged).toEqual(flowOfDoc(pair.second));
    expect(merged.cards.find((c) => c.key === 'a3')).toMatchObject({ params: { query: '8', note: 'y' }, x: 40 });
    expect(merged.cards.at(-1)).toMatchObject({ key: 'nfresh', actionId: null, alias: 'Baru' });
    expect(merged.links).toContainEqual({ from: 'a3', to: 'nfresh', branch: null });
  });

  it('drops the edges of a card another builder removed, and the trigger with it', () => {
    const pair = twoBuilders(docOfFlow(flow()));
    writeFlowToDoc(pair.first, { ...flowOfDoc(pair.first), cards: flowOfDoc(pair.first).cards.filter((c) => c.key !== 'a1'), links: [flow().links[1]!], trigger: null });
    const theirs = flowOfDoc(pair.second);
    writeFlowToDoc(pair.second, { ...theirs, links: [...theirs.links, { from: 'a1', to: 'a3', branch: null }] });
    pair.sync();
    expect(flowOfDoc(pair.second)).toMatchObject({ links: [{ from: 'a2', to: 'a3', branch: 'true' }], trigger: null });
  });

  it('takes the id of the action the server created for a drawn card, under the same key', () => {
    const doc = docOfFlow({ cards: [card('a1'), card('nnew')], links: [{ from: 'a1', to: 'nnew', branch: null }], trigger: null });
    setCardAction(doc, 'nnew', 9);
    expect(flowOfDoc(doc).cards.map((c) => [c.key, c.actionId])).toEqual([['a1', 1], ['nnew', 9]]);
    // A later write from a builder who had not seen the id yet keeps it.
    writeFlowToDoc(doc, { cards: [card('a1'), card('nnew', { alias: 'Renamed' })], links: [], trigger: null });
    expect(flowOfDoc(doc).cards[1]).toMatchObject({ actionId: 9, alias: 'Renamed' });
    expect(actionCardKey(9)).toBe('a9');
  });

  it('names what the server would refuse', () => {
    expect(liveFlowProblem(flow())).toBeNull();
    expect(liveFlowProblem({ ...flow(), cards: [...flow().cards, card('nx', { addonName: 'rm-rf' })] })).toMatch(/unknown add-on/);
    expect(liveFlowProblem({ ...flow(), cards: [...flow().cards, card('nx', { alias: ' ' })] })).toMatch(/actionAlias/);
    expect(liveFlowProblem({ ...flow(), links: [...flow().links, { from: 'a3', to: 'a1', branch: null }] })).toMatch(/trigger|cycle/);
    expect(liveFlowProblem({ ...flow(), trigger: null, links: [...flow().links, { from: 'a3', to: 'a1', branch: null }] })).toBe('The flow has a cycle');
    expect(liveFlowProblem({ ...flow(), links: [{ from: 'a2', to: 'a3', branch: null }] })).toMatch(/needs its branch/);
    expect(liveFlowProblem({ ...flow(), links: [{ from: 'a1', to: 'a2', branch: 'false' }] })).toMatch(/Only an edge out of a Condition/);
    expect(liveFlowProblem({ ...flow(), cards: [card('<script>')] })).toMatch(/Unknown card/);
    expect(liveFlowProblem({ ...flow(), cards: [card('a1'), card('nq', { actionId: 1 })], links: [], trigger: null })).toMatch(/wrong action/);
    expect(liveFlowProblem({ ...flow(), cards: [card('a1', { x: 1e9 })], links: [], trigger: null })).toMatch(/off the canvas/);
  });
});
