import { describe, expect, it } from 'vitest';
import { twoBuilders } from './two-builders.test-support';
import { type Component, createComponent } from '../widgets/registry';
import { moveComponent, updateComponent, walkComponents } from './component-tree';
import { keepUnchanged } from './page-diff';
import { componentsMapOf, componentsOfDoc, docOfComponents, writeComponentsToDoc } from './page-ydoc';

const input = (id: string, title = `Input ${id}`) => createComponent('input', id, title);
const card = (id: string, ...children: Component[]) => ({ ...createComponent('card', id, `Card ${id}`), children });
const ids = (list: readonly Component[]) => [...walkComponents(list)].map((c) => c.id);


describe('a page as a Yjs document', () => {
  const page = () => [input('a'), card('k', input('n1'), card('inner')), input('b')];

  it('reads back the components it was written with, cards and their order included', () => {
    expect(componentsOfDoc(docOfComponents(page()))).toEqual(page());
    expect(componentsOfDoc(docOfComponents([]))).toEqual([]);
  });

  it('writes only what changed: a setting, a move, a removal', () => {
    const doc = docOfComponents(page());
    const updates: Uint8Array[] = [];
    doc.on('update', (update: Uint8Array) => updates.push(update));
    const next = moveComponent(updateComponent(page(), 'a', (c) => ({ ...c, title: 'Nama' })), 'b', null, 0);
    writeComponentsToDoc(doc, next);
    expect(updates).toHaveLength(1);
    expect(componentsOfDoc(doc)).toEqual(next);
    writeComponentsToDoc(doc, next);
    expect(updates).toHaveLength(1);
    writeComponentsToDoc(doc, next.filter((c) => c.id !== 'k'));
    expect(ids(componentsOfDoc(doc))).toEqual(['b', 'a']);
  });

  it('converges when two builders edit different components, and one setting both changed', () => {
    const { first, second, sync } = twoBuilders(docOfComponents(page()));
    writeComponentsToDoc(first, updateComponent(page(), 'a', (c) => ({ ...c, title: 'Nama', placeholder: 'Isi' })));
    writeComponentsToDoc(second, updateComponent(page(), 'b', (c) => ({ ...c, title: 'Kota' })));
    const secondTitle = updateComponent(componentsOfDoc(second), 'a', (c) => ({ ...c, title: 'Nama Lengkap' }));
    writeComponentsToDoc(second, secondTitle);
    sync();
    expect(componentsOfDoc(first)).toEqual(componentsOfDoc(second));
    const merged = componentsOfDoc(first);
    expect(merged[0]).toMatchObject({ placeholder: 'Isi' });
    expect(merged.at(-1)).toMatchObject({ title: 'Kota' });
  });

  it('keeps both components two builders insert at one place, and converges on moves into each other\'s cards', () => {
    const { first, second, sync } = twoBuilders(docOfComponents(page()));
    writeComponentsToDoc(first, [input('x'), ...page()]);
    writeComponentsToDoc(second, [input('y'), ...page()]);
    sync();
    expect(ids(componentsOfDoc(first))).toEqual(ids(componentsOfDoc(second)));
    expect(ids(componentsOfDoc(first)).slice(0, 2).sort()).toEqual(['x', 'y']);

    const twoCards = () => [card('p'), card('q')];
    const pair = twoBuilders(docOfComponents(twoCards()));
    writeComponentsToDoc(pair.first, moveComponent(twoCards(), 'p', 'q', 0));
    writeComponentsToDoc(pair.second, moveComponent(twoCards(), 'q', 'p', 0));
    pair.sync();
    expect(componentsOfDoc(pair.first)).toEqual(componentsOfDoc(pair.second));
    expect(ids(componentsOfDoc(pair.first))).toEqual(['p', 'q']);
    expect(componentsMapOf(pair.first).size).toBe(2);
  });

  it('keeps the objects of the components another builder did not change, so only theirs are drawn again', () => {
    const before = page();
    const doc = docOfComponents(before);
    expect(keepUnchanged(before, componentsOfDoc(doc))).toBe(before);
    writeComponentsToDoc(doc, updateComponent(before, 'n1', (c) => ({ ...c, title: 'Nama' })));
    const after = keepUnchanged(before, componentsOfDoc(doc));
    expect(after).not.toBe(before);
    expect(after[0]).toBe(before[0]);
    expect(after[2]).toBe(before[2]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[1]!.children![1]).toBe(before[1]!.children![1]);
    expect(after[1]!.children![0]!.title).toBe('Nama');
  });
});
