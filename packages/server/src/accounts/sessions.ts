import { randomUUID } from 'node:crypto';
import { type EndOwnSessionsBody, type Group, groupsForApp, Messages, type OwnSession, SessionMethodSchema, type SessionMethod, type SessionUser } from '@rakit/core';
import Bowser from 'bowser';
import type { AuditContext } from '../audit/context';
import { type AuditFact, withAudit } from '../audit/record';
import type { Principal } from '../auth/principal';
import type { TokenService } from '../auth/tokens';
import { notFound } from '../errors/http-errors';
import type { Store } from '../store/db';
import { findAppBySlug } from '../store/repositories/apps';
import {
  deleteSessionOf, deleteSessionsOf, insertSession, liveSessionsOf, pruneExpiredSessions, pruneExpiredSessionsOf,
} from '../store/repositories/user-sessions';
import { ownLanguageOf, renewSessionKey } from '../store/repositories/users';
import { everyHour } from '../lifecycle/every-hour';
import { accountToManage } from './password-consent';
import type { SignInFactor } from './second-factor';
import type { Services } from '../services';

/*
 * Sessions one can see (issue 36). Each sign-in (password, single sign-on, passkey, an
 * administrator opening his application from main) makes a row its token names; the auth path refuses a token
 * whose row is gone, so a person ends any one of his sessions, or every other one. Ending is a
 * write, so every replica's read cache hears of it (at once through Redis, else within
 * RAKIT_READ_CACHE_MS) and the ended token is refused there too.
 */

/** Where a session is used from: the browser's user agent and the client's address as the server sees it. */
export interface SessionClient {
  userAgent: string;
  address: string;
}


export interface SessionStart {
  user: { userId: string; sessionKey: string; language: string | null };
  /** Every group of the user: those of the target application make the session's userGroup. */
  groups: readonly Group[];
  target: { appId: number; appSlug: string };
  method: SessionMethod;
  client: SessionClient;
  /** Second-factor-wise (issue 36): none for a sign-in that had none. */
  factor?: SignInFactor;
}

/** Starts a session and answers it as /auth/login does. */
export async function startSession(store: Store, tokens: TokenService, start: SessionStart): Promise<SessionUser[]> {
  const { user, groups, target } = start;
  const now = new Date();
  const expiresAtMs = tokens.expiryFromNow();
  const sessionId = randomUUID();
  await pruneExpiredSessionsOf(store, user.userId, now.toISOString());
  await insertSession(store, {
    sessionId, userId: user.userId, appSlug: target.appSlug, method: start.method, userAgent: start.client.userAgent, ipAddress: start.client.address,
    signedInAt: now.toISOString(), lastUsedAt: now.toISOString(), expiresAt: new Date(expiresAtMs).toISOString(),
    secondFactor: start.factor?.secondFactor === true ? 1 : 0, mustSetUpSecondFactor: start.factor?.mustSetUpSecondFactor === true ? 1 : 0,
  });
  const { token } = await tokens.issue({ userId: user.userId, appSlug: target.appSlug, sessionKey: user.sessionKey, sessionId }, expiresAtMs);
  const defaultGroupAppId = groups.filter((g) => g.groupIsDefault === '1').map((g) => Number(g.groupAppId));
  return [{
    userId: user.userId, token, expired: expiresAtMs, userGroup: groupsForApp(groups, target), defaultGroupAppId, language: ownLanguageOf(user),
    ...(start.factor?.mustSetUpSecondFactor === true ? { mustSetUpSecondFactor: true } : {}),
  }];
}

/** A user agent said as a browser, a system and a device class, for a person to know his devices by. */
function deviceOf(userAgent: string): Pick<OwnSession, 'browser' | 'system' | 'device'> {
  if (userAgent === '') return { browser: '', system: '', device: 'other' };
  const parsed = Bowser.parse(userAgent);
  const version = parsed.browser.version?.split('.')[0];
  const browser = [parsed.browser.name, version].filter(Boolean).join(' ');
  const system = [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ');
  const kind = parsed.platform.type;
  const device = kind === 'desktop' || kind === 'mobile' || kind === 'tablet' ? kind : 'other';
  return { browser, system, device };
}

/** The caller's own sessions, in every application: this one first, then the others last used first. */
export async function listOwnSessions(store: Store, caller: Principal): Promise<{ sessions: OwnSession[] }> {
  const rows = await liveSessionsOf(store, caller.userId, new Date().toISOString());
  // This device first, the others last used first.
  const ordered = [...rows.filter((row) => row.sessionId === caller.sessionId), ...rows.filter((row) => row.sessionId !== caller.sessionId)];
  return {
    sessions: ordered.map((row) => ({
      sessionId: row.sessionId,
      current: row.sessionId === caller.sessionId,
      appSlug: row.appSlug,
      method: SessionMethodSchema.catch('password').parse(row.method),
      ...deviceOf(row.userAgent),
      address: row.ipAddress,
      signedInAt: row.signedInAt,
      lastUsedAt: row.lastUsedAt,
      expiresAt: row.expiresAt,
    })),
  };
}

/** Ends one of the caller's sessions, every other one, or the current one (signing out). */
export async function endOwnSessions(store: Store, caller: Principal, audit: AuditContext, body: EndOwnSessionsBody): Promise<{ ended: number }> {
  const app = await findAppBySlug(store, caller.tokenAppSlug);
  const which = body.end === 'one' ? body.sessionId : body.end === 'current' ? caller.sessionId : null;
  const ended = await withAudit(store, audit, (count: number): AuditFact => ({
    appId: app?.appId ?? null, entityType: 'user', entityId: caller.userId,
    summary: body.end === 'others' ? { key: 'audit.otherSessionsEnded', values: { count } } : { key: body.end === 'current' ? 'audit.signedOut' : 'audit.ownSessionEnded' },
    details: { end: body.end },
  }), async (trx) => {
    if (body.end === 'others') return deleteSessionsOf(trx, caller.userId, caller.sessionId);
    const count = which === null ? 0 : await deleteSessionOf(trx, caller.userId, which);
    // Someone else's session is answered as one that does not exist; nothing is recorded.
    if (count === 0) throw notFound(Messages.sessionNotFound);
    return count;
  });
  return { ended };
}

/**
 * Ending a user's sessions, by an administrator: every row goes and his session key is renewed
 * (renewSessionKey), so each token issued to him is refused on its next call. Whose sessions an
 * administrator may end is whose password he may set: a member of his application whose every
 * application he administers.
 */
export async function endSessionsOf(services: Services, caller: Principal, audit: AuditContext, appId: number, userId: string): Promise<{ userId: string }> {
  const target = await accountToManage(services.store, caller, appId, userId);
  await withAudit(services.store, audit, { entityType: 'user', entityId: target.user.userId, summary: { key: 'audit.sessionsEnded', values: { user: target.user.userId } } },
    (trx) => renewSessionKey(trx, target.user.userId));
  return { userId: target.user.userId };
}

/**
 * Expired sessions' rows are forgotten at start and hourly (idempotent, so every process may run
 * it): a person who never signs in again leaves none behind for long.
 */
export function installSessionUpkeep(services: Services): void {
  everyHour(services, 'forgetting expired sessions', () => pruneExpiredSessions(services.store, new Date().toISOString()));
}
