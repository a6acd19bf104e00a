import { describe, expect, it } from 'vitest';
import { type Component, createComponent, widgetLabel } from '../widgets/registry';
import { translate } from '../i18n/translate';
import { describePageDiff, diffPageComponents, diffWordsOf, isEmptyDiff, sameJson, sayVersionSummary, summarizePageDiff } from './page-diff';

/** The changes in the specification's words (what a stored summary says), and in Indonesian. */
const spec = diffWordsOf((key, values) => translate('spec', key, values));
const indonesian = diffWordsOf((key, values) => translate('id', key, values));

const input = (id: string, title = `Input ${id}`) => createComponent('input', id, title);
const card = (id: string, ...children: Component[]) => ({ ...createComponent('card', id, `Card ${id}`), children });

describe('page diff', () => {
  const page = () => [input('a'), card('k', input('n1'), input('n2')), input('b')];

  it('finds nothing between equal pages, whatever the order of their keys', () => {
    const reordered = page().map((c) => Object.fromEntries(Object.entries(c).reverse()) as Component);
    expect(isEmptyDiff(diffPageComponents(page(), reordered))).toBe(true);
    expect(summarizePageDiff(diffPageComponents(page(), page()), spec)).toBe('No change to the components');
  });

  it('names added and removed components by title, or by type and id without one', () => {
    const diff = diffPageComponents(page(), [input('a'), card('k', input('n1'), input('n2')), input('c', '')]);
    expect(diff.added).toEqual([{ id: 'c', type: 'input', title: '', label: 'Text Input c' }]);
    expect(diff.removed).toEqual([{ id: 'b', type: 'input', title: 'Input b', label: 'Text Input "Input b"' }]);
    expect(diff.moved).toEqual([]);
    expect(describePageDiff(diff, spec)).toEqual(['Added Text Input c', 'Removed Text Input "Input b"']);
    expect(describePageDiff(diff, indonesian)).toEqual([`Menambahkan ${translate('id', 'editor.widget.input')} c`, `Menghapus ${translate('id', 'editor.widget.input')} "Input b"`]);
  });

  it('lists the settings that changed, not the children of a card', () => {
    const after = page();
    after[0] = { ...after[0]!, title: 'Name', placeholder: 'Your name' };
    after[1] = card('k', input('n1'));
    const diff = diffPageComponents(page(), after);
    expect(diff.changed).toEqual([{ id: 'a', type: 'input', title: 'Name', label: 'Text Input "Name"', settings: ['title', 'placeholder'] }]);
    expect(diff.removed.map((c) => c.id)).toEqual(['n2']);
  });

  it('moves a component into a card, and reorders without calling the neighbours of an insert moved', () => {
    const intoCard = diffPageComponents(page(), [card('k', input('n1'), input('n2'), input('a')), input('b')]);
    expect(intoCard.moved).toEqual([{ id: 'a', type: 'input', title: 'Input a', label: 'Text Input "Input a"', fromParent: null, toParent: 'k' }]);
    expect(describePageDiff(intoCard, spec)).toEqual(['Moved Text Input "Input a" from the page to card k']);
    expect(describePageDiff(intoCard, indonesian)[0]).toMatch(/^Memindahkan .* "Input a" dari .* ke .*k$/);

    const swapped = diffPageComponents(page(), [input('b'), input('a'), card('k', input('n1'), input('n2'))]);
    expect(swapped.moved.map((c) => c.id)).toEqual(['b']);
    expect(describePageDiff(swapped, spec)).toEqual(['Moved Text Input "Input b"']);

    const inserted = diffPageComponents(page(), [input('new'), ...page()]);
    expect(inserted.moved).toEqual([]);
    expect(inserted.added.map((c) => c.id)).toEqual(['new']);
  });

  it('names widget types by their models\' labels, as the palette does', () => {
    const diff = diffPageComponents([], [createComponent('qrcodeReader', 'q', ''), createComponent('input', 'i', 'Nama'), createComponent('toggle', 't', '')]);
    expect(diff.added.map((c) => c.label)).toEqual(['QR Reader q', 'Text Input "Nama"', 'Switch t']);
    expect(widgetLabel('schooladdress')).toBe('School Address');
    expect(widgetLabel('no-such-widget')).toBe('no-such-widget');
  });

  it('cuts a long summary and says how many changes it left out', () => {
    const many = Array.from({ length: 60 }, (_, i) => input(`x${i}`, `A rather long field title number ${i}`));
    const summary = summarizePageDiff(diffPageComponents([], many), spec, 200);
    expect(summary.length).toBeLessThanOrEqual(200);
    expect(summary).toMatch(/^Added Text Input "A rather long field title number 0"; .*; … and \d+ more$/);
    const counted = Number(/and (\d+) more$/.exec(summary)![1]);
    expect(summary.split('; ').length - 1 + counted).toBe(60);
  });

  it('says a version\'s summary, its head, rename and changes, in each catalog and within its limit', () => {
    const many = Array.from({ length: 60 }, (_, i) => input(`x${i}`, `A rather long field title number ${i}`));
    const text = { head: [{ key: 'editor.history.summary.restored' as const, values: { id: '7' } }], renamed: { from: 'Lama', to: 'Baru' }, diff: diffPageComponents([], many) };
    const said = sayVersionSummary(text, spec, 300);
    expect(said.length).toBeLessThanOrEqual(300);
    expect(said).toMatch(/^Restored version 7: Renamed "Lama" to "Baru"; Added Text Input "A rather long field title number 0"; .*; … and \d+ more$/);
    expect(sayVersionSummary(text, indonesian, 300)).toMatch(/^Memulihkan versi 7: Mengganti nama "Lama" menjadi "Baru"; Menambahkan /);
    expect(sayVersionSummary({ head: [{ key: 'editor.history.summary.created' }] }, indonesian)).toBe('Halaman dibuat');
    expect(sayVersionSummary({ renamed: { from: 'a', to: 'b' } }, spec)).toBe('Renamed "a" to "b"');
  });

  it('compares JSON deeply', () => {
    expect(sameJson({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(sameJson({ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] })).toBe(false);
    expect(sameJson([1], { 0: 1 })).toBe(false);
    expect(sameJson(null, {})).toBe(false);
  });
});
