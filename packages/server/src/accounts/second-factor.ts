import type { Services } from '../services';
import { createHash, randomBytes } from 'node:crypto';
import { administersApp, type Group, Messages, RECOVERY_CODE_COUNT, ROOT_APP_SLUG, type SecondFactorStatus } from '@rakit/core';
import { generateSecret, generateURI, verify } from 'otplib';
import type { AuditContext } from '../audit/context';
import { withAudit } from '../audit/record';
import type { Principal } from '../auth/principal';
import { badRequest, forbidden, type HttpError, unauthorized } from '../errors/http-errors';
import { verifyPassword } from '../security/passwords';
import type { Store } from '../store/db';
import { findAppBySlug } from '../store/repositories/apps';
import {
  disableTotp, enableTotp, markSessionSecondFactor, recoveryCodesLeft, replaceRecoveryCodes, setAdminSecondFactor, setPendingTotp, takeRecoveryCode, takeTotpStep,
} from '../store/repositories/second-factors';
import { findUser, renewSessionKey, signsInWithPassword } from '../store/repositories/users';
import { accountToManage } from './password-consent';
import type { UserRow } from '../store/schema';

/*
 * A second factor (issue 36), on otplib: TOTP (RFC 6238, six digits, 30-second steps, the
 * authenticator apps' defaults) with ten one-time recovery codes. The secret is sealed at rest
 * like connection passwords; each time step is accepted once (a code seen on a shoulder or
 * replayed is refused); recovery codes are kept as SHA-256 (they are random, so no slow hash is
 * needed) and each is good once. Turning it on, off, or renewing the codes needs the account's
 * password and a current code: a session left open is not the account.
 */

/** Codes of the step before and after now are taken too: a phone's clock a little off. */
const TOLERANCE_SECONDS = 30;
const ISSUER = 'Rakit';

interface SecondFactorServices {
  store: Store;
  secretBox: Services['secretBox'];
}

/** A recovery code as typed, compared without case, spaces or dashes. */
const recoveryHash = (code: string) => createHash('sha256').update(code.toLowerCase().replace(/[\s-]/g, '')).digest('hex');

/** Ten fresh codes, xxxxx-xxxxx of lower-case letters and digits (50 bits each). */
function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const text = [...randomBytes(10)].map((byte) => alphabet[byte % 32]).join('');
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
}

/** The time step a TOTP code of the secret is for, near `epochSeconds`; undefined when it is none of them. */
async function stepOfCode(secret: string, code: string, epochSeconds: number, after: number | null): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  const result = await verify({ secret, token: code, epoch: epochSeconds, epochTolerance: TOLERANCE_SECONDS, ...(after === null ? {} : { afterTimeStep: after }) });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

/**
 * Checks a person's second factor: a TOTP code (its step taken once) or an unused recovery code
 * (used up). True when it holds.
 */
export async function secondFactorHolds(services: SecondFactorServices, user: UserRow, code: string, now = new Date()): Promise<boolean> {
  if (user.totpSecretEnc === null) return false;
  const trimmed = code.trim();
  const step = await stepOfCode(services.secretBox.open(user.totpSecretEnc), trimmed, Math.floor(now.getTime() / 1000), user.totpLastStep);
  if (step !== undefined) return takeTotpStep(services.store, user.userId, step);
  return takeRecoveryCode(services.store, user.userId, recoveryHash(trimmed), now.toISOString());
}

/**
 * Whether the application requires a second factor of this person: one of its administrators, or
 * _root's super administrator who has one. Never of an account without a password (made by an
 * identity provider, whose own factors apply): it could not set one up.
 */
export function secondFactorRequiredOf(user: Pick<UserRow, 'totpSecretEnc' | 'passwordHash'>, groups: readonly Group[], app: { appId: number; appSlug: string; appAdminSecondFactor: number }): boolean {
  if (!signsInWithPassword(user)) return false;
  if (app.appSlug === ROOT_APP_SLUG) return user.totpSecretEnc !== null;
  return app.appAdminSecondFactor === 1 && administersApp(groups, app.appId);
}

/** What a sign-in's session is, second-factor-wise (issue 36). */
export interface SignInFactor {
  secondFactor: boolean;
  mustSetUpSecondFactor: boolean;
}

/**
 * The second factor of a password sign-in: an account with TOTP needs its code (401
 * secondFactorRequired without one; `refuse` records a wrong one); an administrator of an
 * application that requires one, who has none, gets a session that may only set one up.
 */
export async function signInFactor(
  services: SecondFactorServices, user: UserRow, groups: readonly Group[], target: { appId: number; appSlug: string; appAdminSecondFactor: number },
  code: string | undefined, refuse: (error: HttpError) => Promise<HttpError>,
): Promise<SignInFactor> {
  if (user.totpSecretEnc !== null) {
    if (code === undefined || code.trim() === '') throw unauthorized(Messages.secondFactorRequired);
    if (!(await secondFactorHolds(services, user, code))) throw await refuse(unauthorized(Messages.secondFactorWrong));
    return { secondFactor: true, mustSetUpSecondFactor: false };
  }
  return { secondFactor: false, mustSetUpSecondFactor: secondFactorRequiredOf(user, groups, target) };
}

/**
 * An administrator opening an application from main carries his session's second factor there;
 * one the application requires but his session lacks: set up first if he has none, else refused
 * (he signs in again with his code).
 */
export function openedFactor(caller: Principal, user: UserRow, target: { appId: number; appSlug: string; appAdminSecondFactor: number }): SignInFactor {
  const secondFactor = caller.session?.secondFactor === true;
  if (secondFactor || !secondFactorRequiredOf(user, caller.groups, target)) return { secondFactor, mustSetUpSecondFactor: false };
  if (user.totpSecretEnc !== null) throw forbidden(Messages.secondFactorSignInAgain);
  return { secondFactor: false, mustSetUpSecondFactor: true };
}

async function accountOf(store: Store, caller: Principal): Promise<UserRow> {
  const user = await findUser(store, caller.userId);
  if (user === undefined) throw unauthorized(Messages.unauthenticated);
  return user;
}

export async function secondFactorStatus(store: Store, caller: Principal): Promise<SecondFactorStatus> {
  const user = await accountOf(store, caller);
  const app = await findAppBySlug(store, caller.tokenAppSlug);
  return {
    totp: user.totpSecretEnc !== null,
    enabledAt: user.totpEnabledAt,
    recoveryCodesLeft: user.totpSecretEnc === null ? 0 : await recoveryCodesLeft(store, user.userId),
    requiredHere: app !== undefined && secondFactorRequiredOf(user, caller.groups, app),
    mustSetUp: caller.session?.mustSetUpSecondFactor === true,
    passwordAccount: signsInWithPassword(user),
  };
}

/** A new secret to set up, kept pending (sealed) until a code of it confirms it. */
export async function startSecondFactor(services: SecondFactorServices, caller: Principal): Promise<{ secret: string; uri: string }> {
  const user = await accountOf(services.store, caller);
  if (!signsInWithPassword(user)) throw badRequest(Messages.secondFactorNeedsPassword);
  // Re-keying would need no current code: a session and a password taken would take the factor too.
  if (user.totpSecretEnc !== null) throw badRequest(Messages.secondFactorAlreadyOn);
  const secret = generateSecret();
  await setPendingTotp(services.store, user.userId, services.secretBox.seal(secret));
  return { secret, uri: generateURI({ issuer: ISSUER, label: user.userId, secret }) };
}

async function provePassword(user: UserRow, password: string): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, password))) throw forbidden(Messages.currentPasswordWrong);
}

/** Turns TOTP on with a code of the pending secret; answers the recovery codes, shown this once. */
export async function confirmSecondFactor(services: SecondFactorServices, caller: Principal, audit: AuditContext, proof: { password: string; code: string }): Promise<{ recoveryCodes: string[] }> {
  const user = await accountOf(services.store, caller);
  await provePassword(user, proof.password);
  if (user.totpPendingEnc === null) throw badRequest(Messages.secondFactorNotPending);
  const step = await stepOfCode(services.secretBox.open(user.totpPendingEnc), proof.code.trim(), Math.floor(Date.now() / 1000), null);
  if (step === undefined) throw badRequest(Messages.secondFactorWrong);
  const recoveryCodes = newRecoveryCodes();
  await withAudit(services.store, audit, { entityType: 'user', entityId: user.userId, summary: { key: 'audit.secondFactorOn' } }, async (trx) => {
    await enableTotp(trx, user.userId, user.totpPendingEnc!, step, new Date().toISOString());
    await replaceRecoveryCodes(trx, user.userId, recoveryCodes.map(recoveryHash));
    if (caller.sessionId !== null) await markSessionSecondFactor(trx, caller.sessionId);
  });
  return { recoveryCodes };
}

/** The account's password and a current code (or a recovery code), before a change of its second factor. */
async function proveBoth(services: SecondFactorServices, caller: Principal, proof: { password: string; code: string }): Promise<UserRow> {
  const user = await accountOf(services.store, caller);
  await provePassword(user, proof.password);
  if (user.totpSecretEnc === null) throw badRequest(Messages.secondFactorNotPending);
  if (!(await secondFactorHolds(services, user, proof.code))) throw badRequest(Messages.secondFactorWrong);
  return user;
}

export async function disableSecondFactor(services: SecondFactorServices, caller: Principal, audit: AuditContext, proof: { password: string; code: string }): Promise<{ totp: false }> {
  const status = await secondFactorStatus(services.store, caller);
  if (status.requiredHere) throw forbidden(Messages.secondFactorKeptHere);
  const user = await proveBoth(services, caller, proof);
  await withAudit(services.store, audit, { entityType: 'user', entityId: user.userId, summary: { key: 'audit.secondFactorOff' } }, (trx) => disableTotp(trx, user.userId));
  return { totp: false };
}

export async function renewRecoveryCodes(services: SecondFactorServices, caller: Principal, audit: AuditContext, proof: { password: string; code: string }): Promise<{ recoveryCodes: string[] }> {
  const user = await proveBoth(services, caller, proof);
  const recoveryCodes = newRecoveryCodes();
  await withAudit(services.store, audit, { entityType: 'user', entityId: user.userId, summary: { key: 'audit.recoveryCodesRenewed' } },
    (trx) => replaceRecoveryCodes(trx, user.userId, recoveryCodes.map(recoveryHash)));
  return { recoveryCodes };
}

export async function saveAdminSecondFactor(store: Store, audit: AuditContext, appId: number, required: boolean): Promise<{ required: boolean }> {
  await withAudit(store, audit, { entityType: 'app', entityId: appId, summary: { key: required ? 'audit.adminSecondFactorOn' : 'audit.adminSecondFactorOff' } },
    (trx) => setAdminSecondFactor(trx, appId, required));
  return { required };
}

/**
 * An administrator turns off the second factor of a user who lost his phone and his recovery
 * codes (whose password he may set): audited, and the user's sessions end. Never one's own this
 * way: that needs one's password and a code.
 */
export async function resetSecondFactorOf(store: Store, caller: Principal, audit: AuditContext, appId: number, userId: string): Promise<{ userId: string }> {
  if (userId === caller.userId) throw badRequest(Messages.secondFactorOwnReset);
  const target = await accountToManage(store, caller, appId, userId);
  await withAudit(store, audit, { entityType: 'user', entityId: target.user.userId, summary: { key: 'audit.secondFactorReset', values: { user: target.user.userId } } }, async (trx) => {
    await disableTotp(trx, target.user.userId);
    await renewSessionKey(trx, target.user.userId);
  });
  return { userId: target.user.userId };
}
