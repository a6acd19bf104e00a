import type { Language } from '../i18n/languages';
import { type ComponentTranslations, type NameTranslations, TRANSLATABLE_FIELDS, type TRANSLATED_LANGUAGES } from '../widgets/common';
import { widgetColumns, type WidgetColumn } from './table-content';

type Translatable = { translations?: ComponentTranslations | undefined } & Record<string, unknown>;

/**
 * A component as a reader of `language` sees it (issue 35): each translatable field the author
 * translated into that language shows the translation; the others, and every field in the
 * specification's catalog, keep the author's own wording. The same object when nothing changes.
 */
export function componentIn<C extends Translatable>(component: C, language: Language): C {
  if (language === 'spec' || component.translations === undefined) return component;
  const texts = component.translations[language];
  if (texts === undefined) return component;
  let shown: C | undefined;
  for (const field of TRANSLATABLE_FIELDS) {
    const text = texts[field];
    if (text === undefined || text.trim() === '' || typeof component[field] !== 'string') continue;
    shown ??= { ...component };
    (shown as Record<string, unknown>)[field] = text;
  }
  return shown ?? component;
}

/**
 * The labels a reader of `language` sees for `own` (the widget's option or column labels by
 * position, WidgetModel.optionLabels): each position the author translated shows the
 * translation, the others his own label. Never a value: a choice still stores the author's option.
 */
export function labelsIn(own: readonly string[], component: Translatable, language: Language): string[] {
  const translated = language === 'spec' ? undefined : component.translations?.[language]?.options;
  if (translated === undefined) return [...own];
  return own.map((label, i) => {
    const text = translated[i]?.trim() ?? '';
    return text === '' ? label : text;
  });
}

/**
 * A data widget's columns as a reader of `language` sees them: the same source columns, each
 * labelled with the translation of its position in options (`columns` as the server answered
 * them, matched by source column). The same list when there is nothing to relabel.
 */
export function columnsIn<C extends WidgetColumn>(
  columns: readonly C[], component: Translatable & { options?: unknown; mapping_table?: unknown }, language: Language,
): readonly C[] {
  if (language === 'spec' || component.translations?.[language]?.options === undefined) return columns;
  const own = String(component.options ?? '').split(',').map((label) => label.trim());
  const labelled = widgetColumns(labelsIn(own, component, language), String(component.mapping_table ?? ''));
  const byField = new Map(labelled.map((column) => [column.field, column.label]));
  return columns.map((column) => ({ ...column, label: byField.get(column.field) ?? column.label }));
}

type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];
type LanguageFields = NonNullable<ComponentTranslations[TranslatedLanguage]>;

/** The translations with one language's fields replaced: a language, or the whole, left with nothing is dropped. */
function withLanguageFields(translations: ComponentTranslations | undefined, language: TranslatedLanguage, fields: LanguageFields): ComponentTranslations | undefined {
  const next: ComponentTranslations = { ...translations, [language]: fields };
  if (Object.keys(fields).length === 0) delete next[language];
  return Object.keys(next).length === 0 ? undefined : next;
}

/** The translations without one field of one language: the panel's remove button. */
export function withoutTranslation(
  translations: ComponentTranslations | undefined, language: TranslatedLanguage, field: keyof LanguageFields,
): ComponentTranslations | undefined {
  const fields = { ...translations?.[language] };
  delete fields[field];
  return withLanguageFields(translations, language, fields);
}

/** The translated option labels with the one at `position` set ('' gives the author's back). */
export function withLabelTranslation(
  translations: ComponentTranslations | undefined, language: TranslatedLanguage, position: number, text: string,
): ComponentTranslations | undefined {
  const labels = [...(translations?.[language]?.options ?? [])];
  while (labels.length <= position) labels.push('');
  labels[position] = text;
  while (labels.length > 0 && (labels.at(-1) ?? '').trim() === '') labels.pop();
  if (labels.length === 0) return withoutTranslation(translations, language, 'options');
  return withLanguageFields(translations, language, { ...translations?.[language], options: labels });
}

/**
 * The translations with one text set (or removed, when empty): what the configuration panel's
 * "Add translation" saves. Languages and fields left without text are dropped.
 */
export function withTranslation(
  translations: ComponentTranslations | undefined, language: TranslatedLanguage, field: (typeof TRANSLATABLE_FIELDS)[number], text: string,
): ComponentTranslations | undefined {
  if (text.trim() === '') return withoutTranslation(translations, language, field);
  return withLanguageFields(translations, language, { ...translations?.[language], [field]: text });
}

/** A menu's name or a page's title as a reader of `language` sees it: the translation, else the author's. */
export function nameIn(name: string, translations: NameTranslations | null | undefined, language: Language): string {
  if (language === 'spec') return name;
  const text = translations?.[language]?.trim() ?? '';
  return text === '' ? name : text;
}

/** The name translations as stored: empty ones dropped, null when none is left. */
export function storedNameTranslations(translations: NameTranslations): NameTranslations | null {
  const kept = Object.fromEntries(Object.entries(translations).filter(([, text]) => text !== undefined && text.trim() !== ''));
  return Object.keys(kept).length === 0 ? null : kept;
}
