import { PASSWORD_MIN_LENGTH, PHONE_PREFIX } from '../constants';
import type { MessageCode } from '../i18n/catalog';

export interface RegistrationInput {
  userId: string;
  password: string;
  confirm_password: string;
}

/** What registrationError finds wrong: the code of its message in the catalogs. */
export type RegistrationProblem = Extract<MessageCode, 'registerUsernameEmpty' | 'registerPasswordShort' | 'registerPasswordMismatch' | 'registerPhonePrefix'>;

/**
 * The register screen's checks in the order of spec 1 §5; the first failure wins.
 * Returns the code of the message to show (in the reader's catalog), or null when the input may be sent.
 */
export function registrationError(input: RegistrationInput): RegistrationProblem | null {
  if (input.userId.trim() === '') return 'registerUsernameEmpty';
  if (!isPasswordLongEnough(input.password)) return 'registerPasswordShort';
  if (input.confirm_password === '' || input.confirm_password !== input.password) return 'registerPasswordMismatch';
  if (!isWhatsAppNumber(input.userId)) return 'registerPhonePrefix';
  return null;
}

/**
 * The one password rule (spec 1 §9: at least 8 characters), for every way a password is set:
 * registration, an administrator's new user or new password, a reset, one's own change.
 */
export function isPasswordLongEnough(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH;
}

/** A username on the register route: digits only, starting with 08. */
export function isWhatsAppNumber(userId: string): boolean {
  return /^08\d{6,14}$/.test(userId);
}

/**
 * What the register screen's phone field keeps of what is typed or pasted: it is a number field
 * (spec 1 screen 2), so anything but a digit is dropped, then the 08 prefix is forced.
 */
export function typedPhone(value: string): string {
  return forcePhonePrefix(value.replace(/\D/g, ''));
}

/**
 * The phone field's typing rule: when the value does not start with 08 its first
 * character is replaced by 08 (spec 1 §5 rule 4). A lone '0' is a prefix being typed.
 */
export function forcePhonePrefix(value: string): string {
  if (value === '' || value === '0' || value.startsWith(PHONE_PREFIX)) return value;
  return PHONE_PREFIX + value.slice(1);
}
