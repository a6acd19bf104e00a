import { z } from 'zod';
import { defineCall, lazyCalls } from './contract';

/*
 * A second factor (issue 36): a person turns on TOTP (an authenticator app's six-digit codes) for
 * his own account, with ten one-time recovery codes; a password sign-in of his then needs a code
 * (/auth/login's `code`). An application may require one of its administrators: an administrator
 * who has none signs in to a session that may only set one up.
 */

/** How many recovery codes a person gets, each good once. */
export const RECOVERY_CODE_COUNT = 10;

/** A code as typed: six digits from the authenticator app, or a recovery code (xxxxx-xxxxx). */
export const SecondFactorCodeSchema = z.string().trim().min(6).max(20);

/** Checked again with the account's password and a current code: a session left open is not the account. */
const ProofSchema = z.object({ password: z.string().min(1).max(200), code: SecondFactorCodeSchema });

export const SecondFactorStatusSchema = z.object({
  /** TOTP is on. */
  totp: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int().nonnegative(),
  /** The application of this session requires a second factor of him (an administrator of it), or it is _root's super administrator who has one. */
  requiredHere: z.boolean(),
  /** This session may only set one up (an administrator of an application that requires one, who has none). */
  mustSetUp: z.boolean(),
  /** Whether the account signs in with a password at all (single sign-on accounts have none: their provider's factors apply). */
  passwordAccount: z.boolean(),
});
export type SecondFactorStatus = z.infer<typeof SecondFactorStatusSchema>;

const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT) });

export const secondFactorCalls = lazyCalls(() => ({
  getSecondFactor: defineCall({
    method: 'GET', path: '/auth/secondFactor', tag: 'second-factor',
    summary: 'Whether the caller has a second factor, how many recovery codes are left, and whether it is required here',
    data: SecondFactorStatusSchema,
    access: { level: 'signedIn' },
  }),
  startSecondFactor: defineCall({
    method: 'POST', path: '/auth/secondFactor/start', tag: 'second-factor',
    summary: 'A new TOTP secret to put in an authenticator app (as text and as an otpauth:// address for a QR code)',
    description: 'Nothing changes until the secret is confirmed with a code; starting again replaces it. Refused (400) while one is on: it is turned off first, with a current code.',
    body: z.object({}),
    data: z.object({ secret: z.string(), uri: z.string() }),
    access: { level: 'signedIn' },
  }),
  confirmSecondFactor: defineCall({
    method: 'POST', path: '/auth/secondFactor/confirm', tag: 'second-factor',
    summary: 'Turn TOTP on with a code of the new secret and the account\'s password; answers the recovery codes, shown once',
    description: 'This session counts as signed in with a second factor from then on; the other sessions stay as they are.',
    body: ProofSchema,
    data: RecoveryCodesSchema,
    access: { level: 'signedIn' },
  }),
  disableSecondFactor: defineCall({
    method: 'POST', path: '/auth/secondFactor/disable', tag: 'second-factor',
    summary: 'Turn TOTP off with the account\'s password and a current code (or a recovery code)',
    description: 'Refused (403) where it is required of him.',
    body: ProofSchema,
    data: z.object({ totp: z.literal(false) }),
    access: { level: 'signedIn' },
  }),
  renewRecoveryCodes: defineCall({
    method: 'POST', path: '/auth/secondFactor/recoveryCodes', tag: 'second-factor',
    summary: 'New recovery codes, shown once; the earlier ones no longer work',
    body: ProofSchema,
    data: RecoveryCodesSchema,
    access: { level: 'signedIn' },
  }),
  resetUserSecondFactor: defineCall({
    method: 'POST', path: '/auth/resetSecondFactor', tag: 'second-factor',
    summary: 'Turn off the second factor of a user who lost it (an administrator who may set his password); his sessions end',
    description: 'Never one\'s own (400: that needs one\'s password and a code). A password reset alone never turns it off.',
    body: z.object({ appId: z.number().int().positive(), userId: z.string().trim().min(1).max(100) }),
    data: z.object({ userId: z.string() }),
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.body.appId } },
  }),
  saveAdminSecondFactor: defineCall({
    method: 'PUT', path: '/save/adminSecondFactor', tag: 'second-factor',
    summary: 'Require a second factor of the application\'s administrators, or not',
    description: 'It applies from each administrator\'s next sign-in: one who has no second factor then signs in to a session that may only set one up. '
      + 'Sign-ins through an identity provider rely on the provider\'s own factors.',
    body: z.object({ appId: z.number().int().positive(), required: z.boolean() }),
    data: z.object({ required: z.boolean() }),
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.body.appId } },
  }),
}));
