import { type Messages, setupI18n } from '@lingui/core';
import {
  DEFAULT_LANGUAGE, type Language, LanguageSchema, LOCALE_OF, type MessageKey, type MessageValues,
} from '@rakit/core';

/**
 * The browser's one translator (issue 35, Lingui): the catalog shown now, switched without a
 * reload. Each language's texts are a chunk of their own, fetched the first time it is chosen
 * and kept; React re-renders what reads them (LanguageProvider) on each switch.
 */
export const i18n = setupI18n();

const loaders: Record<Language, () => Promise<{ default: Messages }>> = {
  spec: () => import('virtual:rakit-catalog/spec'),
  id: () => import('virtual:rakit-catalog/id'),
  en: () => import('virtual:rakit-catalog/en'),
};
const loading = new Map<Language, Promise<void>>();

/** Fetches a language's texts once (a failed fetch is tried again next time). */
function loadCatalog(language: Language): Promise<void> {
  let pending = loading.get(language);
  if (pending === undefined) {
    pending = loaders[language]().then((module) => i18n.load(language, module.default));
    pending.catch(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
}

/** The catalog shown now. */
export const activeLanguage = (): Language => LanguageSchema.catch(DEFAULT_LANGUAGE).parse(i18n.locale);

let wanted: Language | undefined;

/**
 * Shows `language` from the next render on: its texts fetched if they are not yet, the
 * document's lang set. A later call wins over one still fetching.
 */
export async function activateLanguage(language: Language): Promise<void> {
  wanted = language;
  if (i18n.locale === language) return;
  await loadCatalog(language);
  if (wanted !== language) return;
  i18n.activate(language, [LOCALE_OF[language]]);
  // The specification's catalog mixes Indonesian and English; its pages are marked by their
  // most read screen's language, English.
  document.documentElement.lang = LOCALE_OF[language];
}

/** A text of the active catalog, outside React (a notification, a confirm): see useT inside. */
export const t = (key: MessageKey, values?: MessageValues): string => i18n._(key, values);

/** The last resort when no catalog can be fetched: the screens render, saying their keys. */
export function showKeysOnly(): void {
  if (i18n.locale === '') i18n.loadAndActivate({ locale: DEFAULT_LANGUAGE, locales: [LOCALE_OF[DEFAULT_LANGUAGE]], messages: {} });
}
