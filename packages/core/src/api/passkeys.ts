import { z } from 'zod';
import { SessionUserSchema } from '../schemas/entities';
import { CREATED_OR_SAVED, defineCall, lazyCalls } from './contract';

/*
 * Passkeys (issue 36): a person registers passkeys (WebAuthn: a phone's fingerprint or face, a
 * computer's, a security key) and signs in with one instead of his password. The server hands
 * out a challenge, the browser's authenticator signs it, the server checks the signature with the
 * stored public key (SimpleWebAuthn). The options and answers are WebAuthn's own JSON, passed
 * through as the browser's API makes them.
 */

/** A WebAuthn credential's id, base64url. */
const CredentialIdSchema = z.string().min(1).max(700).regex(/^[A-Za-z0-9_-]+$/);

/** A browser's WebAuthn answer (RegistrationResponseJSON / AuthenticationResponseJSON), its parts as base64url text. */
const WebAuthnAnswerSchema = z.looseObject({
  id: CredentialIdSchema,
  rawId: CredentialIdSchema,
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().max(10_000) }),
});

/** WebAuthn's options for the browser (PublicKeyCredentialCreationOptionsJSON / …RequestOptionsJSON). */
const WebAuthnOptionsSchema = z.looseObject({ challenge: z.string() });

export const PasskeySchema = z.object({
  credentialId: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Synced by its provider (a phone's keychain), so it survives a lost device. */
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof PasskeySchema>;

const AppSlugSchema = z.string().trim().min(1).max(100);

export const passkeyCalls = lazyCalls(() => ({
  listPasskeys: defineCall({
    method: 'GET', path: '/auth/passkeys', tag: 'passkeys',
    summary: 'The caller\'s passkeys',
    data: z.object({ passkeys: z.array(PasskeySchema) }),
    access: { level: 'signedIn' },
  }),
  startPasskeyRegistration: defineCall({
    method: 'POST', path: '/auth/passkeys/options', tag: 'passkeys',
    summary: 'WebAuthn options to register a new passkey for the caller (a challenge good once, for five minutes)',
    body: z.object({}),
    data: z.object({ options: WebAuthnOptionsSchema }),
    access: { level: 'signedIn' },
  }),
  registerPasskey: defineCall({
    method: 'POST', path: '/auth/passkeys/register', tag: 'passkeys',
    summary: 'Keep the passkey the browser made with those options, under a name',
    body: z.object({ name: z.string().trim().min(1).max(60), response: WebAuthnAnswerSchema }),
    data: z.object({ credentialId: z.string() }),
    access: { level: 'signedIn' },
    successCode: CREATED_OR_SAVED,
  }),
  deletePasskey: defineCall({
    method: 'DELETE', path: '/auth/passkeys', tag: 'passkeys',
    summary: 'Remove one of the caller\'s passkeys; another\'s is answered as missing',
    body: z.object({ credentialId: CredentialIdSchema }),
    data: z.object({ credentialId: z.string() }),
    access: { level: 'signedIn' },
  }),
  startPasskeySignIn: defineCall({
    method: 'POST', path: '/auth/passkey/options', tag: 'passkeys',
    summary: 'WebAuthn options to sign in to an application with a passkey (a challenge good once, for five minutes)',
    body: z.object({ appSlug: AppSlugSchema }),
    data: z.object({ options: WebAuthnOptionsSchema }),
    access: { level: 'public' },
  }),
  signInWithPasskey: defineCall({
    method: 'POST', path: '/auth/passkey/signIn', tag: 'passkeys',
    summary: 'Sign in to an application with a passkey, as /auth/login answers',
    description: 'The same access rule as a password\'s sign-in; a passkey that verified its owner (fingerprint, face, PIN) counts as a second factor too.',
    body: z.object({ appSlug: AppSlugSchema, response: WebAuthnAnswerSchema }),
    data: z.array(SessionUserSchema),
    access: { level: 'public' },
  }),
}));
