import { z } from 'zod';
import { baseRevisionField } from './revision';

/** Markers of spec 2 §9 for where a value comes from. */
export const CUSTOM_VALUE = '--custom--';
export const NO_REDIRECT = '--no-redirect--';
/**
 * A value taken from one of the environment's named variables (issue 39), its name in `custom`:
 * the server binds it (a secret one's value never reaches a browser).
 */
export const VARIABLE_VALUE = '--variable--';
export const CONDITION_OPERATORS = ['<', '>', '=', '!='] as const;

/**
 * Where one `?` of a stored query (or one value of the query builder) takes its value:
 * a component of the page (its id), a fixed custom value, the signed-in user, or a named
 * variable of the environment (VARIABLE_VALUE).
 */
export const ValueSourceSchema = z.object({
  source: z.string().max(200),
  custom: z.string().max(5000).default(''),
});
export type ValueSource = z.infer<typeof ValueSourceSchema>;

/** The stored part of a QUERY action (spec 2 §3 "stored"). */
export const StoredQuerySchema = z.looseObject({
  database: z.coerce.number().int().positive(),
  query: z.string().min(1).max(20_000),
  params: z.array(ValueSourceSchema).max(100).default([]),
});
export type StoredQuery = z.infer<typeof StoredQuerySchema>;

/** The query builder part of a CUSTOM action (spec 2 §3 "raw"). */
export const RawQuerySchema = z.looseObject({
  type: z.enum(['INSERT', 'UPDATE']),
  table: z.string().min(1).max(200),
  setValues: z.array(ValueSourceSchema.extend({ column: z.string().min(1).max(200) })).max(200).default([]),
  conditions: z.array(ValueSourceSchema.extend({ column: z.string().min(1).max(200), operator: z.enum(CONDITION_OPERATORS) })).max(50).default([]),
});
export type RawQuery = z.infer<typeof RawQuerySchema>;

/** POST /action/runQuery: raw SQL for authors; members only with a persisted query's text. */
export const RunQueryBodySchema = z.object({
  dbId: z.coerce.number().int().positive(),
  query: z.string().min(1).max(20_000),
  params: z.array(z.union([z.string(), z.number(), z.boolean(), z.null()])).max(100).default([]),
});

/**
 * POST /action/runAction: an action of a saved page (pageId, componentId, actionName) or a
 * stored query (actionId), with the page's current values keyed by component id.
 */
export const RunActionBodySchema = z.object({
  actionId: z.coerce.number().int().positive().optional(),
  pageId: z.coerce.number().int().positive().optional(),
  componentId: z.string().max(100).optional(),
  actionName: z.string().max(500).optional(),
  params: z.union([
    z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
    z.array(z.union([z.string(), z.number(), z.boolean(), z.null()])),
  ]).default({}),
}).refine((b) => b.actionId !== undefined || (b.pageId !== undefined && b.componentId !== undefined && b.actionName !== undefined), {
  message: 'actionId is empty',
});

/** POST /save/saveQuery (spec 2 §7). */
export const SaveQueryBodySchema = z.object({
  actionId: z.number().int().positive().nullable().default(null),
  actionSlug: z.string().max(200).default(''),
  actionDbId: z.coerce.number().int().positive(),
  actionPageId: z.coerce.number().int().min(0).default(0),
  actionName: z.string().trim().min(1).max(200),
  actionSQLQuery: z.string().min(1).max(20_000),
  actionFormat: z.string().max(50).default(''),
  /** The query's revision the edit was based on (issue 33). */
  ...baseRevisionField,
});
