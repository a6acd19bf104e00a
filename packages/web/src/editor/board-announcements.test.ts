import type { Active, Over } from '@dnd-kit/core';
import { type Component, createComponent, moveComponent } from '@rakit/core';
import { catalogOf } from '@rakit/core/catalogs';
import { compileCatalog } from '@rakit/core/translate';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { addedWords, moveAnnouncements, resizedWords } from './board-announcements';
import { zoneId } from './drop-target';

// The board speaks the active catalog: the specification's, as the browser starts.
beforeAll(() => i18n.loadAndActivate({ locale: 'spec', locales: ['en'], messages: compileCatalog(catalogOf('spec')) }));

const page = (): Component[] => [
  createComponent('input', 'a', 'Input 1'),
  { ...createComponent('card', 'k', 'Card 1'), children: [createComponent('button', 'n', 'Button 1')] },
  createComponent('text', 'b', ''),
];

const dragged = (id: string) => ({ id, data: { current: { kind: 'component', id } } }) as unknown as Active;
const over = (id: string) => ({ id }) as unknown as Over;

describe('what the board says', () => {
  it('says a component by its title, or by its type while it has none, and where it stands', () => {
    expect(addedWords(page(), 'a')).toBe('Input 1 added, position 1 of 3 in the page.');
    expect(addedWords(page(), 'b')).toBe('Text added, position 3 of 3 in the page.');
    expect(addedWords(page(), 'n')).toBe('Button 1 added, position 1 of 1 in Card 1.');
    expect(resizedWords(page()[0] as Component, 6)).toBe('Input 1 is 6 of 12 columns wide.');
  });

  it('follows a move into a card: picked up, each place reached, dropped', () => {
    let list = page();
    const say = moveAnnouncements(() => list);
    const active = dragged('a');
    expect(say.onDragStart({ active })).toBe('Picked up Input 1, position 1 of 3 in the page.');
    // The drag's first "over" is its own place: no news.
    expect(say.onDragOver({ active, over: over('a') })).toBeUndefined();
    expect(say.onDragOver({ active, over: over('n') })).toBe('Input 1 moved to position 1 of 2 in Card 1.');
    expect(say.onDragOver({ active, over: over(zoneId('k')) })).toBe('Input 1 moved to position 2 of 2 in Card 1.');
    list = moveComponent(list, 'a', 'k', 1);
    expect(say.onDragEnd({ active, over: over(zoneId('k')) })).toBe('Input 1 dropped into Card 1, position 2 of 2.');
  });

  it('says a move within a list, and a cancelled one', () => {
    const list = page();
    const say = moveAnnouncements(() => list);
    const active = dragged('b');
    say.onDragStart({ active });
    expect(say.onDragOver({ active, over: over('k') })).toBe('Text moved to position 2 of 3 in the page.');
    expect(say.onDragOver({ active, over: null })).toBe('Text is over no place to drop it.');
    expect(say.onDragCancel({ active, over: null })).toBe('Move cancelled, Text back at position 3 of 3 in the page.');
  });

  it('says a new component dragged from the palette as "the new" one', () => {
    const list = page();
    const say = moveAnnouncements(() => list);
    const active = { id: 'palette:chart', data: { current: { kind: 'palette', type: 'chart', label: 'Chart' } } } as unknown as Active;
    expect(say.onDragStart({ active })).toBe('Picked up the new Chart.');
    expect(say.onDragOver({ active, over: over(zoneId('k')) })).toBe('Dropped now, the new Chart would go to position 2 of 2 in Card 1.');
    expect(say.onDragEnd({ active, over: null })).toBe('The new Chart was not added.');
  });
});
