import { localise } from '@rakit/core/translate';
import { describe, expect, it } from 'vitest';
import type { FlowCard, FlowDrawing } from './flow-drawing';
import { announcements, connectionChoices, connectionValues, outgoingLinks } from './flow-keyboard';

const card = (actionId: number, addonName = 'query'): FlowCard => ({ actionId, alias: `A${actionId}`, addonName, params: {}, x: 0, y: 0 });

describe('the flow editor by keyboard', () => {
  it('offers each other card once, leaving out joined pairs and cycles', () => {
    const drawing: FlowDrawing = { cards: [card(1), card(2), card(3)], links: [{ from: 1, to: 2, branch: null }], triggerActionId: null };
    expect(connectionChoices(drawing, 1)).toEqual([{ to: 3, alias: 'A3', branch: null }]);
    // 2 → 1 would close a cycle.
    expect(connectionChoices(drawing, 2)).toEqual([{ to: 3, alias: 'A3', branch: null }]);
    expect(connectionChoices(drawing, 9)).toEqual([]);
  });

  it('offers a Condition’s true and false sides', () => {
    const drawing: FlowDrawing = { cards: [card(1, 'condition'), card(2)], links: [], triggerActionId: null };
    expect(connectionChoices(drawing, 1).map((c) => c.branch)).toEqual(['true', 'false']);
  });

  it('names the connections out of a card and what the live region says', () => {
    const drawing: FlowDrawing = { cards: [card(1, 'condition'), card(2)], links: [{ from: 1, to: 2, branch: 'false' }], triggerActionId: null };
    const [link] = outgoingLinks(drawing, 1);
    expect(link).toEqual({ from: 1, to: 2, branch: 'false', alias: 'A2' });
    expect(connectionValues(drawing, link!)).toEqual({ from: 'A1', branch: 'false', to: 'A2' });
    expect(localise('spec', announcements.connected(drawing, link!))).toBe('Connected A1 (false) to A2.');
    expect(localise('spec', announcements.disconnected(drawing, link!))).toBe('Removed the connection from A1 (false) to A2.');
    expect(localise('spec', announcements.connected(drawing, { from: 2, to: 1, branch: null }))).toBe('Connected A2 to A1.');
    expect(localise('spec', { key: 'workflow.canvas.edge', values: connectionValues(drawing, link!) })).toBe('Connection from A1 (false) to A2');
    expect(localise('id', announcements.added('Kirim'))).toBe('Kartu Kirim ditambahkan.');
  });
});
