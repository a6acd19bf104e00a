import { randomBytes } from 'node:crypto';

/**
 * An id of lowercase letters and digits that cannot be guessed: each character one of 36, so 24
 * of them hold ~124 bits (tokens for machines, webhooks). Read from a byte each, the slight bias
 * of `% 36` costs a fraction of a bit.
 */
export const unguessableId = (length = 24): string => [...randomBytes(length)].map((byte) => (byte % 36).toString(36)).join('');

/** A secret of 32 random bytes, base64url, behind a prefix that names what it opens. */
export const prefixedSecret = (prefix: string): string => `${prefix}${randomBytes(32).toString('base64url')}`;
