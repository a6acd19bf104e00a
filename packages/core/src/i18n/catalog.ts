import type { CATALOG_SOURCES } from './catalogs';

type SpecSources = (typeof CATALOG_SOURCES)['spec'];

/**
 * A text of the catalogs, by its key: a typo in a key fails the type check. The specification's
 * catalog is the reference every other one must match key for key (server/test/i18n-catalogs.test.ts).
 */
export type MessageKey = { [Area in keyof SpecSources]: keyof SpecSources[Area] & string }[keyof SpecSources];

/** The key of a text both sides use (messages.json): the stable code of a server error. */
export type MessageCode = keyof SpecSources['messages'] & string;

/** A placeholder's value: ICU formats numbers and picks plural forms itself. */
export type MessageValues = Record<string, string | number | Date>;

/**
 * A text to show, not yet in a language: its key and the values of its placeholders. What a
 * module that does not know its reader's language (the server's errors, shared rules) returns.
 */
export interface LocalText {
  key: MessageKey;
  values?: MessageValues;
}

/**
 * A text made of pieces, some in a language (LocalText), some in none (a step's alias, a
 * parameter's name, what a database or mail server said): a workflow run's failure is stored
 * this way, and each reader gets it in his own language.
 */
export type TextParts = readonly (string | LocalText)[];

/** The pieces as one text, each LocalText said by `say`. */
export const partsText = (parts: TextParts, say: (text: LocalText) => string): string =>
  parts.map((part) => (typeof part === 'string' ? part : say(part))).join('');
