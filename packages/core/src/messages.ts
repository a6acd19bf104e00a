import { PASSWORD_MIN_LENGTH } from './constants';

/**
 * The specification's texts both browser and server use (spec 1 §5, §8; spec 2 and 3): the
 * `messages` area of its catalog (i18n/catalogs/spec/messages.json), by key. Each key is also
 * the text's stable code in an error answer; the other catalogs translate it (issue 35).
 */
// A namespace of the JSON's keys, not one object: a bundle keeps only the texts its code names,
// so the browser's first load does not carry every server message (issue 35's budget).
import * as Messages from './i18n/catalogs/spec/messages.json';

export { Messages };

/** The password-length rule's text, its minimum filled (in the specification's wording). */
export const passwordTooShortMessage = (): string => Messages.passwordTooShort.replace('{min}', String(PASSWORD_MIN_LENGTH));
