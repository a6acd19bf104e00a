import { createComponent } from '@rakit/core';
import { describe, expect, it } from 'vitest';
import { dropPosition, editorCollisions, keyboardDropTargets, keyboardStep, PAGE_ZONE, zoneId } from './drop-target';

const page = () => [
  createComponent('input', 'a', 'Input 1'),
  { ...createComponent('card', 'k', 'Card 1'), children: [createComponent('text', 'n', 'Text 1')] },
  createComponent('button', 'b', 'Button 1'),
];

describe('drop position', () => {
  it('puts a component last when dropped on a zone', () => {
    expect(dropPosition(page(), 'a', zoneId('k'))).toEqual({ parentId: 'k', index: 1 });
    expect(dropPosition(page(), 'n', zoneId('k'))).toEqual({ parentId: 'k', index: 0 });
    expect(dropPosition(page(), 'a', PAGE_ZONE)).toEqual({ parentId: null, index: 2 });
    expect(dropPosition(page(), null, PAGE_ZONE)).toEqual({ parentId: null, index: 3 });
    expect(dropPosition(page(), 'a', zoneId('b'))).toBeUndefined();
  });

  it('takes the place of the component dropped on', () => {
    expect(dropPosition(page(), 'a', 'b')).toEqual({ parentId: null, index: 2 });
    expect(dropPosition(page(), 'b', 'n')).toEqual({ parentId: 'k', index: 0 });
    expect(dropPosition(page(), null, 'missing')).toBeUndefined();
  });
});

describe('keyboard moves', () => {
  it('lists the places a component can go in reading order, into the card and out again', () => {
    expect(keyboardDropTargets(page(), 'b')).toEqual([
      { id: 'a', at: { parentId: null, index: 0 } },
      { id: 'k', at: { parentId: null, index: 1 } },
      { id: 'n', at: { parentId: 'k', index: 0 } },
      { id: zoneId('k'), at: { parentId: 'k', index: 1 } },
      { id: PAGE_ZONE, at: { parentId: null, index: 2 } },
    ]);
    // Each target puts the component in the place it stands for.
    for (const { id, at } of keyboardDropTargets(page(), 'n')) expect(dropPosition(page(), 'n', id)).toEqual(at);
  });

  it('never offers a card a place inside itself', () => {
    expect(keyboardDropTargets(page(), 'k').map((place) => place.at)).toEqual([
      { parentId: null, index: 0 },
      { parentId: null, index: 1 },
      { parentId: null, index: 2 },
    ]);
  });

  it('steps one place a press from where the drag is over, and stops at the ends', () => {
    expect(keyboardStep(page(), 'b', null, -1)?.at).toEqual({ parentId: 'k', index: 1 });
    expect(keyboardStep(page(), 'b', zoneId('k'), -1)?.at).toEqual({ parentId: 'k', index: 0 });
    expect(keyboardStep(page(), 'b', 'n', 1)?.id).toBe(zoneId('k'));
    expect(keyboardStep(page(), 'b', null, 1)).toBeUndefined();
    expect(keyboardStep(page(), 'a', null, -1)).toBeUndefined();
    // Out of the card: after its last place comes the page's place after the card.
    expect(keyboardStep(page(), 'n', null, 1)?.at).toEqual({ parentId: null, index: 2 });
  });

  it('makes a keyboard drag be over the target chosen, or its own place before any', () => {
    let chosen: string | null = null;
    const collisions = editorCollisions(() => chosen);
    const args = { active: { id: 'b' }, pointerCoordinates: null } as unknown as Parameters<typeof collisions>[0];
    expect(collisions(args)).toEqual([{ id: 'b' }]);
    chosen = zoneId('k');
    expect(collisions(args)).toEqual([{ id: zoneId('k') }]);
  });
});
