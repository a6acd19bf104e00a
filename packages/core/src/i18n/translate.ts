import { type I18n, setupI18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { CATALOG_SOURCES, catalogOf } from './catalogs';
import { type LocalText, type MessageCode, type MessageKey, type MessageValues, partsText, type TextParts } from './catalog';
import { type Language, LANGUAGES, LOCALE_OF } from './languages';
import { passwordTooShortMessage } from '../messages';
import { PASSWORD_MIN_LENGTH } from '../constants';

/** A catalog's texts compiled for Lingui's runtime (the browser's are compiled at build time). */
export const compileCatalog = (texts: Record<string, string>): Record<string, ReturnType<typeof compileMessageOrThrow>> =>
  Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, compileMessageOrThrow(text)]));

let translators: Map<Language, I18n> | undefined;

/** One Lingui instance per catalog, compiled once on first use (a few ms for every text). */
function translatorOf(language: Language): I18n {
  translators ??= new Map(LANGUAGES.map((each) => {
    const i18n = setupI18n({
      // A text missing from a catalog (never, by catalogs.test.ts) falls back to the specification's.
      missing: (_locale, key) => (each === 'spec' ? key : translate('spec', key as MessageKey)),
    });
    i18n.loadAndActivate({ locale: each, locales: [LOCALE_OF[each]], messages: compileCatalog(catalogOf(each)) });
    return [each, i18n];
  }));
  return translators.get(language) as I18n;
}

/** A catalog's text in a language, its placeholders filled. */
export const translate = (language: Language, key: MessageKey, values?: MessageValues): string =>
  translatorOf(language)._(key, values);

/** A LocalText in a language. */
export const localise = (language: Language, text: LocalText): string => translate(language, text.key, text.values);

/** TextParts in a language. */
export const localiseParts = (language: Language, parts: TextParts): string => partsText(parts, (text) => localise(language, text));

/** The specification's texts of messages.json, by text: how a thrown text finds its code. */
let codeOfSpecText: Map<string, MessageCode> | undefined;
/** Texts other words follow ("The flow has a cycle: 3, 4"), longest first. */
let prefixTexts: [string, MessageCode][] | undefined;

/**
 * The stable code of a server text written in the specification's catalog, and what follows
 * it: `{ code, rest }` for a text of messages.json as it is or followed by details (": a, b",
 * " 255 characters"); undefined for any other text.
 */
/** Texts of messages.json that core fills before a rule throws them (a schema's message): their code and values. */
let filledTexts: Map<string, { code: MessageCode; values: MessageValues }> | undefined;

export function codeOfText(text: string): { code: MessageCode; rest: string; values?: MessageValues } | undefined {
  filledTexts ??= new Map([[passwordTooShortMessage(), { code: 'passwordTooShort', values: { min: PASSWORD_MIN_LENGTH } }]]);
  const filled = filledTexts.get(text);
  if (filled !== undefined) return { code: filled.code, rest: '', values: filled.values };
  if (codeOfSpecText === undefined || prefixTexts === undefined) {
    const entries = Object.entries(CATALOG_SOURCES.spec.messages) as [MessageCode, string][];
    codeOfSpecText = new Map(entries.filter(([, spec]) => !spec.includes('{')).map(([code, spec]) => [spec, code]));
    prefixTexts = [...codeOfSpecText].sort(([a], [b]) => b.length - a.length);
  }
  const exact = codeOfSpecText.get(text);
  if (exact !== undefined) return { code: exact, rest: '' };
  const prefix = prefixTexts.find(([spec]) => text.startsWith(spec) && /^[\s:,.]/.test(text.slice(spec.length)));
  return prefix === undefined ? undefined : { code: prefix[1], rest: text.slice(prefix[0].length) };
}

/**
 * A server text as pieces: a text of messages.json (found by its wording, as codeOfText finds it)
 * as its key and values, then what follows it; any other text (a database's, an author's) as it is.
 */
export function partsOfText(text: string): TextParts {
  const coded = codeOfText(text);
  if (coded === undefined) return [text];
  return [coded.values === undefined ? { key: coded.code } : { key: coded.code, values: coded.values }, coded.rest];
}

/**
 * A server text in the reader's language: a text of messages.json (with what follows it)
 * translated, any other (an author's own, a database's) as it is.
 */
export function translateText(language: Language, text: string): { text: string; code?: MessageCode } {
  const found = codeOfText(text);
  if (found === undefined) return { text };
  return { text: language === 'spec' ? text : translate(language, found.code, found.values) + found.rest, code: found.code };
}

let specKeys: Set<string> | undefined;

/** Whether a text read back from storage names a text of the catalogs (a key renamed since does not). */
export const isMessageKey = (key: string): key is MessageKey => (specKeys ??= new Set(Object.keys(catalogOf('spec')))).has(key);
