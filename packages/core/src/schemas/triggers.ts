import { z } from 'zod';
import { MAX_ROW_ID } from '../constants';
import { Messages } from '../messages';
import { stripParamName } from '../rules/action-config';
import { REQUEST_METHODS } from './action-config';
import { baseRevisionField, revisionField } from './revision';

/** A value a trigger run takes, as runAction's values. */
const ScalarSchema = z.union([z.string().max(20_000), z.number(), z.boolean(), z.null()]);

/** The most parameters one trigger may have. */
export const MAX_TRIGGER_PARAMS = 100;

/** POST /action/saveTrigger (spec 2 §7): triggerParams is the JSON text of the parameter names. */
export const SaveTriggerBodySchema = z.object({
  triggerId: z.number().int().positive().max(MAX_ROW_ID).nullable().default(null),
  triggerAppId: z.coerce.number().int().positive().max(MAX_ROW_ID),
  triggerAlias: z.string().trim().min(1, 'triggerAlias is empty').max(200),
  triggerParams: z.string().max(20_000).default('[]'),
  /** The trigger's revision the edit was based on (issue 33). */
  ...baseRevisionField,
});
export type SaveTriggerBody = z.infer<typeof SaveTriggerBodySchema>;

/** POST /action/runTrigger/{id}: parameter name → value. */
export const RunTriggerBodySchema = z.record(z.string().max(200), ScalarSchema).default({});
export type RunTriggerBody = z.infer<typeof RunTriggerBodySchema>;

/** The id of /action/runTrigger/{id}, checked by the route so that a missing one reads 'trigger id kosong'. */
export const RunTriggerParamsSchema = z.object({ id: z.string().max(20).optional() });
export type RunTriggerParams = z.infer<typeof RunTriggerParamsSchema>;

/**
 * The parameter names of saveTrigger's JSON text (spec 2 §5): a list of texts, whitespace
 * stripped, none empty, none twice. Answers the names or the reason they are refused.
 */
export function parseTriggerParamNames(text: string): { ok: true; names: string[] } | { ok: false; message: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, message: Messages.triggerParamsNotJson };
  }
  if (!Array.isArray(parsed) || !parsed.every((name) => typeof name === 'string')) return { ok: false, message: Messages.triggerParamsNotJson };
  const names = (parsed as string[]).map(stripParamName);
  if (names.length > MAX_TRIGGER_PARAMS) return { ok: false, message: `A trigger has at most ${MAX_TRIGGER_PARAMS} parameters` };
  if (names.some((name) => name === '' || name.length > 200)) return { ok: false, message: Messages.actionParamNameRequired };
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice !== undefined) return { ok: false, message: `${Messages.triggerParamTwice}: ${twice}` };
  return { ok: true, names };
}

/** A stored trigger as GET /action/listTriggers answers it. */
export const TriggerRecordSchema = z.object({
  triggerId: z.number().int(),
  triggerAppId: z.number().int(),
  triggerAlias: z.string(),
  triggerParams: z.array(z.string()),
  ...revisionField,
});
export type TriggerRecord = z.infer<typeof TriggerRecordSchema>;

/** A recorded run (GET /action/triggerRuns/{id}). */
export const TriggerRunSchema = z.object({
  runId: z.number().int(),
  triggerId: z.number().int(),
  userId: z.string(),
  params: z.record(z.string(), z.unknown()),
  status: z.string(),
  createdAt: z.string(),
});
export type TriggerRun = z.infer<typeof TriggerRunSchema>;

/**
 * POST /action/testRequest: the Request section's Test, sent by the server for the author. The
 * method keeps the spec's names (UPDATE is sent as PUT); the URL has its path parameters and
 * the body its `?` already filled in.
 */
export const TestRequestBodySchema = z.object({
  appId: z.coerce.number().int().positive().max(MAX_ROW_ID),
  url: z.string().trim().min(1, Messages.actionUrlRequired).max(2000),
  method: z.enum(REQUEST_METHODS).default('GET'),
  headers: z.record(z.string().max(200), z.string().max(5000)).default({}),
  body: z.string().max(100_000).optional(),
});
export type TestRequestBody = z.infer<typeof TestRequestBodySchema>;

/** What the Test answered: the remote status, its headers and its body (parsed when JSON). */
export const TestRequestAnswerSchema = z.object({
  status: z.number().int(),
  headers: z.record(z.string(), z.string()),
  body: z.unknown(),
});
export type TestRequestAnswer = z.infer<typeof TestRequestAnswerSchema>;
