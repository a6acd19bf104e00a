import { z } from 'zod';
import { baseRevisionField, revisionField } from '../schemas/revision';
import { CREATED_OR_SAVED, defineCall, lazyCalls } from './contract';

/*
 * APIs as data sources (issue 40): beside its database connections, an application has HTTP
 * APIs (a base URL, how to authenticate, default headers, a time and a size limit), and each API
 * endpoints: a method and path with {{ }} parameters, and how its answer becomes rows (a
 * JMESPath expression and typed columns). The API's secret (a token, a password, an API key, an
 * OAuth client secret) is sealed at rest and never answered: an answer says only whether one is
 * stored, and saving with an empty secret keeps it while the way of signing in stays the same.
 */

export const API_AUTH_KINDS = ['none', 'bearer', 'basic', 'apiKey', 'oauth2'] as const;
export const ApiAuthKindSchema = z.enum(API_AUTH_KINDS);
export type ApiAuthKind = z.infer<typeof ApiAuthKindSchema>;

/** Ways of signing in whose secret must be stored before the API can be called. */
export const API_AUTH_WITH_SECRET: readonly ApiAuthKind[] = ['bearer', 'basic', 'apiKey', 'oauth2'];

export const API_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export const ApiMethodSchema = z.enum(API_METHODS);
export type ApiMethod = z.infer<typeof ApiMethodSchema>;
/** Methods an endpoint may be asked again with when an attempt fails (RFC 9110 §9.2.2). */
export const IDEMPOTENT_API_METHODS: readonly ApiMethod[] = ['GET', 'PUT', 'DELETE'];

/**
 * How an endpoint pages its rows: not at all, by page number and size, by offset and limit, by a
 * cursor the answer names, or by the `Link: <…>; rel="next"` header (RFC 8288).
 */
export const API_PAGING_SCHEMES = ['none', 'page', 'offset', 'cursor', 'link'] as const;
export const ApiPagingSchemeSchema = z.enum(API_PAGING_SCHEMES);
export type ApiPagingScheme = z.infer<typeof ApiPagingSchemeSchema>;

export const API_COLUMN_TYPES = ['text', 'number', 'boolean', 'date'] as const;
export const ApiColumnTypeSchema = z.enum(API_COLUMN_TYPES);
export type ApiColumnType = z.infer<typeof ApiColumnTypeSchema>;

export const API_TIME_LIMIT_DEFAULT_S = 15;
export const API_TIME_LIMIT_MAX_S = 60;
export const API_MAX_KB_DEFAULT = 2048;
export const API_MAX_KB_MAX = 10_240;
/** The most endpoints one API has, and the most rows a preview shows. */
export const MAX_API_ENDPOINTS = 200;
export const API_PREVIEW_ROWS = 20;

const id = z.number().int().positive();
const name = z.string().trim().min(1, 'Please, fill the name').max(100);
/** A header's or query parameter's name: a token of RFC 9110, nothing that could end the line. */
const fieldName = z.string().trim().min(1).max(100).regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'A header or parameter name is letters, digits and !#$%&\'*+.^_`|~-');
const fieldValue = z.string().max(2000).refine((value) => !/[\r\n\0]/.test(value), 'A value may not hold a line break');
export const NameValueSchema = z.object({ name: fieldName, value: fieldValue });
export type NameValue = z.infer<typeof NameValueSchema>;
const nameValues = z.array(NameValueSchema).max(50).default([]);

/** Whether a text is an http(s) URL (the server parses it again before any request). */
const isHttpUrl = (text: string): boolean => z.url({ protocol: /^https?$/ }).safeParse(text).success;
/** user:password@ before the host. */
const CREDENTIALS_IN_URL = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i;

/** An http(s) address with no credentials in it; where it may lead is checked by the server. */
export const ApiBaseUrlSchema = z.string().trim().min(1, 'Please, fill the base URL').max(2000)
  .refine(isHttpUrl, 'The base URL must be an http:// or https:// address')
  .refine((text) => !CREDENTIALS_IN_URL.test(text), 'Put credentials in the authentication, not in the URL');

/** How the server signs in to the API, without the secret. */
export const ApiAuthSettingsSchema = z.object({
  kind: ApiAuthKindSchema.default('none'),
  /** basic: the user name. */
  username: z.string().trim().max(255).default(''),
  /** apiKey: the header's or query parameter's name, and where it goes. */
  keyName: z.string().trim().max(100).regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]*$/, 'The key\'s name is letters, digits and !#$%&\'*+.^_`|~-').default(''),
  keyIn: z.enum(['header', 'query']).default('header'),
  /** oauth2 (client credentials): the token endpoint, the client id and the scopes asked. */
  tokenUrl: z.string().trim().max(2000).default(''),
  clientId: z.string().trim().max(255).default(''),
  scope: z.string().trim().max(500).default(''),
});
export type ApiAuthSettings = z.infer<typeof ApiAuthSettingsSchema>;

/** A stored API as administrators see it: never its secret. */
export const ApiSourceSchema = z.object({
  sourceId: id,
  appId: z.number().int(),
  name: z.string(),
  baseUrl: z.string(),
  auth: ApiAuthSettingsSchema,
  hasSecret: z.boolean(),
  headers: z.array(NameValueSchema),
  timeLimitS: z.number().int(),
  maxKb: z.number().int(),
  ...revisionField,
});
export type ApiSource = z.infer<typeof ApiSourceSchema>;

export const SaveApiSourceBodySchema = z.object({
  sourceId: id.nullable().default(null),
  appId: z.number().int().positive(),
  name,
  baseUrl: ApiBaseUrlSchema,
  auth: ApiAuthSettingsSchema.default({ kind: 'none', username: '', keyName: '', keyIn: 'header', tokenUrl: '', clientId: '', scope: '' }),
  /** The token, password, key or client secret; empty keeps the stored one while auth.kind stays. */
  secret: z.string().max(4000).default(''),
  headers: nameValues,
  timeLimitS: z.coerce.number().int().min(1).max(API_TIME_LIMIT_MAX_S).default(API_TIME_LIMIT_DEFAULT_S),
  maxKb: z.coerce.number().int().min(1).max(API_MAX_KB_MAX).default(API_MAX_KB_DEFAULT),
  ...baseRevisionField,
}).superRefine((body, context) => {
  if (body.auth.kind === 'apiKey' && body.auth.keyName === '') context.addIssue({ code: 'custom', path: ['auth', 'keyName'], message: 'Please, fill the key\'s name' });
  if (body.auth.kind === 'basic' && body.auth.username === '') context.addIssue({ code: 'custom', path: ['auth', 'username'], message: 'Please, fill the user name' });
  if (body.auth.kind === 'oauth2') {
    if (!isHttpUrl(body.auth.tokenUrl) || CREDENTIALS_IN_URL.test(body.auth.tokenUrl)) {
      context.addIssue({ code: 'custom', path: ['auth', 'tokenUrl'], message: 'The token URL must be an http:// or https:// address' });
    }
    if (body.auth.clientId === '') context.addIssue({ code: 'custom', path: ['auth', 'clientId'], message: 'Please, fill the client id' });
  }
});
export type SaveApiSourceBody = z.infer<typeof SaveApiSourceBodySchema>;

/** Which parameters an endpoint's paging sends, and where the answer says what comes next. */
export const ApiPagingSchema = z.object({
  scheme: ApiPagingSchemeSchema.default('none'),
  /** page: the page number's and the page size's parameters; the first page's number (0 or 1). */
  pageParam: z.string().trim().max(100).default('page'),
  sizeParam: z.string().trim().max(100).default('size'),
  firstPage: z.union([z.literal(0), z.literal(1)]).default(1),
  /** offset: the offset's and the limit's parameters. */
  offsetParam: z.string().trim().max(100).default('offset'),
  limitParam: z.string().trim().max(100).default('limit'),
  /** cursor: the parameter the cursor is sent in, and the JMESPath of the next cursor in the answer. */
  cursorParam: z.string().trim().max(100).default('cursor'),
  nextCursorPath: z.string().trim().max(500).default(''),
  /** Any scheme: the JMESPath of the total row count in the answer, when the API gives one. */
  totalPath: z.string().trim().max(500).default(''),
});
export type ApiPaging = z.infer<typeof ApiPagingSchema>;

/** A column of an endpoint's rows: its name, where it is in a row (JMESPath; the name when empty) and its type. */
export const ApiColumnSchema = z.object({
  name: z.string().trim().min(1).max(100),
  path: z.string().trim().max(500).default(''),
  type: ApiColumnTypeSchema.default('text'),
});
export type ApiColumn = z.infer<typeof ApiColumnSchema>;

/**
 * How a table's filter on a column of the endpoint's rows is sent: a select filter's value (each
 * of its values, when several) in `param`; an interval filter's bounds in `param` (the least) and
 * `maxParam` (the most), either left '' when the API takes no such bound. A select filter offers
 * `choices`: an API cannot be asked for a column's distinct values as a table can.
 */
export const ApiFilterParamSchema = z.object({
  field: z.string().trim().min(1, 'Please, choose the filtered column').max(100),
  param: z.union([z.literal(''), fieldName]).default(''),
  maxParam: z.union([z.literal(''), fieldName]).default(''),
  choices: z.array(z.string().trim().min(1).max(200)).max(100).default([]),
});
export type ApiFilterParam = z.infer<typeof ApiFilterParamSchema>;

/** An endpoint's request and the rows of its answer, as an administrator writes them. */
export const ApiEndpointDraftSchema = z.object({
  name,
  method: ApiMethodSchema.default('GET'),
  /** The path after the API's base URL, with {{ }} parameters: /orders/{{orderId}}. */
  path: z.string().trim().max(2000).default(''),
  query: nameValues,
  headers: nameValues,
  /** A JSON body with {{ }} parameters (methods other than GET). */
  body: z.string().max(100_000).default(''),
  /** The JMESPath of the rows in the answer ('' when the answer is the array of rows itself). */
  rowsPath: z.string().trim().max(500).default(''),
  columns: z.array(ApiColumnSchema).max(100).default([]),
  paging: ApiPagingSchema.default({
    scheme: 'none', pageParam: 'page', sizeParam: 'size', firstPage: 1, offsetParam: 'offset', limitParam: 'limit', cursorParam: 'cursor', nextCursorPath: '', totalPath: '',
  }),
  /** The parameter a table's search text is sent in ('' when the API cannot search). */
  searchParam: z.string().trim().max(100).default(''),
  /** The columns a table may filter, and the parameters their values are sent in (one per column). */
  filterParams: z.array(ApiFilterParamSchema).max(20).default([])
    .refine((filters) => new Set(filters.map((f) => f.field)).size === filters.length, 'A column is filtered by one parameter mapping only')
    .refine((filters) => filters.every((f) => f.param !== '' || f.maxParam !== ''), 'A filter needs the parameter its value is sent in'),
  /** How long an answer is kept and given again (0: never kept). */
  cacheS: z.coerce.number().int().min(0).max(86_400).default(0),
});
export type ApiEndpointDraft = z.infer<typeof ApiEndpointDraftSchema>;

export const ApiEndpointSchema = ApiEndpointDraftSchema.extend({ endpointId: id, sourceId: id, ...revisionField });
export type ApiEndpoint = z.infer<typeof ApiEndpointSchema>;

/** An API with its endpoints, as the APIs screen lists them. */
export const ApiSourceWithEndpointsSchema = ApiSourceSchema.extend({ endpoints: z.array(ApiEndpointSchema) });
export type ApiSourceWithEndpoints = z.infer<typeof ApiSourceWithEndpointsSchema>;

export const SaveApiEndpointBodySchema = ApiEndpointDraftSchema.extend({
  endpointId: id.nullable().default(null),
  sourceId: id,
  ...baseRevisionField,
});
export type SaveApiEndpointBody = z.infer<typeof SaveApiEndpointBodySchema>;

/** Values of an endpoint's {{ }} parameters, by name, as a preview or a page sends them. */
export const ApiParamValuesSchema = z.record(z.string().max(100), z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]));

export const PreviewApiEndpointBodySchema = z.object({
  sourceId: id,
  endpoint: ApiEndpointDraftSchema,
  params: ApiParamValuesSchema.default({}),
});
export type PreviewApiEndpointBody = z.infer<typeof PreviewApiEndpointBodySchema>;

/** What a preview shows: the answer's status, the columns (guessed from the rows when none are named) and the first rows. */
export const ApiPreviewSchema = z.object({
  status: z.number().int(),
  ms: z.number(),
  columns: z.array(ApiColumnSchema.required()),
  rows: z.array(z.looseObject({})),
  /** The rows the answer held before the preview kept API_PREVIEW_ROWS. */
  rowCount: z.number().int(),
  total: z.number().int().nullable(),
  /** Whether the answer says a next page exists (by its cursor, its Link header or a full page). */
  hasNext: z.boolean(),
});
export type ApiPreview = z.infer<typeof ApiPreviewSchema>;

/** A choice widget of a saved page whose options come from an endpoint, and the page's values for its {{ }} parameters. */
export const LoadApiOptionsBodySchema = z.object({
  pageId: z.number().int().positive(),
  componentId: z.string().min(1).max(200),
  params: ApiParamValuesSchema.default({}),
});
export type LoadApiOptionsBody = z.infer<typeof LoadApiOptionsBodySchema>;

/** The most options one widget gets from an endpoint. */
export const MAX_API_OPTIONS = 1000;

export const ApiOptionsSchema = z.object({
  options: z.array(z.object({ textOption: z.string(), valueOption: z.string() })),
  /** The endpoint had more rows than MAX_API_OPTIONS: the first ones are given. */
  truncated: z.boolean(),
  /**
   * A checkbox's options left out because their value holds a comma: a checkbox's value is its
   * checked options' values joined by commas (spec 2 §2), which such a value would split.
   */
  withComma: z.number().int().default(0),
});
export type ApiOptions = z.infer<typeof ApiOptionsSchema>;

/** The most bytes of an OpenAPI document an import reads. */
export const MAX_OPENAPI_BYTES = 2 * 1024 * 1024;

export const ReadOpenApiBodySchema = z.object({
  sourceId: id,
  /** The document's text, JSON or YAML (OpenAPI 3.0 or 3.1). */
  document: z.string().min(1).max(MAX_OPENAPI_BYTES),
});

/** An operation of an OpenAPI document, with the endpoint it would make. */
export const OpenApiOperationSchema = z.object({
  method: ApiMethodSchema,
  /** The path as the document writes it (/orders/{id}). */
  path: z.string(),
  summary: z.string(),
  parameters: z.array(z.object({ name: z.string(), in: z.enum(['path', 'query', 'header', 'cookie']), required: z.boolean() })),
  /** The endpoint it makes: its path's and required parameters as {{ }} parameters of the same names. */
  draft: ApiEndpointDraftSchema,
});
export type OpenApiOperation = z.infer<typeof OpenApiOperationSchema>;

export const OpenApiReadSchema = z.object({ title: z.string(), version: z.string(), operations: z.array(OpenApiOperationSchema) });
export type OpenApiRead = z.infer<typeof OpenApiReadSchema>;

const SourceIdSchema = z.object({ sourceId: id });
const EndpointIdSchema = z.object({ endpointId: id });
const sourceOfBody = { entity: 'apiSource', id: (input: { body: { sourceId: number } }) => input.body.sourceId } as const;

export const apiSourceCalls = lazyCalls(() => ({
  listApiSources: defineCall({
    method: 'GET', path: '/get/listApiSources/:appId', tag: 'api-sources',
    summary: 'An application\'s APIs with their endpoints; never their secrets',
    params: z.object({ appId: z.coerce.number().int().positive() }),
    data: z.array(ApiSourceWithEndpointsSchema),
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.params.appId } },
  }),
  saveApiSource: defineCall({
    method: 'POST', path: '/save/saveApiSource', tag: 'api-sources',
    summary: 'Create (sourceId null) or edit an API; an empty secret keeps the stored one while the way of signing in stays',
    description: 'The base URL and the OAuth token URL must lead to public addresses unless the operator allows private ones (RAKIT_ALLOW_PRIVATE_URLS, RAKIT_ALLOWED_URL_HOSTS); cloud metadata hosts are always refused. '
      + 'An edit naming the revision it was based on is refused (409, with the API as stored now, never its secret) once another has saved it since.',
    body: SaveApiSourceBodySchema,
    data: SourceIdSchema.extend(revisionField),
    conflict: ApiSourceSchema,
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.body.appId } },
    successCode: CREATED_OR_SAVED,
  }),
  deleteApiSource: defineCall({
    method: 'DELETE', path: '/delete/deleteApiSource', tag: 'api-sources',
    summary: 'Remove an API and its endpoints',
    body: SourceIdSchema,
    data: SourceIdSchema,
    access: { level: 'appAdmin', app: sourceOfBody },
  }),
  saveApiEndpoint: defineCall({
    method: 'POST', path: '/save/saveApiEndpoint', tag: 'api-sources',
    summary: 'Create (endpointId null) or edit an endpoint of an API',
    description: 'An edit naming the revision it was based on is refused (409, with the endpoint as stored now) once another has saved it since.',
    body: SaveApiEndpointBodySchema,
    data: EndpointIdSchema.extend(revisionField),
    conflict: ApiEndpointSchema,
    access: { level: 'appAdmin', app: sourceOfBody },
    successCode: CREATED_OR_SAVED,
  }),
  deleteApiEndpoint: defineCall({
    method: 'DELETE', path: '/delete/deleteApiEndpoint', tag: 'api-sources',
    summary: 'Remove an endpoint of an API',
    body: EndpointIdSchema,
    data: EndpointIdSchema,
    access: { level: 'appAdmin', app: { entity: 'apiEndpoint', id: (input) => input.body.endpointId } },
  }),
  readOpenApi: defineCall({
    method: 'POST', path: '/action/readOpenApi', tag: 'api-sources',
    summary: 'Lists the operations of an OpenAPI 3 document with the endpoints they would make (saves nothing)',
    description: 'The document is read as given: a $ref outside it (a file, a URL) is never followed. At most 500 operations.',
    body: ReadOpenApiBodySchema,
    data: OpenApiReadSchema,
    access: { level: 'appAdmin', app: sourceOfBody },
  }),
  loadApiOptions: defineCall({
    method: 'POST', path: '/get/loadApiOptions', tag: 'api-sources',
    summary: 'The options a dropdown, radio or checkbox of a saved page reads from its API endpoint',
    description: `At most ${MAX_API_OPTIONS} options, one per row of the endpoint's answer (its pages read in turn), without repeated values; the widget's {{ }} parameters are filled from params, --userId-- with the caller's id.`,
    body: LoadApiOptionsBodySchema,
    data: ApiOptionsSchema,
    access: { level: 'member', app: { entity: 'page', id: (input) => input.body.pageId } },
  }),
  previewApiEndpoint: defineCall({
    method: 'POST', path: '/action/previewApiEndpoint', tag: 'api-sources',
    summary: 'Calls an endpoint as drafted, with sample parameter values, and answers its first rows',
    description: 'The request goes through the same outbound rules as every call of the API; an answer the API refuses or that cannot be read as rows is a 502 saying why.',
    body: PreviewApiEndpointBodySchema,
    data: ApiPreviewSchema,
    access: { level: 'appAdmin', app: sourceOfBody },
  }),
}));

// The stored things of this area a call's application is found from (contract.ts).
declare module './contract' {
  interface AppEntities {
    /** An API source, by its id. */
    apiSource: true;
    /** An endpoint of an API source, by its id. */
    apiEndpoint: true;
  }
}
