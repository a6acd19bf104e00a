import {
  API_AUTH_WITH_SECRET, type ApiSourceWithEndpoints, Messages, type SaveApiSourceBody,
} from '@rakit/core';
import type { AuditContext } from '../audit/context';
import { type AuditFact, withAudit } from '../audit/record';
import { badRequest, conflict, notFound } from '../errors/http-errors';
import { type OutboundRules, vetOutboundHost } from '../outbound/guarded-send';
import { outboundUrl } from '../outbound/safe-request';
import {
  deleteApiSource, findApiEndpoint, findApiSource, insertApiSource, listApiEndpointRows, listApiSourceRows,
  updateApiSource,
} from '../store/repositories/api-sources';
import { answeredAs, claimRevision } from '../store/revisions';
import { authOfRow, secretDestination } from './api-settings';
import { storedApiSource, toApiEndpoint, toApiSource } from './stored';
import type { ApiServices } from './services';
import { numericId, type OwnerLookups } from '../security/call-owners';

/*
 * An application's APIs (issue 40), for its administrators (the contracts say so). The secret is
 * sealed at rest and never answered; the base URL and the OAuth token URL are checked against the
 * outbound rules when saved, and again on every call (a name may resolve elsewhere since).
 */

export async function listApiSources(services: ApiServices, appId: number): Promise<ApiSourceWithEndpoints[]> {
  const rows = await listApiSourceRows(services.store, appId);
  const endpoints = await listApiEndpointRows(services.store, rows.map((row) => row.sourceId));
  return rows.map((row) => ({ ...toApiSource(row), endpoints: endpoints.filter((endpoint) => endpoint.sourceId === row.sourceId).map(toApiEndpoint) }));
}

/** The addresses an API's settings lead to, checked against the outbound rules (400 naming the refused host). */
export async function vetApiAddresses(rules: OutboundRules, api: Pick<SaveApiSourceBody, 'baseUrl' | 'auth'>): Promise<void> {
  await vetOutboundHost(outboundUrl(api.baseUrl), rules);
  if (api.auth.kind === 'oauth2') await vetOutboundHost(outboundUrl(api.auth.tokenUrl), rules);
}

/**
 * Creates (sourceId null) or edits an API. An empty secret keeps the stored one while it would go
 * where it went (api-settings.ts's secretDestination); a way that needs a secret and has none is refused. With
 * body.revision, an edit is written only while the API is still at it (issue 33).
 */
export async function saveApiSource(
  services: ApiServices, audit: AuditContext, body: SaveApiSourceBody,
): Promise<{ sourceId: number; revision: number; created: boolean }> {
  const existing = body.sourceId === null ? undefined : await storedApiSource(services, body.sourceId);
  // An API is edited only through its own application (the access check read body.appId).
  if (existing !== undefined && existing.appId !== body.appId) throw notFound(Messages.apiSourceNotFound);
  await vetApiAddresses(services.config, body);
  const samePlace = existing !== undefined && secretDestination(existing.baseUrl, authOfRow(existing)) === secretDestination(body.baseUrl, body.auth);
  const secretEnc = body.secret === '' ? (samePlace ? existing.secretEnc : '') : services.secretBox.seal(body.secret);
  if (secretEnc === '' && API_AUTH_WITH_SECRET.includes(body.auth.kind)) {
    throw badRequest(existing !== undefined && existing.secretEnc !== '' && !samePlace ? Messages.apiSecretNewPlace : Messages.apiSecretRequired);
  }
  const sameName = (await listApiSourceRows(services.store, body.appId)).find((row) => row.sourceName.toLowerCase() === body.name.toLowerCase() && row.sourceId !== existing?.sourceId);
  if (sameName !== undefined) throw conflict(Messages.apiSourceNameTaken);
  const values = {
    appId: body.appId, sourceName: body.name, baseUrl: body.baseUrl, authSettings: JSON.stringify(body.auth), secretEnc,
    headers: JSON.stringify(body.headers), timeLimitS: body.timeLimitS, maxKb: body.maxKb,
  };
  // The secret is not in the entry: the summary names the API, the details are the body's, redacted of secrets by name.
  const fact = (saved: { sourceId: number }): AuditFact => ({ appId: body.appId, entityType: 'apiSource', entityId: saved.sourceId, summary: { key: 'audit.apiSourceSaved', values: { api: body.name } } });
  return withAudit(services.store, audit, fact, async (trx) => {
    if (existing === undefined) return { sourceId: await insertApiSource(trx, values), revision: 1, created: true };
    const { sourceId } = existing;
    const revision = await claimRevision(trx, 'apiSources', sourceId, body.revision, answeredAs((store) => findApiSource(store, sourceId), toApiSource));
    await updateApiSource(trx, sourceId, values);
    return { sourceId, revision, created: false };
  });
}

export async function removeApiSource(services: ApiServices, audit: AuditContext, sourceId: number): Promise<{ sourceId: number }> {
  const row = await storedApiSource(services, sourceId);
  const fact: AuditFact = { appId: row.appId, entityType: 'apiSource', entityId: row.sourceId, summary: { key: 'audit.apiSourceDeleted', values: { api: row.sourceName } } };
  await withAudit(services.store, audit, fact, (trx) => deleteApiSource(trx, row.sourceId));
  return { sourceId: row.sourceId };
}

/** How the entities of this area lead to their application (the access check's lookups, http/call-access.ts). */
export const apiSourceOwners: OwnerLookups = {
  apiSource: { find: async (services, id) => (await findApiSource(services.store, numericId(id)))?.appId, missing: Messages.apiSourceNotFound },
  apiEndpoint: {
    find: async (services, id) => {
      const endpoint = await findApiEndpoint(services.store, numericId(id));
      return endpoint === undefined ? undefined : (await findApiSource(services.store, endpoint.sourceId))?.appId;
    },
    missing: Messages.apiEndpointNotFound,
  },
};
