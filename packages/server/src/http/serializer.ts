import build from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Writer = (data: unknown) => string;

/**
 * Zod types whose encode may change a value on its way out (codecs, transforms, catch), or that
 * JSON Schema cannot say: an answer whose schema holds one is written through zod's encode.
 */
const ZOD_ONLY = new Set<string>([
  'pipe', 'transform', 'catch', 'prefault', 'success', 'custom', 'date', 'bigint', 'map', 'set', 'promise', 'function',
  'symbol', 'undefined', 'void', 'nan', 'file', 'never',
]);

/**
 * A writer of answers of `schema`, compiled from its JSON Schema by fast-json-stringify
 * (Fastify's own serializer): it writes the declared fields only, like zod's encode strips
 * undeclared ones, so an answer never carries a field its contract does not name. The JSON is
 * the schema's input side (what a client parses). Undefined when the schema holds a zod-only
 * type (ZOD_ONLY) or does not compile: zod's encode then writes it.
 */
export function jsonWriterOf(schema: z.ZodType): Writer | undefined {
  let zodOnly = false;
  try {
    const json = z.toJSONSchema(schema, {
      target: 'draft-07', io: 'input', unrepresentable: 'throw', cycles: 'ref',
      override: ({ zodSchema, jsonSchema }) => {
        if (ZOD_ONLY.has(zodSchema._zod.def.type)) zodOnly = true;
        if (keepsEveryKey(zodSchema)) {
          // A row of a query (a loose object naming no field) is written whole, as zod's encode
          // kept it: as "any", JSON.stringify writes it, 2x quicker than fast-json-stringify's
          // walk of undeclared keys (20 rows: 28 µs against 16).
          for (const key of Object.keys(jsonSchema)) delete (jsonSchema as Record<string, unknown>)[key];
        }
      },
    });
    return zodOnly ? undefined : build(json as Parameters<typeof build>[0]) as Writer;
  } catch {
    return undefined;
  }
}

/** A loose object that names no field and lets any value through: zod's encode keeps it whole. */
function keepsEveryKey(schema: z.core.$ZodType): boolean {
  const def = schema._zod.def as { type: string; shape?: Record<string, unknown>; catchall?: z.core.$ZodType };
  return def.type === 'object' && def.shape !== undefined && Object.keys(def.shape).length === 0
    && def.catchall !== undefined && def.catchall._zod.def.type === 'unknown';
}

/**
 * The answers' serializer: each route's success schema compiled to a JSON writer on its first
 * answer (jsonWriterOf), else zod's encode. zod's encode walks and copies the whole answer
 * before JSON.stringify walks it again: 22 µs of a rare search's time in the server went there
 * (issue 19, bench/request-phases.mjs); a compiled writer is straight-line code for the one
 * shape. Compiled on first use, not at start: a server (and each test's) registers ~150
 * routes and answers few of them at once.
 */
export const serializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const viaZod = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]) as Writer;
  let writer: Writer | undefined;
  return (data: unknown) => {
    if (writer === undefined) {
      const schema = route.schema as z.ZodType | { properties?: unknown };
      const zodSchema = schema instanceof z.ZodType ? schema : schema.properties instanceof z.ZodType ? schema.properties : undefined;
      writer = (zodSchema === undefined ? undefined : jsonWriterOf(zodSchema)) ?? viaZod;
    }
    return writer(data);
  };
};
