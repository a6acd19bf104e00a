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

/**
 * Each language in two parts: what everyone reads (sign-in, members' pages, actions) and what
 * only builders read (admin screens, the editors), so a member's first load carries no builder
 * text (the split is core's i18n/catalogs/parts.json).
 */
type Part = 'runtime' | 'builder';
const loaders: Record<Language, Record<Part, () => Promise<{ default: Messages }>>> = {
  spec: { runtime: () => import('virtual:rakit-catalog/spec/runtime'), builder: () => import('virtual:rakit-catalog/spec/builder') },
  id: { runtime: () => import('virtual:rakit-catalog/id/runtime'), builder: () => import('virtual:rakit-catalog/id/builder') },
  en: { runtime: () => import('virtual:rakit-catalog/en/runtime'), builder: () => import('virtual:rakit-catalog/en/builder') },
};
const loading = new Map<string, Promise<void>>();
/** The language last asked for: a later call of activateLanguage wins over one still fetching. */
let wanted: Language | undefined;
/** Set once a builder's screen is opened: every language shown from then on brings both parts. */
let buildersTextsWanted = false;

/** Fetches one part of a language's texts once (a failed fetch is tried again next time). */
function loadPart(language: Language, part: Part): Promise<void> {
  const key = `${language}/${part}`;
  let pending = loading.get(key);
  if (pending === undefined) {
    pending = loaders[language][part]().then((module) => i18n.load(language, module.default));
    pending.catch(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}

const loadCatalog = (language: Language): Promise<unknown> =>
  Promise.all([loadPart(language, 'runtime'), ...(buildersTextsWanted ? [loadPart(language, 'builder')] : [])]);

/**
 * The builders' texts of the language shown (and of every one shown later): the lazy loaders of
 * the builders' screens await it beside their own code, so they never render a missing text.
 */
export function loadBuilderTexts(): Promise<unknown> {
  wantBuilderTexts();
  return loadPart(wanted ?? activeLanguage(), 'builder');
}

/** Before the first language is shown: it will bring its builders' texts too (a builder's session). */
export function wantBuilderTexts(): void {
  buildersTextsWanted = true;
}

/** The catalog shown now. */
export const activeLanguage = (): Language => LanguageSchema.catch(DEFAULT_LANGUAGE).parse(i18n.locale);


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
