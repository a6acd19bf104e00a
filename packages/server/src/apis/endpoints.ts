import {
  API_PREVIEW_ROWS, type ApiEndpointDraft, type ApiPreview, MAX_API_ENDPOINTS, Messages, type PreviewApiEndpointBody,
  type SaveApiEndpointBody,
} from '@rakit/core';
import type { AuditContext } from '../audit/context';
import { type AuditFact, withAudit } from '../audit/record';
import { badRequest, conflict, local, notFound } from '../errors/http-errors';
import {
  countApiEndpoints, deleteApiEndpoint, findApiEndpoint, insertApiEndpoint, listApiEndpointRows, updateApiEndpoint,
} from '../store/repositories/api-sources';
import { answeredAs, claimRevision } from '../store/revisions';
import { checkExpressions, rowsOfAnswer } from './answer-rows';
import { apiSettingsOf } from './api-settings';
import { callEndpoint } from './call-endpoint';
import type { ApiServices } from './services';
import { storedApiEndpoint, storedApiSource, toApiEndpoint } from './stored';

/** An endpoint of an API (issue 40): a request with {{ }} parameters and how its answer becomes rows. */

const definitionOf = ({ name: _name, ...definition }: ApiEndpointDraft): string => JSON.stringify(definition);

/**
 * Creates (endpointId null) or edits an endpoint of the API body.sourceId (whose application the
 * access check read); its expressions must compile. With body.revision, an edit is written only
 * while the endpoint is still at it.
 */
export async function saveApiEndpoint(
  services: ApiServices, audit: AuditContext, body: SaveApiEndpointBody,
): Promise<{ endpointId: number; revision: number; created: boolean }> {
  const source = await storedApiSource(services, body.sourceId);
  const existing = body.endpointId === null ? undefined : await storedApiEndpoint(services, body.endpointId);
  // An endpoint stays with its API: moving it to another (maybe another application's) is not an edit.
  if (existing !== undefined && existing.sourceId !== source.sourceId) throw notFound(Messages.apiEndpointNotFound);
  const { endpointId: _id, sourceId: _source, revision: _revision, ...draft } = body;
  checkExpressions(draft);
  const siblings = await listApiEndpointRows(services.store, [source.sourceId]);
  if (siblings.some((row) => row.endpointName.toLowerCase() === draft.name.toLowerCase() && row.endpointId !== existing?.endpointId)) {
    throw conflict(Messages.apiEndpointNameTaken);
  }
  const values = { sourceId: source.sourceId, endpointName: draft.name, definition: definitionOf(draft) };
  const fact = (saved: { endpointId: number }): AuditFact => ({
    appId: source.appId, entityType: 'apiEndpoint', entityId: saved.endpointId, summary: { key: 'audit.apiEndpointSaved', values: { endpoint: draft.name, api: source.sourceName } },
  });
  return withAudit(services.store, audit, fact, async (trx) => {
    if (existing === undefined) {
      if (await countApiEndpoints(trx, source.sourceId) >= MAX_API_ENDPOINTS) throw badRequest(local('apiEndpointLimit', { max: String(MAX_API_ENDPOINTS) }));
      return { endpointId: await insertApiEndpoint(trx, values), revision: 1, created: true };
    }
    const { endpointId } = existing;
    const revision = await claimRevision(trx, 'apiEndpoints', endpointId, body.revision, answeredAs((store) => findApiEndpoint(store, endpointId), toApiEndpoint));
    await updateApiEndpoint(trx, endpointId, values);
    return { endpointId, revision, created: false };
  });
}

export async function removeApiEndpoint(services: ApiServices, audit: AuditContext, endpointId: number): Promise<{ endpointId: number }> {
  const row = await storedApiEndpoint(services, endpointId);
  const source = await storedApiSource(services, row.sourceId);
  const fact: AuditFact = {
    appId: source.appId, entityType: 'apiEndpoint', entityId: row.endpointId, summary: { key: 'audit.apiEndpointDeleted', values: { endpoint: row.endpointName, api: source.sourceName } },
  };
  await withAudit(services.store, audit, fact, (trx) => deleteApiEndpoint(trx, row.endpointId));
  return { endpointId: row.endpointId };
}

/** Calls the endpoint as drafted, as the administrator (`--userId--` is his id), and answers its first rows. */
export async function previewApiEndpoint(services: ApiServices, userId: string, body: PreviewApiEndpointBody): Promise<ApiPreview> {
  const source = await storedApiSource(services, body.sourceId);
  const api = apiSettingsOf(source, services.secretBox);
  checkExpressions(body.endpoint);
  const page = body.endpoint.paging.scheme === 'none' ? undefined : { index: 0, size: API_PREVIEW_ROWS };
  const answer = await callEndpoint({ api, endpoint: body.endpoint, params: body.params, userId, page }, services.config);
  const read = rowsOfAnswer(answer.json, body.endpoint);
  const fullPage = page !== undefined && read.rows.length >= page.size;
  return {
    status: answer.status,
    ms: Math.round(answer.ms * 10) / 10,
    columns: read.columns,
    rows: read.rows.slice(0, API_PREVIEW_ROWS),
    rowCount: read.rows.length,
    total: read.total,
    hasNext: read.nextCursor !== null || answer.nextLink !== null || (body.endpoint.paging.scheme !== 'cursor' && body.endpoint.paging.scheme !== 'link' && fullPage),
  };
}
