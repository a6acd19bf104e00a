import { createComponent } from '@rakit/core';
import { describe, expect, it } from 'vitest';
import { dropPosition, PAGE_ZONE, zoneId } from './drop-target';

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
