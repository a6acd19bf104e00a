import { HttpError, local } from '../errors/http-errors';
import { type OutboundRules, sendGuarded } from '../outbound/guarded-send';
import { outboundUrl } from '../outbound/safe-request';
import type { ApiSettings } from './api-settings';

/*
 * OAuth 2.0 client credentials (RFC 6749 §4.4): the API's token asked of its token endpoint with
 * the client's id and secret (HTTP Basic, §2.3.1), kept until shortly before it expires, shared
 * by the calls under way (one request for a token at a time per API), dropped when the API
 * refuses it (401) so that the next call asks for a new one.
 */

interface KeptToken {
  accessToken: string;
  /** Date.now() after which the token is asked for again. */
  renewAt: number;
}

/** The token of each API, by its id: a token asked under an older revision of the API (another client, scope or secret) is not used. */
const kept = new Map<number, KeptToken & { revision: number }>();
const asking = new Map<string, Promise<KeptToken>>();
/** Renewed this long before the expiry the token endpoint gave. */
const RENEW_EARLY_MS = 30_000;
const DEFAULT_LIFETIME_S = 300;

const askingKey = (api: ApiSettings) => `${api.sourceId}:${api.revision}`;

async function requestToken(api: ApiSettings, rules: OutboundRules): Promise<KeptToken> {
  const url = outboundUrl(api.auth.tokenUrl);
  const form = new URLSearchParams({ grant_type: 'client_credentials' });
  if (api.auth.scope !== '') form.set('scope', api.auth.scope);
  // RFC 6749 §2.3.1: the id and secret form-encoded, then as Basic credentials.
  const basic = Buffer.from(`${encodeURIComponent(api.auth.clientId)}:${encodeURIComponent(api.secret)}`).toString('base64');
  const answer = await sendGuarded({
    url, method: 'POST', body: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', authorization: `Basic ${basic}` },
  }, rules, { timeoutMs: api.timeLimitMs, maxBytes: 64 * 1024 });
  let body: { access_token?: unknown; expires_in?: unknown; error?: unknown } = {};
  try {
    body = JSON.parse(answer.text) as typeof body;
  } catch {
    // Said below by the status or the missing token.
  }
  if (answer.status !== 200 || typeof body.access_token !== 'string' || body.access_token === '') {
    const detail = typeof body.error === 'string' ? `${answer.status} ${body.error}` : String(answer.status);
    throw new HttpError(502, local('apiOauthTokenFailed', { detail }));
  }
  const lifetimeS = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : DEFAULT_LIFETIME_S;
  return { accessToken: body.access_token, renewAt: Date.now() + Math.max(lifetimeS * 1000 - RENEW_EARLY_MS, lifetimeS * 500) };
}

/** The API's access token: the kept one while it is fresh, else a new one. */
export async function accessToken(api: ApiSettings, rules: OutboundRules): Promise<string> {
  const current = kept.get(api.sourceId);
  if (current !== undefined && current.revision === api.revision && current.renewAt > Date.now()) return current.accessToken;
  const key = askingKey(api);
  let pending = asking.get(key);
  if (pending === undefined) {
    pending = requestToken(api, rules).then((token) => {
      kept.set(api.sourceId, { ...token, revision: api.revision });
      return token;
    }).finally(() => asking.delete(key));
    asking.set(key, pending);
  }
  return (await pending).accessToken;
}

/** Forgets the API's token (the API refused it): the next call asks for a new one. */
export function forgetToken(api: ApiSettings, refused: string): void {
  if (kept.get(api.sourceId)?.accessToken === refused) kept.delete(api.sourceId);
}
