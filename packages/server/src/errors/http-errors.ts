import type { LocalText, MessageCode, MessageValues } from '@rakit/core';
import { translate } from '@rakit/core/translate';

/**
 * An error whose message is safe to show to the caller, with the HTTP status to answer. Its
 * text is a text of the specification's messages (found by its wording), or a LocalText (a
 * key and the values of its placeholders): the answer gives it in the caller's language with
 * the key as its `code` (http/error-handler.ts). `message` is the specification's wording.
 */
export class HttpError extends Error {
  readonly local: LocalText | undefined;

  /** `details` follow the message in the answer's error list. */
  constructor(readonly statusCode: number, text: string | LocalText, readonly details: string[] = []) {
    super(typeof text === 'string' ? text : translate('spec', text.key, text.values));
    this.local = typeof text === 'string' ? undefined : text;
    this.name = 'HttpError';
  }
}

export const badRequest = (text: string | LocalText) => new HttpError(400, text);
export const unauthorized = (text: string | LocalText) => new HttpError(401, text);
export const forbidden = (text: string | LocalText) => new HttpError(403, text);
export const notFound = (text: string | LocalText) => new HttpError(404, text);
export const conflict = (text: string | LocalText) => new HttpError(409, text);

/** `{ key, values }` of a server text, checked against the catalog's keys. */
export const local = (key: MessageCode, values?: MessageValues): LocalText => (values === undefined ? { key } : { key, values });


/** A name set in single quotes inside an error ("Table 'orders' does not exist"): ICU would read quotes written in the catalog as its own. */
export const quoted = (name: string | number): string => `'${String(name)}'`;
