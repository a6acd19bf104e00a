import { Messages, type Passkey, type SessionUser } from '@rakit/core';
import {
  type AuthenticationResponseJSON, generateAuthenticationOptions, generateRegistrationOptions, type RegistrationResponseJSON, verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { AuditContext } from '../audit/context';
import { withAudit } from '../audit/record';
import type { Principal } from '../auth/principal';
import { badRequest, forbidden, notFound, unauthorized } from '../errors/http-errors';
import { findAppBySlug } from '../store/repositories/apps';
import {
  deletePasskeyOf, findPasskey, insertChallenge, insertPasskey, notePasskeyUse, passkeysOf, pruneChallenges, takeChallenge,
} from '../store/repositories/passkeys';
import { findUser } from '../store/repositories/users';
import { secondFactorRequiredOf } from './second-factor';
import { type SessionClient, startSession } from './sessions';
import { groupsToEnter, recordSignIn, signInRefused } from './sign-in-audit';
import type { Services } from '../services';

/*
 * Passkeys (issue 36), on SimpleWebAuthn. The relying party is the address the browser uses
 * (its host is the RP ID, so a passkey made on one server's address is offered only there);
 * the browser signs the origin it really is on, which the check compares. Challenges are kept in
 * the store, taken once within five minutes, so any replica takes the answer. Passkeys are
 * discoverable (resident): signing in needs no user id typed, the authenticator offers its own.
 */

const CHALLENGE_MS = 5 * 60 * 1000;
const RP_NAME = 'Rakit';

/** Where the browser is: its origin and the RP ID (the host without port). */
export interface RelyingParty {
  origin: string;
  rpId: string;
}

const since = () => new Date(Date.now() - CHALLENGE_MS).toISOString();

/** What the browser's clientDataJSON says the challenge was (checked against the store, once). */
function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' ? data.challenge : undefined;
  } catch {
    return undefined;
  }
}

export async function listPasskeys(services: Services, caller: Principal): Promise<{ passkeys: Passkey[] }> {
  const rows = await passkeysOf(services.store, caller.userId);
  return { passkeys: rows.map((row) => ({ credentialId: row.credentialId, name: row.passkeyName, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt, backedUp: row.backedUp === 1 })) };
}

export async function startRegistration(services: Services, caller: Principal, party: RelyingParty): Promise<{ options: { challenge: string } }> {
  const existing = await passkeysOf(services.store, caller.userId);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME, rpID: party.rpId, userName: caller.userId, userID: new TextEncoder().encode(caller.userId), attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports === '' ? [] : row.transports.split(',') })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await pruneChallenges(services.store, since());
  await insertChallenge(services.store, options.challenge, 'register', caller.userId);
  return { options };
}

export async function registerPasskey(
  services: Services, caller: Principal, audit: AuditContext, party: RelyingParty, input: { name: string; response: Record<string, unknown> },
): Promise<{ credentialId: string }> {
  const response = input.response as unknown as RegistrationResponseJSON;
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response, expectedOrigin: party.origin, expectedRPID: party.rpId, requireUserVerification: false,
      expectedChallenge: (challenge) => takeChallenge(services.store, challenge, 'register', caller.userId, since()),
    });
  } catch {
    throw badRequest(Messages.passkeyRefused);
  }
  if (!verification.verified) throw badRequest(Messages.passkeyRefused);
  const { credential, credentialBackedUp } = verification.registrationInfo;
  if ((await findPasskey(services.store, credential.id)) !== undefined) throw badRequest(Messages.passkeyRefused);
  await withAudit(services.store, audit, { entityType: 'user', entityId: caller.userId, summary: { key: 'audit.passkeyAdded', values: { name: input.name } } },
    (trx) => insertPasskey(trx, {
      credentialId: credential.id, userId: caller.userId, passkeyName: input.name, publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      signCount: credential.counter, transports: (credential.transports ?? []).join(','), backedUp: credentialBackedUp ? 1 : 0,
      createdAt: new Date().toISOString(), lastUsedAt: null,
    }));
  return { credentialId: credential.id };
}

export async function removePasskey(services: Services, caller: Principal, audit: AuditContext, credentialId: string): Promise<{ credentialId: string }> {
  await withAudit(services.store, audit, { entityType: 'user', entityId: caller.userId, summary: { key: 'audit.passkeyRemoved' } }, async (trx) => {
    if ((await deletePasskeyOf(trx, caller.userId, credentialId)) === 0) throw notFound(Messages.passkeyNotFound);
  });
  return { credentialId };
}

export async function startSignIn(services: Services, party: RelyingParty): Promise<{ options: { challenge: string } }> {
  const options = await generateAuthenticationOptions({ rpID: party.rpId, userVerification: 'preferred' });
  await pruneChallenges(services.store, since());
  await insertChallenge(services.store, options.challenge, 'signIn', null);
  return { options };
}

/**
 * A passkey's sign-in to an application: the challenge taken once, the signature checked with
 * the stored key, its counter moved on; then the same access rule as a password's. A passkey
 * that verified its owner counts as a second factor.
 */
export async function signInWithPasskey(
  services: Services, audit: AuditContext, party: RelyingParty, client: SessionClient, input: { appSlug: string; response: Record<string, unknown> },
): Promise<SessionUser[]> {
  const target = await findAppBySlug(services.store, input.appSlug);
  if (target === undefined) throw notFound(Messages.appNotFound);
  if (target.appPasswordSignIn === 0) throw forbidden(Messages.passkeyOff);
  const response = input.response as unknown as AuthenticationResponseJSON;
  const passkey = await findPasskey(services.store, response.id);
  const user = passkey === undefined ? undefined : await findUser(services.store, passkey.userId);
  // One the browser offers that is not (or no longer) kept here: said as such, no sign-in was tried.
  if (passkey === undefined || user === undefined) throw badRequest(Messages.passkeyNotFound);
  const challenge = challengeOf(response.response.clientDataJSON);
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response, expectedOrigin: party.origin, expectedRPID: party.rpId, requireUserVerification: false,
      expectedChallenge: (given) => given === challenge && takeChallenge(services.store, given, 'signIn', null, since()),
      credential: {
        id: passkey.credentialId, publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')), counter: passkey.signCount,
        transports: passkey.transports === '' ? [] : passkey.transports.split(','),
      },
    });
  } catch {
    throw await signInRefused(services, audit, target, user.userId, unauthorized(Messages.passkeyRefused));
  }
  if (!verification.verified) throw await signInRefused(services, audit, target, user.userId, unauthorized(Messages.passkeyRefused));
  const { newCounter, userVerified, credentialBackedUp } = verification.authenticationInfo;
  await notePasskeyUse(services.store, passkey.credentialId, newCounter, credentialBackedUp, new Date().toISOString());
  const groups = await groupsToEnter(services, audit, target, user.userId);
  const factor = { secondFactor: userVerified, mustSetUpSecondFactor: !userVerified && user.totpSecretEnc === null && secondFactorRequiredOf(user, groups, target) };
  if (!userVerified && user.totpSecretEnc !== null) throw await signInRefused(services, audit, target, user.userId, unauthorized(Messages.passkeyRefused));
  const session = await startSession(services.store, services.tokens, { user, groups, target, method: 'passkey', client, factor });
  await recordSignIn(services, audit, target, user.userId);
  return session;
}
