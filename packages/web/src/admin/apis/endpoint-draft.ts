import {
  apiParameterNames, apiValueText, type ApiColumn, type ApiFilterParam, type ApiEndpoint, type ApiEndpointDraft, type ApiPagingScheme, ApiPagingSchema, type NameValue,
} from '@rakit/core';

/*
 * The endpoint dialog's draft: what a new endpoint starts with, an endpoint's draft fields, the
 * draft as sent (blank rows left out), and the {{ }} parameters it names, for the preview's
 * sample values.
 */

export const newEndpointDraft = (): ApiEndpointDraft => ({
  name: '', method: 'GET', path: '', query: [], headers: [], body: '', rowsPath: '', columns: [], paging: ApiPagingSchema.parse({}), searchParam: '', filterParams: [], cacheS: 0,
});

/** The fields of a stored endpoint the dialog edits. */
export function draftOf(endpoint: ApiEndpoint): ApiEndpointDraft {
  const { endpointId: _endpointId, sourceId: _sourceId, revision: _revision, ...draft } = endpoint;
  return draft;
}

const filledPair = (row: NameValue) => row.name.trim() !== '' || row.value.trim() !== '';
const filledColumn = (column: ApiColumn) => column.name.trim() !== '' || column.path.trim() !== '';
const filledFilter = (filter: ApiFilterParam) => [filter.field, filter.param, filter.maxParam].some((text) => text.trim() !== '') || filter.choices.length > 0;

/** The draft as the server gets it: rows left wholly blank are not sent, a GET has no body. */
export function sentDraft(draft: ApiEndpointDraft): ApiEndpointDraft {
  return {
    ...draft,
    name: draft.name.trim(),
    path: draft.path.trim(),
    query: draft.query.filter(filledPair).map((row) => ({ name: row.name.trim(), value: row.value })),
    headers: draft.headers.filter(filledPair).map((row) => ({ name: row.name.trim(), value: row.value })),
    body: draft.method === 'GET' ? '' : draft.body,
    columns: draft.columns.filter(filledColumn).map((column) => ({ ...column, name: column.name.trim(), path: column.path.trim() })),
    filterParams: draft.filterParams.filter(filledFilter).map((filter) => ({ ...filter, field: filter.field.trim(), param: filter.param.trim(), maxParam: filter.maxParam.trim() })),
  };
}

/** The same rows without those left wholly blank (an API's default headers). */
export const filledRows = (rows: readonly NameValue[]): NameValue[] => rows.filter(filledPair).map((row) => ({ name: row.name.trim(), value: row.value }));

/**
 * The names of the {{ }} parameters an endpoint uses, in order of first use: in its path, its
 * query and header values, its body (not a GET's) and the API's default headers.
 */
export function parameterNames(draft: ApiEndpointDraft, apiHeaders: readonly NameValue[]): string[] {
  const templates = [
    draft.path, ...draft.query.map((row) => row.value), ...draft.headers.map((row) => row.value), draft.method === 'GET' ? '' : draft.body,
    ...apiHeaders.map((row) => row.value),
  ];
  return apiParameterNames(templates);
}

/** The parameter-name fields each paging scheme sends (the server's call-endpoint.ts addPaging). */
export const PAGING_FIELDS: Record<ApiPagingScheme, readonly ('pageParam' | 'sizeParam' | 'firstPage' | 'offsetParam' | 'limitParam' | 'cursorParam' | 'nextCursorPath')[]> = {
  none: [],
  page: ['pageParam', 'sizeParam', 'firstPage'],
  offset: ['offsetParam', 'limitParam'],
  cursor: ['cursorParam', 'nextCursorPath', 'sizeParam'],
  link: ['sizeParam'],
};

/** A value of a preview's row as text: never markup, an object as its JSON. */
export const cellText = apiValueText;
