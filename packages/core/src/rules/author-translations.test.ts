import { describe, expect, it } from 'vitest';
import { ComponentSchema, createComponent } from '../widgets';
import { widgetModel } from '../widgets/registry';
import { columnsIn, componentIn, labelsIn, withLabelTranslation, withoutTranslation, withTranslation } from './author-translations';

describe('an author\'s texts in each language (issue 35)', () => {
  const input = { ...createComponent('input', 'name', 'Nama lengkap'), placeholder: 'Tulis nama', translations: { en: { title: 'Full name' } } };

  it('shows the translation of the reader\'s catalog, the author\'s wording otherwise', () => {
    expect(componentIn(input, 'en').title).toBe('Full name');
    expect(componentIn(input, 'en').placeholder).toBe('Tulis nama');
    expect(componentIn(input, 'id').title).toBe('Nama lengkap');
    expect(componentIn(input, 'spec')).toBe(input);
  });

  it('an empty translation falls back to the author\'s wording', () => {
    expect(componentIn({ ...input, translations: { en: { title: '  ' } } }, 'en').title).toBe('Nama lengkap');
  });

  it('sets and removes one text, dropping what is left empty', () => {
    const added = withTranslation(undefined, 'id', 'placeholder', 'Ketik di sini');
    expect(added).toEqual({ id: { placeholder: 'Ketik di sini' } });
    expect(withTranslation(added, 'id', 'placeholder', '')).toBeUndefined();
    expect(withTranslation(added, 'en', 'title', 'Name')).toEqual({ id: { placeholder: 'Ketik di sini' }, en: { title: 'Name' } });
  });

  it('removes one field of one language, its labels too, keeping the rest', () => {
    const both = { id: { title: 'Nama', options: ['Ya', 'Tidak'] }, en: { title: 'Name' } };
    expect(withoutTranslation(both, 'id', 'options')).toEqual({ id: { title: 'Nama' }, en: { title: 'Name' } });
    expect(withoutTranslation(both, 'en', 'title')).toEqual({ id: { title: 'Nama', options: ['Ya', 'Tidak'] } });
    expect(withoutTranslation({ en: { title: 'Name' } }, 'en', 'title')).toBeUndefined();
    expect(withoutTranslation(undefined, 'en', 'placeholder')).toBeUndefined();
    // The translations given are left as they were.
    expect(both.id.options).toEqual(['Ya', 'Tidak']);
  });

  it('the model keeps translations of its translatable fields only, as text of bounded length', () => {
    const parsed = (value: unknown) => ComponentSchema.safeParse({ ...input, translations: value });
    expect(parsed({ en: { title: 'Full name' } }).success).toBe(true);
    expect(parsed({ fr: { title: 'Nom' } }).success).toBe(false);
    expect(parsed({ en: { database_used: '3' } }).success).toBe(false);
    expect(parsed({ en: { title: 'x'.repeat(501) } }).success).toBe(false);
    expect(parsed({ en: { title: { html: '<b>' } } }).success).toBe(false);
  });

  it('refuses option labels that are not a bounded list of texts', () => {
    const parsed = (value: unknown) => ComponentSchema.safeParse({ ...input, translations: value });
    expect(parsed({ en: { options: ['Male', '', 'Other'] } }).success).toBe(true);
    expect(parsed({ en: { options: 'Male,Female' } }).success).toBe(false);
    expect(parsed({ en: { options: [{ text: 'x' }] } }).success).toBe(false);
    expect(parsed({ en: { options: Array.from({ length: 1001 }, () => 'x') } }).success).toBe(false);
  });
});

describe('an author\'s option and column labels in each language (issue 35)', () => {
  const radio = { ...createComponent('radio', 'gender', 'Jenis kelamin'), options: 'Laki-laki,Perempuan', translations: { en: { options: ['Male'] } } };

  it('relabels the translated positions and keeps the author\'s labels elsewhere', () => {
    const own = widgetModel('radio')?.optionLabels?.(radio) ?? [];
    expect(own).toEqual(['Laki-laki', 'Perempuan']);
    expect(labelsIn(own, radio, 'en')).toEqual(['Male', 'Perempuan']);
    expect(labelsIn(own, radio, 'id')).toEqual(own);
    expect(labelsIn(own, radio, 'spec')).toEqual(own);
  });

  it('names each widget\'s labels: a dropdown\'s own options, a kanban\'s lanes, a table\'s columns', () => {
    const dropdown = { ...createComponent('dropdown', 'kota', 'Kota'), options: [{ textOption: 'Kota Bandung', valueOption: 'BDG' }, { textOption: '', valueOption: 'JKT' }] };
    expect(widgetModel('dropdown')?.optionLabels?.(dropdown)).toEqual(['Kota Bandung', 'JKT']);
    expect(widgetModel('dropdown')?.optionLabels?.({ ...dropdown, subtype: 'query' })).toEqual([]);
    // Options read from an API endpoint are the data's (issue 40): none to translate.
    expect(widgetModel('dropdown')?.optionLabels?.({ ...dropdown, apiEndpointId: 4 })).toEqual([]);
    expect(widgetModel('radio')?.optionLabels?.({ ...radio, apiEndpointId: 4 })).toEqual([]);
    expect(widgetModel('kanban')?.optionLabels?.(createComponent('kanban', 'papan', 'Papan'))).toEqual(['To do', 'In progress', 'Done']);
    expect(widgetModel('table')?.optionLabels?.({ options: 'Nama,,Stok' })).toEqual(['Nama', '', 'Stok']);
    expect(widgetModel('input')?.optionLabels).toBeUndefined();
  });

  it('relabels a table\'s columns by their source column, commas in a translation kept', () => {
    const table = { options: 'Nama,Stok', mapping_table: 'name,stock', translations: { en: { options: ['Name', 'In stock, units'] } } };
    const served = [{ field: 'stock', label: 'Stok' }, { field: 'name', label: 'Nama' }, { field: 'extra', label: 'extra' }];
    expect(columnsIn(served, table, 'en')).toEqual([{ field: 'stock', label: 'In stock, units' }, { field: 'name', label: 'Name' }, { field: 'extra', label: 'extra' }]);
    expect(columnsIn(served, table, 'id')).toBe(served);
  });

  it('sets one label, trimming empty ends and dropping what is left empty', () => {
    const one = withLabelTranslation(undefined, 'en', 1, 'Female');
    expect(one).toEqual({ en: { options: ['', 'Female'] } });
    expect(withLabelTranslation(one, 'en', 0, 'Male')).toEqual({ en: { options: ['Male', 'Female'] } });
    expect(withLabelTranslation(one, 'en', 1, '')).toBeUndefined();
    expect(withLabelTranslation({ en: { title: 'Gender', options: ['Male'] } }, 'en', 0, '')).toEqual({ en: { title: 'Gender' } });
  });
});
