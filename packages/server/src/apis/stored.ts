import { type ApiEndpoint, type ApiSource, Messages } from '@rakit/core';
import { notFound } from '../errors/http-errors';
import { type ApiEndpointRow, type ApiSourceRow, findApiEndpoint, findApiSource } from '../store/repositories/api-sources';
import { authOfRow, endpointOfRow, headersOfRow } from './api-settings';
import type { ApiServices } from './services';

/** An API and an endpoint as stored, and as their administrators read them (never the secret). */

export const toApiSource = (row: ApiSourceRow): ApiSource => ({
  sourceId: row.sourceId,
  appId: row.appId,
  name: row.sourceName,
  baseUrl: row.baseUrl,
  auth: authOfRow(row),
  hasSecret: row.secretEnc !== '',
  headers: headersOfRow(row),
  timeLimitS: row.timeLimitS,
  maxKb: row.maxKb,
  revision: row.revision,
});

export async function storedApiSource(services: ApiServices, sourceId: number): Promise<ApiSourceRow> {
  const row = await findApiSource(services.store, sourceId);
  if (row === undefined) throw notFound(Messages.apiSourceNotFound);
  return row;
}

export const toApiEndpoint = (row: ApiEndpointRow): ApiEndpoint => ({
  ...endpointOfRow(row),
  endpointId: row.endpointId,
  sourceId: row.sourceId,
  revision: row.revision,
});

export async function storedApiEndpoint(services: ApiServices, endpointId: number): Promise<ApiEndpointRow> {
  const row = await findApiEndpoint(services.store, endpointId);
  if (row === undefined) throw notFound(Messages.apiEndpointNotFound);
  return row;
}
