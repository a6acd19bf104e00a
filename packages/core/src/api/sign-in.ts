import { z } from 'zod';
import { Messages } from '../messages';
import { SessionUserSchema } from '../schemas/entities';
import { baseRevisionField, revisionField } from '../schemas/revision';
import { CREATED_OR_SAVED, defineCall, lazyCalls } from './contract';

/*
 * Single sign-on (issue 36): an application's identity providers (OpenID Connect), set up by
 * its administrators, and whether its sign-in screen still offers the password form. The
 * browser's trip to the provider and back is two navigations the server answers with
 * redirects (GET /auth/sso/{providerId}/start, GET /auth/sso/callback), not calls: they end on
 * the application's /auth/sso page with a one-time ticket, which the page trades for a session
 * (redeemSignInTicket), so no session token ever travels in an address.
 */

const id = z.number().int().positive();

/** What new people signing in through a provider get: an account in the default group, or a refusal. */
export const SSO_NEW_USERS = ['create', 'refuse'] as const;
export const SsoNewUsersSchema = z.enum(SSO_NEW_USERS);
export type SsoNewUsers = z.infer<typeof SsoNewUsersSchema>;

/** Why a single sign-on came back refused: the code the server sends the browser back with (`?sso=`). */
export const SSO_REFUSALS = ['ssoRefused', 'ssoNoAccount', 'ssoIdTaken', 'ssoTicketInvalid', 'ssoProviderFailed'] as const;
export type SsoRefusal = (typeof SSO_REFUSALS)[number];
export const isSsoRefusal = (code: string): code is SsoRefusal => (SSO_REFUSALS as readonly string[]).includes(code);

/** The scopes asked for when an administrator names none. */
export const DEFAULT_SSO_SCOPES = 'openid email profile';

/** A provider as its application's settings list it: never its client secret. */
export const IdentityProviderSchema = z.object({
  providerId: id,
  appId: id,
  /** Shown on the sign-in button ("Masuk dengan {name}"). */
  name: z.string(),
  /** The issuer's URL; its discovery document is read from it. */
  issuer: z.string(),
  clientId: z.string(),
  hasClientSecret: z.boolean(),
  scopes: z.string(),
  /** The id token's claim naming the user's groups (mapped to the application's group slugs at each sign-in); null: none. */
  groupsClaim: z.string().nullable(),
  newUsers: SsoNewUsersSchema,
  ...revisionField,
});
export type IdentityProvider = z.infer<typeof IdentityProviderSchema>;

const SCOPE = /^[\x21\x23-\x5B\x5D-\x7E]+$/;

export const SaveIdentityProviderBodySchema = z.object({
  appId: id,
  providerId: id.nullable().default(null),
  name: z.string().trim().min(1, Messages.ssoNameRequired).max(60),
  issuer: z.string().trim().min(1, Messages.ssoIssuerRequired).max(500).url(Messages.ssoIssuerInvalid),
  clientId: z.string().trim().min(1, Messages.ssoClientIdRequired).max(255),
  /** Empty when editing keeps the stored secret. */
  clientSecret: z.string().max(1000).default(''),
  scopes: z.string().trim().max(500).default(DEFAULT_SSO_SCOPES)
    .refine((text) => text.split(/\s+/).every((scope) => SCOPE.test(scope)) && text.split(/\s+/).includes('openid'), Messages.ssoScopesInvalid),
  groupsClaim: z.string().trim().max(100).nullable().default(null).transform((claim) => (claim === '' ? null : claim)),
  newUsers: SsoNewUsersSchema.default('create'),
  /** The provider's revision the edit was based on (issue 33). */
  ...baseRevisionField,
});
export type SaveIdentityProviderBody = z.infer<typeof SaveIdentityProviderBodySchema>;

const AppIdParamsSchema = z.object({ appId: z.coerce.number().int().positive() });

/** How a session was started: the password form, an identity provider, an administrator opening his application from main, or a passkey. */
export const SESSION_METHODS = ['password', 'singleSignOn', 'fromMain', 'passkey'] as const;
export const SessionMethodSchema = z.enum(SESSION_METHODS);
export type SessionMethod = z.infer<typeof SessionMethodSchema>;

/** A device class as the browser's user agent tells it. */
export const DEVICE_KINDS = ['desktop', 'mobile', 'tablet', 'other'] as const;

/**
 * One of the signed-in person's sessions (issue 36): where and when it was started and last
 * used. Times are ISO strings; `browser` and `system` are read from the user agent ("" when it
 * names none); `address` is the client's address as the server saw it.
 */
export const OwnSessionSchema = z.object({
  sessionId: z.string(),
  /** The session this very call is made in. */
  current: z.boolean(),
  appSlug: z.string(),
  method: SessionMethodSchema,
  browser: z.string(),
  system: z.string(),
  device: z.enum(DEVICE_KINDS),
  address: z.string(),
  signedInAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
});
export type OwnSession = z.infer<typeof OwnSessionSchema>;

/** Which of his own sessions a person ends: one by id, every other one, or this one (signing out). */
export const EndOwnSessionsBodySchema = z.discriminatedUnion('end', [
  z.object({ end: z.literal('one'), sessionId: z.string().min(1).max(64) }),
  z.object({ end: z.literal('others') }),
  z.object({ end: z.literal('current') }),
]);
export type EndOwnSessionsBody = z.infer<typeof EndOwnSessionsBodySchema>;

export const signInCalls = lazyCalls(() => ({
  listIdentityProviders: defineCall({
    method: 'GET', path: '/get/identityProviders/:appId', tag: 'sign-in',
    summary: 'An application\'s identity providers, whether it offers the password form and requires a second factor of its administrators (its administrators); never a client secret',
    params: AppIdParamsSchema,
    data: z.object({ password: z.boolean(), adminSecondFactor: z.boolean(), providers: z.array(IdentityProviderSchema) }),
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.params.appId } },
  }),
  saveIdentityProvider: defineCall({
    method: 'POST', path: '/save/identityProvider', tag: 'sign-in',
    summary: 'Add (providerId null) or edit an OpenID Connect provider of an application; an empty client secret keeps the stored one',
    description: 'The issuer\'s discovery document is read before saving: its address must be public (unless the operator allows private ones), '
      + 'among RAKIT_ALLOWED_OIDC_ISSUERS when the operator sets it, and name the same issuer. The secret is sealed at rest and never answered.',
    body: SaveIdentityProviderBodySchema,
    data: z.object({ providerId: id, ...revisionField }),
    conflict: IdentityProviderSchema,
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.body.appId } },
    successCode: CREATED_OR_SAVED,
  }),
  deleteIdentityProvider: defineCall({
    method: 'DELETE', path: '/delete/identityProvider', tag: 'sign-in',
    summary: 'Remove an identity provider; the accounts it made stay, and can no longer sign in through it',
    body: z.object({ appId: id, providerId: id }),
    data: z.object({ providerId: id }),
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.body.appId } },
  }),
  savePasswordSignIn: defineCall({
    method: 'PUT', path: '/save/passwordSignIn', tag: 'sign-in',
    summary: 'Offer the password form on the application\'s sign-in screen, or single sign-on only',
    description: 'Single sign-on only needs a provider. Its administrators still reach it from main; the super administrator from _root.',
    body: z.object({ appId: id, password: z.boolean() }),
    data: z.object({ password: z.boolean() }),
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.body.appId } },
  }),
  endUserSessions: defineCall({
    method: 'POST', path: '/auth/endSessions', tag: 'sign-in',
    summary: 'End every session of a user of the application (its administrators, for an account whose password they may set)',
    description: 'Each of his tokens is refused on its next call, on every replica (at once where Redis carries the news, else within RAKIT_READ_CACHE_MS); '
      + 'he signs in again. An account in another builder\'s application too is out of reach (403), as for setting its password.',
    body: z.object({ appId: id, userId: z.string().trim().min(1).max(100) }),
    data: z.object({ userId: z.string() }),
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.body.appId } },
  }),
  listOwnSessions: defineCall({
    method: 'GET', path: '/auth/sessions', tag: 'sign-in',
    summary: 'The caller\'s own sessions, in every application, this one first, then by last use: device, address, when started and last used',
    description: 'Last use is kept to the minute. Sessions that have expired or were ended are not listed.',
    data: z.object({ sessions: z.array(OwnSessionSchema) }),
    access: { level: 'signedIn' },
  }),
  endOwnSessions: defineCall({
    method: 'POST', path: '/auth/sessions/end', tag: 'sign-in',
    summary: 'End one of the caller\'s own sessions, every other one, or the current one (signing out)',
    description: 'An ended session\'s token is refused on its next call, on every replica (at once where Redis carries the news, else within RAKIT_READ_CACHE_MS). '
      + 'A session id that is not the caller\'s is answered as one that does not exist (404).',
    body: EndOwnSessionsBodySchema,
    data: z.object({ ended: z.number().int().nonnegative() }),
    access: { level: 'signedIn' },
  }),
  redeemSignInTicket: defineCall({
    method: 'POST', path: '/auth/sso/ticket', tag: 'sign-in',
    summary: 'Trade the one-time ticket a provider\'s sign-in ended with for a session, as /auth/login answers',
    description: 'A ticket is good once, for a minute, in the application it was made for.',
    body: z.object({ ticket: z.string().min(16).max(100) }),
    data: z.array(SessionUserSchema),
    access: { level: 'public' },
  }),
}));
