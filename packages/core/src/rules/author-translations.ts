import type { Language } from '../i18n/languages';
import { type ComponentTranslations, TRANSLATABLE_FIELDS, type TRANSLATED_LANGUAGES } from '../widgets/common';

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
 * The translations with one text set (or removed, when empty): what the configuration panel's
 * "Add translation" saves. Languages and fields left without text are dropped.
 */
export function withTranslation(
  translations: ComponentTranslations | undefined, language: (typeof TRANSLATED_LANGUAGES)[number], field: (typeof TRANSLATABLE_FIELDS)[number], text: string,
): ComponentTranslations | undefined {
  const next: ComponentTranslations = { ...translations, [language]: { ...translations?.[language], [field]: text } };
  const fields = next[language] ?? {};
  if (text.trim() === '') delete fields[field];
  if (Object.keys(fields).length === 0) delete next[language];
  return Object.keys(next).length === 0 ? undefined : next;
}
