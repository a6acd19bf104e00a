import type { Insertable, Selectable } from 'kysely';
import type { Store } from '../db';
import type { ApiTokensTable } from '../schema';

/** Tokens for machines (issue 36). Times are ISO strings, so they order as text. */

export type ApiTokenRow = Selectable<ApiTokensTable>;

export const findApiToken = (db: Store, tokenId: string) =>
  db.selectFrom('apiTokens').selectAll().where('tokenId', '=', tokenId).executeTakeFirst();

/** The application's tokens, newest first. */
export const apiTokensOf = (db: Store, appId: number) =>
  db.selectFrom('apiTokens').selectAll().where('appId', '=', appId).orderBy('createdAt', 'desc').orderBy('tokenId').execute();

export const findApiTokenByName = (db: Store, appId: number, tokenName: string) =>
  db.selectFrom('apiTokens').select('tokenId').where('appId', '=', appId).where('tokenName', '=', tokenName).executeTakeFirst();

export async function insertApiToken(db: Store, token: Insertable<ApiTokensTable>): Promise<void> {
  await db.insertInto('apiTokens').values(token).execute();
}

/** Revokes a token: how many rows went (0 when it was already gone). */
export async function deleteApiToken(db: Store, tokenId: string): Promise<number> {
  const result = await db.deleteFrom('apiTokens').where('tokenId', '=', tokenId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Marks a token used at `at`. */
export async function touchApiToken(db: Store, tokenId: string, at: string): Promise<void> {
  await db.updateTable('apiTokens').set({ lastUsedAt: at }).where('tokenId', '=', tokenId).execute();
}

/** A token with its application's slug: what the auth path reads on each of its calls. */
export const findApiTokenWithApp = (db: Store, tokenId: string) =>
  db.selectFrom('apiTokens').innerJoin('apps', 'apps.appId', 'apiTokens.appId').selectAll('apiTokens').select('apps.appSlug')
    .where('apiTokens.tokenId', '=', tokenId).executeTakeFirst();
