import { createHash, randomBytes } from 'node:crypto';
import {
  DEFAULT_SSO_SCOPES, groupsForApp, type IdentityProvider, MAIN_APP_SLUG, Messages, mayEnterApp, type SaveIdentityProviderBody,
  type SessionUser, type SignInOptions, ROOT_APP_SLUG, type SsoNewUsers, type SsoRefusal,
} from '@rakit/core';
import * as client from 'openid-client';
import type { AuditContext } from '../audit/context';
import { withAudit } from '../audit/record';
import { badRequest, forbidden, HttpError, notFound } from '../errors/http-errors';
import type { Store } from '../store/db';
import { answeredAs, claimRevision } from '../store/revisions';
import { type AppRow } from '../store/schema';
import { existingApp } from './existing-app';
import { findAppById } from '../store/repositories/apps';
import { addMember, findDefaultGroup, groupsOfUser, listGroupsOfApp, removeMember } from '../store/repositories/groups';
import {
  accountOfSubject, deleteIdentityProvider, findIdentityProvider, type IdentityProviderRow, insertIdentityProvider, insertSignInState, insertTicket,
  linkSubject, providersOfApp, pruneSignIns, setPasswordSignIn, takeSignInState, takeTicket, updateIdentityProvider,
} from '../store/repositories/identity-providers';
import { findUser, insertUser, NO_PASSWORD } from '../store/repositories/users';
import { type SessionClient, startSession } from './sessions';
import { discover, providerClient } from './oidc-client';
import { recordSignIn, signInRefused } from './sign-in-audit';
import type { Services } from '../services';

/**
 * Single sign-on through an application's OpenID Connect providers (issue 36): authorization
 * code flow with PKCE, state and nonce, the id token checked by openid-client (signature,
 * issuer, audience, expiry, nonce). A provider's subject signs in as the account linked to it,
 * never one found by an e-mail: a new subject gets an account of its own in the application
 * (its home, so no other application's administrator reaches it), or is refused, as the
 * provider says. The account's groups of the application follow the provider's groups claim
 * at each sign-in when one is named. The browser comes back with a one-time ticket, which the
 * application's page trades for a session.
 */

/** How long the browser may stay at the provider. */
const AT_PROVIDER_MS = 10 * 60 * 1000;
/** How long a ticket waits for the application's page to trade it. */
const TICKET_MS = 60 * 1000;

const toIdentityProvider = (row: IdentityProviderRow): IdentityProvider => ({
  providerId: row.providerId,
  appId: row.appId,
  name: row.providerName,
  issuer: row.issuer,
  clientId: row.clientId,
  hasClientSecret: row.clientSecretEnc !== '',
  scopes: row.scopes,
  groupsClaim: row.groupsClaim,
  newUsers: row.newUsers as SsoNewUsers,
  revision: row.revision,
});

/** The sign-in screen of an application: its providers' buttons, and the password form unless it signs in through them only. */
export async function signInOptionsOf(store: Store, app: Pick<AppRow, 'appId' | 'appPasswordSignIn'>): Promise<SignInOptions> {
  const providers = await providersOfApp(store, app.appId);
  return { password: app.appPasswordSignIn !== 0 || providers.length === 0, providers: providers.map((p) => ({ providerId: p.providerId, name: p.providerName })) };
}


export async function listIdentityProviders(services: Services, appId: number): Promise<{ password: boolean; adminSecondFactor: boolean; providers: IdentityProvider[] }> {
  const target = await existingApp(services.store, appId);
  const rows = await providersOfApp(services.store, appId);
  return { password: target.appPasswordSignIn !== 0 || rows.length === 0, adminSecondFactor: target.appAdminSecondFactor === 1, providers: rows.map(toIdentityProvider) };
}

/** The provider of the application (a provider of another one is answered as missing). */
async function providerOfApp(store: Store, appId: number, providerId: number): Promise<IdentityProviderRow> {
  const row = await findIdentityProvider(store, providerId);
  if (row === undefined || row.appId !== appId) throw notFound(Messages.ssoProviderNotFound);
  return row;
}

/**
 * Adds or edits a provider after reading its discovery document with the client it names (its
 * address vetted, the issuer allowed): a provider that cannot be reached is not saved. An
 * empty secret keeps the stored one; a new provider needs one.
 */
export async function saveIdentityProvider(
  services: Services, audit: AuditContext, body: SaveIdentityProviderBody,
): Promise<{ providerId: number; revision: number; created: boolean }> {
  const target = await existingApp(services.store, body.appId);
  // Applications are built in main and run from _root: their people sign in with Rakit's passwords.
  if (target.appSlug === MAIN_APP_SLUG || target.appSlug === ROOT_APP_SLUG) throw forbidden(Messages.forbidden);
  const existing = body.providerId === null ? undefined : await providerOfApp(services.store, body.appId, body.providerId);
  if (existing === undefined && body.clientSecret === '') throw badRequest(Messages.ssoClientSecretRequired);
  const secret = body.clientSecret !== '' ? body.clientSecret : services.secretBox.open(existing!.clientSecretEnc);
  await discover(services, body.issuer, body.clientId, secret);
  const values = {
    providerName: body.name, issuer: body.issuer, clientId: body.clientId, clientSecretEnc: body.clientSecret === '' ? existing!.clientSecretEnc : services.secretBox.seal(body.clientSecret),
    scopes: body.scopes === '' ? DEFAULT_SSO_SCOPES : body.scopes, groupsClaim: body.groupsClaim, newUsers: body.newUsers,
  };
  const fact = (saved: { providerId: number }) => ({
    appId: body.appId, entityType: 'identityProvider', entityId: saved.providerId, summary: { key: 'audit.identityProviderSaved', values: { provider: body.name } } as const,
  });
  return withAudit(services.store, audit, fact, async (trx) => {
    if (existing === undefined) return { providerId: await insertIdentityProvider(trx, body.appId, values), revision: 1, created: true };
    const { providerId } = existing;
    const revision = await claimRevision(trx, 'identityProviders', providerId, body.revision, answeredAs((store) => findIdentityProvider(store, providerId), toIdentityProvider));
    await updateIdentityProvider(trx, providerId, values);
    return { providerId, revision, created: false };
  });
}

/** Removes a provider (its subjects' links and sign-ins under way go with it); the last one takes single-sign-on-only with it. */
export async function removeIdentityProvider(services: Services, audit: AuditContext, appId: number, providerId: number): Promise<{ providerId: number }> {
  const row = await providerOfApp(services.store, appId, providerId);
  await withAudit(services.store, audit, { appId, entityType: 'identityProvider', entityId: providerId, summary: { key: 'audit.identityProviderDeleted', values: { provider: row.providerName } } }, async (trx) => {
    await deleteIdentityProvider(trx, providerId);
    if ((await providersOfApp(trx, appId)).length === 0) await setPasswordSignIn(trx, appId, true);
  });
  return { providerId };
}

/** Offers the password form or not; single sign-on only needs a provider, and never in main or _root (where applications are built and run). */
export async function savePasswordSignIn(services: Services, audit: AuditContext, appId: number, password: boolean): Promise<{ password: boolean }> {
  const target = await existingApp(services.store, appId);
  if (!password && (target.appSlug === MAIN_APP_SLUG || target.appSlug === ROOT_APP_SLUG)) throw forbidden(Messages.forbidden);
  await withAudit(services.store, audit, { appId, entityType: 'app', entityId: appId, summary: { key: password ? 'audit.passwordSignInOn' : 'audit.passwordSignInOff' } }, async (trx) => {
    if (!password && (await providersOfApp(trx, appId)).length === 0) throw badRequest(Messages.ssoNeedsProvider);
    await setPasswordSignIn(trx, appId, password);
  });
  return { password };
}

/** Where the provider sends the browser back: this server's own address, as the browser reached it. */
export const callbackUrlOf = (origin: string): string => `${origin}/auth/sso/callback`;

/**
 * The provider's authorization address for a sign-in into the provider's application: a new
 * state, nonce and PKCE verifier are kept (one use, AT_PROVIDER_MS) before the browser leaves.
 */
export async function startSignIn(services: Services, providerId: number, origin: string): Promise<{ location: string }> {
  const provider = await findIdentityProvider(services.store, providerId);
  if (provider === undefined) throw notFound(Messages.ssoProviderNotFound);
  const target = await existingApp(services.store, provider.appId);
  // A provider that cannot be reached now sends the person back to the sign-in screen, told so.
  const configuration = await providerClient(services, provider).catch((error: unknown) => {
    services.log.warn({ err: error, providerId }, 'an identity provider could not be reached');
    throw new SignInRefusal('ssoProviderFailed', target.appSlug);
  });
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  await pruneSignIns(services.store, new Date(Date.now() - AT_PROVIDER_MS).toISOString());
  await insertSignInState(services.store, { state, providerId, codeVerifier, nonce });
  const location = client.buildAuthorizationUrl(configuration, {
    redirect_uri: callbackUrlOf(origin), scope: provider.scopes, state, nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier), code_challenge_method: 'S256',
  });
  return { location: location.href };
}

/** A refused sign-in, said by its code on the application's sign-in screen. */
export class SignInRefusal extends Error {
  constructor(readonly code: SsoRefusal, readonly appSlug: string | undefined) {
    super(Messages[code]);
    this.name = 'SignInRefusal';
  }
}

const hashOf = (ticket: string): string => createHash('sha256').update(ticket).digest('hex');

/** The claim's strings (a provider's groups claim: an array, or one group). */
function claimStrings(value: unknown): string[] | undefined {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return undefined;
}

/**
 * The account a provider's subject signs in as: the one linked to it, else (when the provider
 * makes accounts) a new one in the application's default group, named by the provider's
 * verified e-mail, else its preferred user name, else its subject; an id another account holds
 * is refused, never taken over.
 */
async function accountOf(trx: Store, provider: IdentityProviderRow, claims: client.IDToken, appSlug: string): Promise<string> {
  const linked = await accountOfSubject(trx, provider.providerId, claims.sub);
  if (linked !== undefined) return linked;
  if (provider.newUsers !== 'create') throw new SignInRefusal('ssoNoAccount', appSlug);
  const email = claims.email_verified === true && typeof claims.email === 'string' ? claims.email : undefined;
  const preferred = typeof claims.preferred_username === 'string' ? claims.preferred_username : undefined;
  const userId = (email ?? preferred ?? claims.sub).trim().slice(0, 100);
  if (userId === '' || (await findUser(trx, userId)) !== undefined) throw new SignInRefusal('ssoIdTaken', appSlug);
  const defaultGroup = await findDefaultGroup(trx, provider.appId);
  if (defaultGroup === undefined) throw new SignInRefusal('ssoNoAccount', appSlug);
  await insertUser(trx, userId, NO_PASSWORD, provider.appId);
  await addMember(trx, defaultGroup.groupId, userId);
  await linkSubject(trx, provider.providerId, claims.sub, userId);
  return userId;
}

/** The account's groups of the application made those the claim names by slug (its default group when it names none of them). */
async function followGroupsClaim(trx: Store, provider: IdentityProviderRow, userId: string, claim: string[]): Promise<void> {
  const groups = await listGroupsOfApp(trx, provider.appId);
  const named = new Set(claim);
  const wanted = groups.filter((group) => named.has(group.groupSlug));
  const kept = wanted.length > 0 ? wanted : groups.filter((group) => group.groupIsDefault === '1');
  for (const group of groups) {
    if (kept.includes(group)) await addMember(trx, group.groupId, userId);
    else await removeMember(trx, group.groupId, userId);
  }
}

/**
 * The provider's answer at the callback (the browser's whole address): the state taken once,
 * the code traded with the PKCE verifier, the id token checked, the account found or made and
 * its groups followed; answers where to send the browser (the application's /auth/sso page
 * with a ticket). A refusal is a SignInRefusal, recorded in the application's audit log.
 */
export async function finishSignIn(services: Services, callbackUrl: URL, audit: AuditContext): Promise<{ location: string }> {
  const state = callbackUrl.searchParams.get('state') ?? '';
  const pending = state === '' ? undefined : await takeSignInState(services.store, state, new Date(Date.now() - AT_PROVIDER_MS).toISOString());
  const provider = pending === undefined ? undefined : await findIdentityProvider(services.store, pending.providerId);
  if (pending === undefined || provider === undefined) throw new SignInRefusal('ssoTicketInvalid', undefined);
  const target = await existingApp(services.store, provider.appId);
  const refuse = async (code: SsoRefusal, who: string): Promise<never> => {
    await signInRefused(services, { ...audit, appId: target.appId }, target, who, new HttpError(401, Messages[code]));
    throw new SignInRefusal(code, target.appSlug);
  };
  let claims: client.IDToken | undefined;
  try {
    const configuration = await providerClient(services, provider);
    const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: pending.codeVerifier, expectedState: state, expectedNonce: pending.nonce, idTokenExpected: true,
    });
    const idToken = tokens.claims();
    // Many providers say who someone is (e-mail, name, groups) only at their userinfo endpoint
    // when an access token is issued; the id token's claims win, and the subject must be its own.
    const userInfo = idToken === undefined || configuration.serverMetadata().userinfo_endpoint === undefined
      ? {}
      : await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
    claims = idToken === undefined ? undefined : { ...userInfo, ...idToken };
  } catch (error) {
    services.log.warn({ err: error, providerId: provider.providerId }, 'a single sign-on answer was refused');
  }
  if (claims === undefined) return refuse('ssoRefused', `${provider.providerName}:?`);
  const signedIn = claims;
  const groupsClaim = provider.groupsClaim === null ? undefined : claimStrings(signedIn[provider.groupsClaim]);
  let userId: string;
  try {
    userId = await services.store.transaction().execute(async (trx) => {
      const account = await accountOf(trx, provider, signedIn, target.appSlug);
      if (groupsClaim !== undefined) await followGroupsClaim(trx, provider, account, groupsClaim);
      return account;
    });
  } catch (error) {
    if (error instanceof SignInRefusal) return refuse(error.code, `${provider.providerName}:${signedIn.sub}`);
    throw error;
  }
  const groups = await groupsOfUser(services.store, userId);
  if (!mayEnterApp(groups, target) || groupsForApp(groups, target).length === 0) return refuse('ssoNoAccount', userId);
  const ticket = randomBytes(32).toString('base64url');
  await insertTicket(services.store, { state: `t${randomBytes(24).toString('base64url')}`, providerId: provider.providerId, ticketHash: hashOf(ticket), userId });
  await recordSignIn(services, { ...audit, appId: target.appId }, target, userId);
  return { location: `/${encodeURIComponent(target.appSlug)}/auth/sso?ticket=${ticket}` };
}

/** Trades a ticket for a session of its application, as /auth/login answers (once, within TICKET_MS). */
export async function redeemTicket(services: Services, ticket: string, sessionClient: SessionClient): Promise<SessionUser[]> {
  const taken = await takeTicket(services.store, hashOf(ticket), new Date(Date.now() - TICKET_MS).toISOString());
  const provider = taken === undefined ? undefined : await findIdentityProvider(services.store, taken.providerId);
  const target = provider === undefined ? undefined : await findAppById(services.store, provider.appId);
  const user = taken === undefined ? undefined : await findUser(services.store, taken.userId);
  if (taken === undefined || target === undefined || user === undefined) throw badRequest(Messages.ssoTicketInvalid);
  const groups = await groupsOfUser(services.store, user.userId);
  if (!mayEnterApp(groups, target) || groupsForApp(groups, target).length === 0) throw forbidden(Messages.ssoNoAccount);
  return startSession(services.store, services.tokens, { user, groups, target, method: 'singleSignOn', client: sessionClient });
}

