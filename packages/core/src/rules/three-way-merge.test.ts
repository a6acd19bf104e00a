import { describe, expect, it } from 'vitest';
import { type Component, createComponent } from '../widgets/registry';
import { walkComponents } from './component-tree';
import { CARD_SETTING, mergePageComponents, mergeRecords } from './three-way-merge';

const input = (id: string, title = `Input ${id}`) => createComponent('input', id, title);
const card = (id: string, ...children: Component[]) => ({ ...createComponent('card', id, `Card ${id}`), children });
const ids = (list: readonly Component[]) => [...walkComponents(list)].map((c) => c.id);
const titled = (list: readonly Component[], id: string) => [...walkComponents(list)].find((c) => c.id === id)?.title;

describe('record merge', () => {
  const base = { name: 'Hitung', parameter: 'a', content: 'return a' };

  it('keeps a change either side made alone, and one change both made', () => {
    const merged = mergeRecords(base, { ...base, name: 'Hitung pajak' }, { ...base, content: 'return a * 2' });
    expect(merged).toEqual({ merged: { name: 'Hitung pajak', parameter: 'a', content: 'return a * 2' }, conflicts: [] });
    expect(mergeRecords(base, { ...base, name: 'X' }, { ...base, name: 'X' }).conflicts).toEqual([]);
  });

  it('names a field both changed differently, and settles it by the choice (mine without one)', () => {
    const mine = { ...base, content: 'return a + 1' };
    const theirs = { ...base, content: 'return a + 2', parameter: 'a,b' };
    const merged = mergeRecords(base, mine, theirs);
    expect(merged.conflicts).toEqual([{ key: 'content', base: 'return a', mine: 'return a + 1', theirs: 'return a + 2' }]);
    expect(merged.merged).toEqual({ name: 'Hitung', parameter: 'a,b', content: 'return a + 1' });
    expect(mergeRecords(base, mine, theirs, { content: 'theirs' }).merged.content).toBe('return a + 2');
  });

  it('compares lists and objects by value', () => {
    const b = { menus: [1, 2], access: { pageId: [1] } };
    const merged = mergeRecords(b, { menus: [1, 2, 3], access: { pageId: [1] } }, { menus: [1, 2], access: { pageId: [1, 4] } });
    expect(merged).toEqual({ merged: { menus: [1, 2, 3], access: { pageId: [1, 4] } }, conflicts: [] });
  });
});

describe('page merge', () => {
  const base = () => [input('a'), card('k', input('n1'), input('n2')), input('b')];

  it('keeps the components each side added, each after the neighbour it was put after', () => {
    const mine = [input('a'), input('mine'), card('k', input('n1'), input('n2')), input('b')];
    const theirs = [input('a'), card('k', input('n1'), input('n2'), input('theirs')), input('b')];
    const merged = mergePageComponents(base(), mine, theirs);
    expect(merged.conflicts).toEqual([]);
    expect(ids(merged.components)).toEqual(['a', 'mine', 'k', 'n1', 'n2', 'theirs', 'b']);
  });

  it('merges different settings of one component, and a removal of what the other left alone', () => {
    const mine = base().map((c) => (c.id === 'a' ? { ...c, title: 'Nama' } : c)).filter((c) => c.id !== 'b');
    const theirs = base().map((c) => (c.id === 'a' ? { ...c, placeholder: 'Isi nama' } : c));
    const merged = mergePageComponents(base(), mine, theirs);
    expect(merged.conflicts).toEqual([]);
    expect(merged.components.find((c) => c.id === 'a')).toMatchObject({ title: 'Nama', placeholder: 'Isi nama' });
    expect(ids(merged.components)).toEqual(['a', 'k', 'n1', 'n2']);
  });

  it('names the same setting changed twice, and settles it by the choice', () => {
    const mine = base().map((c) => (c.id === 'b' ? { ...c, title: 'Mine' } : c));
    const theirs = base().map((c) => (c.id === 'b' ? { ...c, title: 'Theirs' } : c));
    const merged = mergePageComponents(base(), mine, theirs);
    expect(merged.conflicts).toEqual([{
      key: 'b:title', kind: 'setting', component: { id: 'b', type: 'input', title: 'Mine', label: 'Text Input "Mine"' }, setting: 'title', mine: 'Mine', theirs: 'Theirs',
    }]);
    expect(titled(merged.components, 'b')).toBe('Mine');
    expect(titled(mergePageComponents(base(), mine, theirs, { 'b:title': 'theirs' }).components, 'b')).toBe('Theirs');
  });

  it('asks before dropping a component one side removed and the other changed', () => {
    const mine = base().filter((c) => c.id !== 'a');
    const theirs = base().map((c) => (c.id === 'a' ? { ...c, title: 'Still needed' } : c));
    const merged = mergePageComponents(base(), mine, theirs);
    expect(merged.conflicts).toEqual([{ key: 'a:removed', kind: 'removed', component: { id: 'a', type: 'input', title: 'Still needed', label: 'Text Input "Still needed"' }, removedBy: 'mine' }]);
    expect(ids(merged.components)).not.toContain('a');
    expect(ids(mergePageComponents(base(), mine, theirs, { 'a:removed': 'theirs' }).components)[0]).toBe('a');
  });

  it('follows the side that reordered, moves into a card, and names two different reorders', () => {
    const mineMoved = [input('b'), input('a'), card('k', input('n1'), input('n2'))];
    const theirsAdded = [...base(), input('t')];
    expect(ids(mergePageComponents(base(), mineMoved, theirsAdded).components)).toEqual(['b', 't', 'a', 'k', 'n1', 'n2']);
    expect(ids(mergePageComponents(base(), theirsAdded, mineMoved).components)).toEqual(['b', 't', 'a', 'k', 'n1', 'n2']);

    const intoCard = [card('k', input('n1'), input('n2'), input('a')), input('b')];
    const retitled = base().map((c) => (c.id === 'a' ? { ...c, title: 'Moved and renamed' } : c));
    const merged = mergePageComponents(base(), intoCard, retitled);
    expect(merged.conflicts).toEqual([]);
    expect(merged.components[0]!.children!.map((c) => c.id)).toEqual(['n1', 'n2', 'a']);
    expect(titled(merged.components, 'a')).toBe('Moved and renamed');

    const swappedOtherWay = [card('k', input('n1'), input('n2')), input('a'), input('b')];
    const both = mergePageComponents(base(), mineMoved, swappedOtherWay);
    expect(both.conflicts).toEqual([{ key: 'order:', kind: 'order', parent: null }]);
    expect(ids(mergePageComponents(base(), mineMoved, swappedOtherWay, { 'order:': 'theirs' }).components)).toEqual(['k', 'n1', 'n2', 'a', 'b']);
  });

  it('names a component moved to two different cards', () => {
    const twoCards = [input('a'), card('k'), card('j')];
    const mine = [card('k', input('a')), card('j')];
    const theirs = [card('k'), card('j', input('a'))];
    const merged = mergePageComponents(twoCards, mine, theirs);
    expect(merged.conflicts.map((c) => c.key)).toEqual([`a:${CARD_SETTING}`]);
    expect(merged.components.find((c) => c.id === 'k')!.children!.map((c) => c.id)).toEqual(['a']);
  });

  it('keeps what was added into a card the other side removed, where the card was', () => {
    const mine = [input('a'), input('b')];
    const theirs = [input('a'), card('k', input('n1'), input('n2'), input('new')), input('b')];
    const merged = mergePageComponents(base(), mine, theirs);
    expect(merged.conflicts).toEqual([]);
    expect(ids(merged.components)).toEqual(['a', 'new', 'b']);
  });
});
