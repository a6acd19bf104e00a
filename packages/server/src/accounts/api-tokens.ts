import { type ApiToken, type CreateApiTokenBody, MAIN_APP_SLUG, Messages, ROOT_APP_SLUG, abilitiesOfText } from '@rakit/core';
import { existingApp } from './existing-app';
import type { AuditContext } from '../audit/context';
import { withAudit } from '../audit/record';
import { newMachineToken } from '../auth/machine-tokens';
import type { Principal } from '../auth/principal';
import { badRequest, conflict, forbidden, notFound } from '../errors/http-errors';
import {
  type ApiTokenRow, apiTokensOf, deleteApiToken, findApiToken, findApiTokenByName, insertApiToken,
} from '../store/repositories/api-tokens';
import { listAppPages } from '../store/repositories/pages';
import type { Services } from '../services';
import { type OwnerLookups } from '../security/call-owners';

/*
 * Tokens for machines (issue 36): made, listed and revoked by an application's administrator.
 * The auth path's side is auth/machine-tokens.ts.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

const tokenOf = (row: ApiTokenRow): ApiToken => ({
  tokenId: row.tokenId,
  tokenName: row.tokenName,
  abilities: abilitiesOfText(row.abilities),
  pageIds: JSON.parse(row.pageIds) as number[],
  createdBy: row.createdBy,
  createdAt: row.createdAt,
  expiresAt: row.expiresAt,
  expired: Date.parse(row.expiresAt) <= Date.now(),
  lastUsedAt: row.lastUsedAt,
});

export async function listApiTokens(services: Services, appId: number): Promise<ApiToken[]> {
  return (await apiTokensOf(services.store, appId)).map(tokenOf);
}

/**
 * A new token, its text answered this once. Main and _root have none: main is where builders
 * work, _root the super administrator's, and neither has pages a machine should run. The pages
 * must be the application's.
 */
export async function createApiToken(
  services: Services, caller: Principal, audit: AuditContext, body: CreateApiTokenBody,
): Promise<{ token: ApiToken; secret: string }> {
  const target = await existingApp(services.store, body.appId);
  if (target.appSlug === MAIN_APP_SLUG || target.appSlug === ROOT_APP_SLUG) throw forbidden(Messages.apiTokenNotHere);
  const pagesOfApp = new Set((await listAppPages(services.store, body.appId)).map((page) => page.pageId));
  if (body.pageIds.some((pageId) => !pagesOfApp.has(pageId))) throw badRequest(Messages.apiTokenPageOutside);
  const { tokenId, text, secretHash } = newMachineToken();
  const now = new Date();
  const row: ApiTokenRow = {
    tokenId, appId: body.appId, tokenName: body.tokenName, secretHash, abilities: body.abilities.join(','), pageIds: JSON.stringify(body.pageIds),
    createdBy: caller.userId, createdAt: now.toISOString(), expiresAt: new Date(now.getTime() + body.expiresInDays * DAY_MS).toISOString(), lastUsedAt: null,
  };
  await withAudit(services.store, audit, {
    entityType: 'apiToken', entityId: tokenId, summary: { key: 'audit.apiTokenCreated', values: { name: body.tokenName } },
    // The call's input says the abilities and pages; the secret is never in it.
  }, async (trx) => {
    if ((await findApiTokenByName(trx, body.appId, body.tokenName)) !== undefined) throw conflict(Messages.apiTokenNameTaken);
    await insertApiToken(trx, row);
  });
  return { token: tokenOf(row), secret: text };
}

/** Revokes a token: its row goes (the audit log keeps its name), so its next call is refused. */
export async function revokeApiToken(services: Services, audit: AuditContext, tokenId: string): Promise<{ tokenId: string }> {
  const row = await findApiToken(services.store, tokenId);
  if (row === undefined) throw notFound(Messages.apiTokenNotFound);
  await withAudit(services.store, audit, { entityType: 'apiToken', entityId: tokenId, summary: { key: 'audit.apiTokenRevoked', values: { name: row.tokenName } } }, async (trx) => {
    if ((await deleteApiToken(trx, tokenId)) === 0) throw notFound(Messages.apiTokenNotFound);
  });
  return { tokenId };
}

/** How the entities of this area lead to their application (the access check's lookups, http/call-access.ts). */
export const apiTokenOwners: OwnerLookups = {
  apiToken: { find: async (services, id) => (await findApiToken(services.store, String(id)))?.appId, missing: Messages.apiTokenNotFound },
};
