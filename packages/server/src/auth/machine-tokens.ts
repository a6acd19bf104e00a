import { createHash, timingSafeEqual } from 'node:crypto';
import { abilitiesOfText, callsOfAbilities, TOKEN_PREFIX } from '@rakit/core';
import { prefixedSecret, unguessableId } from '../security/random-ids';
import type { CachedStore } from '../store/cached-reads';
import type { Store } from '../store/db';
import { findApiTokenWithApp, touchApiToken } from '../store/repositories/api-tokens';
import { LastUse } from './sessions';
import { Principal } from './principal';

/*
 * The auth path's side of tokens for machines (issue 36; accounts/api-tokens.ts makes, lists and
 * revokes them). A token's text is `rkt_<id>_<secret>`: the id finds its row, the secret's
 * SHA-256 must match the row's. Read through the read cache, so a revoked token (a delete, which
 * empties every cache) is refused on its next call here and within the cache's life elsewhere.
 */

const TOKEN_TEXT = new RegExp(`^${TOKEN_PREFIX}([a-z0-9]{24})_([A-Za-z0-9_-]{43})$`);

const sha256 = (text: string): Buffer => createHash('sha256').update(text).digest();

/** Whether a bearer token is one of a machine's (else a person's session token). */
export const isMachineToken = (text: string): boolean => text.startsWith(TOKEN_PREFIX);

/** A new token: its id, the text shown once, and the hash kept. */
export function newMachineToken(): { tokenId: string; text: string; secretHash: string } {
  const tokenId = unguessableId();
  const secret = prefixedSecret('');
  return { tokenId, text: `${TOKEN_PREFIX}${tokenId}_${secret}`, secretHash: sha256(secret).toString('hex') };
}

/** Tokens' last use. */
export const tokenUseOf = (store: Store, onError: (error: unknown) => void) => new LastUse((id, at) => touchApiToken(store, id, at), onError);

/** The caller a token for machines names: its row there, its secret right, not expired; undefined otherwise. */
export async function machinePrincipalOf(app: CachedStore & { tokenUse: LastUse }, text: string): Promise<Principal | undefined> {
  const match = TOKEN_TEXT.exec(text);
  if (match === null) return undefined;
  const [, tokenId, secret] = match as unknown as [string, string, string];
  const row = await app.readCache.get(`apiToken:${tokenId}`, () => findApiTokenWithApp(app.store, tokenId));
  if (row === undefined || Date.parse(row.expiresAt) <= Date.now()) return undefined;
  const kept = Buffer.from(row.secretHash, 'hex');
  const sent = sha256(secret);
  if (kept.length !== sent.length || !timingSafeEqual(kept, sent)) return undefined;
  app.tokenUse.note(tokenId, row.lastUsedAt);
  const abilities = abilitiesOfText(row.abilities);
  return Principal.ofMachine({
    tokenId, tokenName: row.tokenName, appId: row.appId,
    calls: new Set(callsOfAbilities(abilities)), pageIds: new Set(JSON.parse(row.pageIds) as number[]),
  }, row.appSlug);
}
