import { type ApiFilterParam, ApiFilterParamSchema, type ApiMethod, type NameValue, type OpenApiOperation, type OpenApiRead } from '@rakit/core';
import { badRequest, local } from '../errors/http-errors';

/*
 * An OpenAPI 3 document read into the endpoints it describes (issue 40): parsed as JSON or YAML
 * here (never handed to the parser as a path or URL), checked by swagger-parser against the
 * OpenAPI schema with its own $refs resolved and no other: a $ref to a file or an address is left
 * as it is, never read. Each operation becomes an endpoint draft the administrator may save.
 * The parser and its schemas (~0.5 s to load) are imported on the first document, not with the server.
 */

export const MAX_OPENAPI_OPERATIONS = 500;

const METHODS: Record<string, ApiMethod> = { get: 'GET', post: 'POST', put: 'PUT', patch: 'PATCH', delete: 'DELETE' };

interface Parameter { name?: unknown; in?: unknown; required?: unknown; schema?: { enum?: unknown }; $ref?: unknown }
interface Operation { summary?: unknown; operationId?: unknown; parameters?: Parameter[]; requestBody?: unknown }
type PathItem = Record<string, Operation | Parameter[] | undefined> & { parameters?: Parameter[] };

async function documentObject(text: string): Promise<unknown> {
  try {
    return JSON.parse(text);
  } catch {
    try {
      const { parse: parseYaml } = await import('yaml');
      // Aliases are bounded (a "billion laughs" document is refused), as are the document's bytes by the call's schema.
      return parseYaml(text, { maxAliasCount: 100 });
    } catch (error) {
      throw badRequest(local('apiOpenApiInvalid', { detail: error instanceof Error ? error.message.split('\n')[0] ?? '' : String(error) }));
    }
  }
}

const isParameter = (parameter: Parameter): parameter is Parameter & { name: string; in: 'path' | 'query' | 'header' | 'cookie' } =>
  typeof parameter.name === 'string' && ['path', 'query', 'header', 'cookie'].includes(String(parameter.in)) && parameter.$ref === undefined;

/** The operation's parameters and its path's, the operation's winning by name and place (OpenAPI 3 §4.8.10). */
function parametersOf(item: PathItem, operation: Operation): (OpenApiOperation['parameters'][number] & { choices: string[] })[] {
  const byKey = new Map<string, OpenApiOperation['parameters'][number] & { choices: string[] }>();
  for (const parameter of [...(item.parameters ?? []), ...(operation.parameters ?? [])]) {
    if (!isParameter(parameter)) continue;
    const listed = Array.isArray(parameter.schema?.enum) ? parameter.schema.enum : [];
    const choices = listed.filter((choice) => ['string', 'number', 'boolean'].includes(typeof choice)).map(String).filter((choice) => choice.trim() !== '' && choice.length <= 200);
    byKey.set(`${parameter.in}:${parameter.name}`, { name: parameter.name, in: parameter.in, required: parameter.in === 'path' || parameter.required === true, choices });
  }
  return [...byKey.values()];
}

/**
 * An optional query parameter with listed values reads as a filter of the rows' column of its
 * name (`?status=open|closed` filters `status`): a table on the endpoint offers it with those values.
 */
const filtersOf = (parameters: ReturnType<typeof parametersOf>): ApiFilterParam[] => parameters
  .filter((p) => p.in === 'query' && !p.required && p.choices.length > 0)
  // A name an endpoint could not save (not a header token, too long) is no filter.
  .flatMap((p) => {
    const filter = ApiFilterParamSchema.safeParse({ field: p.name, param: p.name, choices: [...new Set(p.choices)].slice(0, 100) });
    return filter.success ? [filter.data] : [];
  })
  .slice(0, 20);

const placeholder = (name: string) => `{{${name.replace(/[^\w.-]/g, '_')}}}`;

export async function readOpenApi(text: string): Promise<OpenApiRead> {
  const raw = await documentObject(text);
  if (raw === null || typeof raw !== 'object' || !('openapi' in raw)) throw badRequest(local('apiOpenApiInvalid', { detail: 'not an OpenAPI 3 document (no "openapi" field)' }));
  let document: { info?: { title?: unknown; version?: unknown }; paths?: Record<string, PathItem> };
  try {
    const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
    document = await SwaggerParser.validate(raw as never, { resolve: { external: false } }) as typeof document;
  } catch (error) {
    throw badRequest(local('apiOpenApiInvalid', { detail: error instanceof Error ? error.message.split('\n')[0] ?? '' : String(error) }));
  }
  const operations: OpenApiOperation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [key, method] of Object.entries(METHODS)) {
      const operation = item[key] as Operation | undefined;
      if (operation === undefined) continue;
      if (operations.length >= MAX_OPENAPI_OPERATIONS) return { title: String(document.info?.title ?? ''), version: String(document.info?.version ?? ''), operations };
      const parameters = parametersOf(item, operation);
      const required = (place: string): NameValue[] => parameters.filter((p) => p.in === place && p.required).map((p) => ({ name: p.name, value: placeholder(p.name) }));
      const summary = typeof operation.summary === 'string' ? operation.summary : '';
      const name = (typeof operation.operationId === 'string' && operation.operationId !== '' ? operation.operationId : summary !== '' ? summary : `${method} ${path}`).slice(0, 100);
      operations.push({
        method, path, summary, parameters: parameters.map(({ choices: _choices, ...parameter }) => parameter),
        draft: {
          name, method, path: path.replace(/\{([^}]+)\}/g, (_m, param: string) => placeholder(param)), query: required('query'), headers: required('header'),
          body: operation.requestBody === undefined ? '' : '{}', rowsPath: '', columns: [], searchParam: '', filterParams: filtersOf(parameters), cacheS: 0,
          paging: { scheme: 'none', pageParam: 'page', sizeParam: 'size', firstPage: 1, offsetParam: 'offset', limitParam: 'limit', cursorParam: 'cursor', nextCursorPath: '', totalPath: '' },
        },
      });
    }
  }
  return { title: String(document.info?.title ?? ''), version: String(document.info?.version ?? ''), operations };
}
