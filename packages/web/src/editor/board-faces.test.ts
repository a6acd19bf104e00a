import { createComponent, updateComponent } from '@rakit/core';
import { describe, expect, it } from 'vitest';
import { boardFace, savedComponentTest } from './board-faces';

describe('board faces', () => {
  const card = { ...createComponent('card', 'card-1', 'Ringkasan'), children: [createComponent('table', 'table-1', 'Stok')] };
  const saved = [createComponent('input', 'in-1', 'Nama'), card];

  it('shows the page editor design faces, or preview ones in its preview, never inert', () => {
    expect(boardFace(saved[0]!, false, null)).toEqual({ mode: 'design', inert: false });
    expect(boardFace(saved[0]!, true, null)).toEqual({ mode: 'preview', inert: false });
  });

  it('shows the runtime edit mode live faces for components as saved, design faces for changed or new ones', () => {
    const live = savedComponentTest(saved);
    // Parsed again from the server's text: other objects, the same configuration.
    const reloaded = JSON.parse(JSON.stringify(saved)) as typeof saved;
    expect(reloaded.map(live)).toEqual([true, true]);
    expect(live(card.children[0]!)).toBe(true);

    const renamed = updateComponent(saved, 'table-1', (table) => ({ ...table, title: 'Stok Gudang' }));
    const [, changedCard] = renamed;
    expect(live(renamed[0]!)).toBe(true);
    // The table changed, and with it the card holding it.
    expect(live(changedCard!)).toBe(false);
    expect(live(changedCard!.children![0]!)).toBe(false);
    expect(live(createComponent('input', 'in-2', 'Baru'))).toBe(false);
  });

  it('keeps leaf faces of the edit mode inert, but not a card, whose components are edited inside it', () => {
    const live = savedComponentTest(saved);
    expect(boardFace(saved[0]!, false, live)).toEqual({ mode: 'preview', inert: true });
    expect(boardFace(card, false, live)).toEqual({ mode: 'preview', inert: false });
    expect(boardFace(createComponent('button', 'b-9', 'Kirim'), false, live)).toEqual({ mode: 'design', inert: true });
  });
});
