import { describe, expect, it } from 'vitest';
import { ComponentSchema, createComponent } from '../widgets';
import { componentIn, withTranslation } from './author-translations';

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

  it('the model keeps translations of its translatable fields only, as text of bounded length', () => {
    const parsed = (value: unknown) => ComponentSchema.safeParse({ ...input, translations: value });
    expect(parsed({ en: { title: 'Full name' } }).success).toBe(true);
    expect(parsed({ fr: { title: 'Nom' } }).success).toBe(false);
    expect(parsed({ en: { database_used: '3' } }).success).toBe(false);
    expect(parsed({ en: { title: 'x'.repeat(501) } }).success).toBe(false);
    expect(parsed({ en: { title: { html: '<b>' } } }).success).toBe(false);
  });
});
