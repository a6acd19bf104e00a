import * as core from '@rakit/core';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3 } from 'openapi-types';
import { z } from 'zod';

/*
 * The OpenAPI document for people (issue 31): core's schemas are named components, referenced
 * where a call uses them; every answer a call can give is documented, the errors by what can
 * cause them; operations are grouped by their contract's area (the tag).
 */

/**
 * Core's exported schemas, each named for its export (`MenuSchema` → `Menu`, and `MenuInput` as
 * a request reads it, its defaults optional). An export already named `…Input` keeps its name as
 * `…Fields`, so the two readings never collide (`PageInput` is Page read as a request).
 */
const namedSchemas = z.registry<{ id: string }>();
for (const [name, value] of Object.entries(core)) {
  if (!name.endsWith('Schema') || !(value instanceof z.ZodType) || namedSchemas.has(value)) continue;
  const id = name.slice(0, -'Schema'.length);
  namedSchemas.add(value, { id: id.endsWith('Input') ? `${id.slice(0, -'Input'.length)}InputFields` : id });
}

const ERROR_COMPONENT = 'ErrorEnvelope';
const errorAnswer = (description: string): OpenAPIV3.ResponseObject => ({
  description, content: { 'application/json': { schema: { $ref: `#/components/schemas/${ERROR_COMPONENT}` } } },
});

/** What each error answer means, the same for every call. */
const ERRORS = {
  400: 'The input is refused: the first text says why (a field, a value, a rule)',
  401: 'No session or token, or one that has ended: sign in again',
  403: 'The caller may not make this call on what it names',
  404: 'What the call names does not exist (or is not the caller\'s to see)',
  413: 'The body is larger than this call takes',
  429: 'Too many calls: wait for the time the Retry-After header says',
  503: 'A store, database or service the call needs is unavailable for now; try again',
} as const;

const SUCCESS: Record<string, string> = {
  200: 'Done: `{ status: true, data }`',
  201: 'Created: `{ status: true, data }`',
  202: 'Taken: the work goes on after the answer; `{ status: true, data }` says how to follow it',
  409: 'Changed since the caller read it: `{ status: false, error, data }` with the stored object, to read again',
};

/** Routes with a rate limit of their own (sign-in, prints…), by method and OpenAPI path. */
const rateLimited = new Set<string>();
/** Infrastructure routes (/healthz, /readyz): outside the contracts, they list every answer they give themselves. */
const selfDocumented = new Set<string>();
const operationKey = (method: string, path: string) => `${method.toLowerCase()} ${path.replace(/:(\w+)/g, '{$1}')}`;

const transformRoute = createJsonSchemaTransform({ schemaRegistry: namedSchemas });
// Parameters are listed one by one (the path's, the query's, the headers'): Swagger reads their
// object's properties, so it must not be a reference.
const transformParameters = createJsonSchemaTransform({ schemaRegistry: z.registry<{ id: string }>() });
const transformDocument = createJsonSchemaTransformObject({ schemaRegistry: namedSchemas });

const transform: NonNullable<FastifyDynamicSwaggerOptions['transform']> = (input) => {
  const { route } = input as { route?: { method: string | string[]; config?: { rateLimit?: unknown; infrastructure?: boolean } } };
  for (const method of [route?.method ?? []].flat()) {
    if (route?.config?.rateLimit !== undefined) rateLimited.add(operationKey(method, input.url));
    if (route?.config?.infrastructure === true) selfDocumented.add(operationKey(method, input.url));
  }
  const routeInput = input as Parameters<typeof transformRoute>[0];
  const whole = transformRoute(routeInput);
  const { params, querystring, headers } = transformParameters(routeInput).schema ?? {};
  return { ...whole, schema: { ...whole.schema, ...(params === undefined ? {} : { params }), ...(querystring === undefined ? {} : { querystring }), ...(headers === undefined ? {} : { headers }) } };
};

/** The error answers an operation can give, from what it takes and who may call it. */
function errorsOf(key: string, operation: OpenAPIV3.OperationObject): (keyof typeof ERRORS)[] {
  const takesInput = (operation.parameters?.length ?? 0) > 0 || operation.requestBody !== undefined;
  const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
  return [
    ...(takesInput ? [400 as const] : []),
    ...(isPublic ? [] : [401 as const, 403 as const]),
    ...(takesInput ? [404 as const] : []),
    ...(operation.requestBody === undefined ? [] : [413 as const]),
    // A token for machines is limited on every call; anyone on a route with its own limit.
    ...(!isPublic || rateLimited.has(key) ? [429 as const] : []),
    503 as const,
  ];
}

/** Every component a part of the document refers to, and those they refer to in turn. */
function referencedComponents(document: OpenAPIV3.Document): Set<string> {
  const schemas = document.components?.schemas ?? {};
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) { value.forEach(visit); return; }
    if (value === null || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string' && inner.startsWith('#/components/schemas/')) {
        const name = inner.slice('#/components/schemas/'.length);
        if (!found.has(name)) { found.add(name); visit(schemas[name]); }
      } else visit(inner);
    }
  };
  visit(document.paths);
  return found;
}

const transformObject: NonNullable<FastifyDynamicSwaggerOptions['transformObject']> = (input) => {
  const document = transformDocument(input as Parameters<typeof transformDocument>[0]) as OpenAPIV3.Document;
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const operation = item?.[method];
      if (operation === undefined) continue;
      for (const [code, response] of Object.entries(operation.responses)) {
        const meaning = SUCCESS[code] ?? ERRORS[Number(code) as keyof typeof ERRORS];
        if ('description' in response && response.description === 'Default Response' && meaning !== undefined) response.description = meaning;
      }
      const key = operationKey(method, path);
      if (selfDocumented.has(key)) continue;
      for (const code of errorsOf(key, operation)) operation.responses[code] ??= errorAnswer(ERRORS[code]);
    }
  }
  // The components no operation uses (core exports schemas for the browser's own use too) are left out.
  const used = referencedComponents(document);
  const schemas = document.components?.schemas ?? {};
  document.components = {
    ...document.components,
    schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)).sort(([a], [b]) => a.localeCompare(b))),
  };
  return document;
};

export const openApiTransforms = { transform, transformObject };
