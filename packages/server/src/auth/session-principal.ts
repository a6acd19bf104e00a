import type { Services } from '../services';
import { cachedAccount } from '../store/cached-reads';
import { Principal } from './principal';
import { liveSession } from './sessions';

/**
 * Who a session token signs in: valid, unexpired, of a user who still exists and still has the
 * session key it carries, naming a session not ended (issue 36); undefined otherwise. Calls and the co-editing socket both ask here.
 */
export async function principalOfToken(services: Services, token: string): Promise<Principal | undefined> {
  const claims = await services.tokens.verify(token);
  if (claims === undefined) return undefined;
  const account = await cachedAccount(services, claims.userId);
  if (account === undefined || claims.sessionKey !== account.user.sessionKey) return undefined;
  const session = await liveSession(services, claims.sessionId, claims.userId);
  if (session === undefined) return undefined;
  services.sessionUse.note(session.sessionId, session.lastUsedAt);
  return new Principal(account.user.userId, claims.appSlug, account.groups, {
    id: session.sessionId, secondFactor: session.secondFactor === 1, mustSetUpSecondFactor: session.mustSetUpSecondFactor === 1,
  });
}

