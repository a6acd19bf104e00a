import { type LoadTableContentBody, Messages, type TableContent, tablePageCount, widgetColumns } from '@rakit/core';
import type { FastifyInstance } from 'fastify';
import { apiSettingsOf, endpointOfRow } from '../apis/api-settings';
import { endpointPage } from '../apis/endpoint-pages';
import { badRequest, notFound } from '../errors/http-errors';
import { cachedApiEndpoint } from '../store/cached-reads';
import { apiEndpointOf, type PageWidget } from './data-widget';

/*
 * A data widget's rows read from an endpoint of its application's APIs (issue 40): the page the
 * table asks for, in the endpoint's paging scheme, its search sent in the endpoint's search
 * parameter, its {{ }} parameters filled from the page's values and --userId-- with the
 * member's id. The member reaches the endpoint only through the widget of a page he may open
 * (findPageWidget checked that); the rows are the API's, in its order, read only.
 */

/** Whether the widget reads an API endpoint rather than a connection. */
export const readsApi = (found: PageWidget): boolean => apiEndpointOf(found.widget) > 0;

const chosen = (value: unknown): boolean => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);
const isActive = (filter: LoadTableContentBody['possibleFilters'][number]): boolean => [filter.value, filter.values, filter.min, filter.max].some(chosen);

export async function loadApiContent(app: FastifyInstance, found: PageWidget, body: LoadTableContentBody, signal?: AbortSignal): Promise<TableContent> {
  const stored = await cachedApiEndpoint(app, apiEndpointOf(found.widget));
  // An endpoint of another application's API is as good as none.
  if (stored === undefined || stored.source.appId !== found.appId) throw notFound(Messages.apiEndpointNotFound);
  if (body.sort !== undefined) throw badRequest(Messages.apiCannotSort);
  if (Object.keys(body.filterColumn).length > 0 || body.possibleFilters.some(isActive)) throw badRequest(Messages.apiCannotFilter);
  const endpoint = { ...endpointOfRow(stored.endpoint), endpointId: stored.endpoint.endpointId, revision: stored.endpoint.revision };
  const api = apiSettingsOf(stored.source, app.secretBox);
  const page = await endpointPage({
    api, endpoint, params: body.params ?? {}, userId: found.caller.userId, search: body.search, index: body.page - 1, size: body.limit, signal,
  }, app.config);
  const columns = widgetColumns(String(found.widget.options ?? ''), String(found.widget.mapping_table ?? ''));
  const seen = (body.page - 1) * body.limit + page.rows.length;
  const count = page.total ?? seen;
  return {
    count,
    countCapped: page.total === null && page.hasNext,
    pageCount: page.total === null ? body.page + (page.hasNext ? 1 : 0) : tablePageCount(page.total, body.limit),
    page: body.page,
    limit: body.limit,
    columns: columns.length > 0 ? columns : page.columns.map((column) => ({ label: column.name, field: column.name })),
    primaryKey: null,
    possibleFilters: [],
    filteredResult: page.rows,
    fromApi: { searchable: endpoint.searchParam !== '' },
  };
}
