import { describe, expect, it } from 'vitest';
import { createComponent } from '../widgets/registry';
import {
  countComponents, findComponent, insertComponent, isWithin, locateComponent, moveComponent, nextComponentTitle,
  removeComponent, shiftComponent, updateComponent, walkComponents, walkPlacedComponents,
} from './component-tree';

const input = (id: string) => createComponent('input', id, `Input ${id}`);
const card = (id: string, ...children: ReturnType<typeof input>[]) => ({ ...createComponent('card', id, `Card ${id}`), children });
const ids = (list: readonly { id: string; children?: readonly { id: string }[] }[]): unknown[] =>
  list.map((c) => (c.children === undefined ? c.id : [c.id, ids(c.children)]));

describe('component tree', () => {
  const page = () => [input('a'), card('k', input('n1'), input('n2')), input('b')];

  it('finds and locates components at any depth', () => {
    const list = page();
    expect(findComponent(list, 'n2')?.title).toBe('Input n2');
    expect(locateComponent(list, 'n2')).toEqual({ parentId: 'k', index: 1 });
    expect(locateComponent(list, 'b')).toEqual({ parentId: null, index: 2 });
    expect(findComponent(list, 'zz')).toBeUndefined();
    expect(countComponents(list)).toBe(5);
    expect(isWithin(list, 'k', 'n1')).toBe(true);
    expect(isWithin(list, 'k', 'k')).toBe(true);
    expect(isWithin(list, 'a', 'n1')).toBe(false);
  });

  it('walks every component in page order, a card before what it holds', () => {
    const list = page();
    expect([...walkComponents(list)].map((c) => c.id)).toEqual(['a', 'k', 'n1', 'n2', 'b']);
    expect([...walkPlacedComponents(list)].map((p) => [p.component.id, p.parentId, p.index])).toEqual([
      ['a', null, 0], ['k', null, 1], ['n1', 'k', 0], ['n2', 'k', 1], ['b', null, 2],
    ]);
  });

  it('updates one component and keeps the identity of untouched branches', () => {
    const list = page();
    const next = updateComponent(list, 'n1', (c) => ({ ...c, title: 'Nama' }));
    expect(findComponent(next, 'n1')?.title).toBe('Nama');
    expect(next[0]).toBe(list[0]);
    expect(next[2]).toBe(list[2]);
    expect(next[1]).not.toBe(list[1]);
    expect(next[1]?.children?.[1]).toBe(list[1]?.children?.[1]);
    expect(list[1]?.children?.[0]?.title).toBe('Input n1');
    expect(updateComponent(list, 'n1', (c) => c)).toBe(list);
    expect(updateComponent(list, 'missing', (c) => ({ ...c, title: 'x' }))).toBe(list);
  });

  it('removes and inserts, nested or not', () => {
    expect(ids(removeComponent(page(), 'n1'))).toEqual(['a', ['k', ['n2']], 'b']);
    expect(ids(removeComponent(page(), 'k'))).toEqual(['a', 'b']);
    expect(ids(insertComponent(page(), 'k', 99, input('c')))).toEqual(['a', ['k', ['n1', 'n2', 'c']], 'b']);
    expect(ids(insertComponent(page(), null, 0, input('c')))).toEqual(['c', 'a', ['k', ['n1', 'n2']], 'b']);
    const list = page();
    expect(insertComponent(list, 'a', 0, input('c'))).toBe(list);
  });

  it('moves into a card, out of it, and refuses a card into itself', () => {
    expect(ids(moveComponent(page(), 'a', 'k', 2))).toEqual([['k', ['n1', 'n2', 'a']], 'b']);
    expect(ids(moveComponent(page(), 'n2', null, 0))).toEqual(['n2', 'a', ['k', ['n1']], 'b']);
    expect(ids(moveComponent(page(), 'b', null, 0))).toEqual(['b', 'a', ['k', ['n1', 'n2']]]);
    const nested = [card('outer', card('inner'))];
    expect(moveComponent(nested, 'outer', 'inner', 0)).toBe(nested);
    expect(moveComponent(nested, 'outer', 'outer', 0)).toBe(nested);
  });

  it('shifts up and down among siblings, unchanged at the ends', () => {
    expect(ids(shiftComponent(page(), 'a', 1))).toEqual([['k', ['n1', 'n2']], 'a', 'b']);
    expect(ids(shiftComponent(page(), 'n2', -1))).toEqual(['a', ['k', ['n2', 'n1']], 'b']);
    const list = page();
    expect(shiftComponent(list, 'a', -1)).toBe(list);
    expect(shiftComponent(list, 'b', 1)).toBe(list);
    expect(shiftComponent(list, 'n2', 1)).toBe(list);
  });

  it('numbers new components by type', () => {
    expect(nextComponentTitle([], 'input', 'Input')).toBe('Input 1');
    const list = [createComponent('input', '1', 'Input 1'), card('k', createComponent('input', '2', 'Input 7')), createComponent('textarea', '3', 'Textarea 1')];
    expect(nextComponentTitle(list, 'input', 'Input')).toBe('Input 8');
    expect(nextComponentTitle(list, 'textarea', 'Textarea')).toBe('Textarea 2');
    expect(nextComponentTitle([createComponent('input', '1', 'Nama')], 'input', 'Input')).toBe('Input 2');
  });
});
