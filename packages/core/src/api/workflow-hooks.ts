import { z } from 'zod';
import { IdParamsSchema } from '../schemas/admin';
import { RunOutcomeSchema } from '../workflows/runs';
import { CREATED_OR_SAVED, defineCall, lazyCalls } from './contract';

/*
 * Incoming webhooks (issue 37): another system starts a workflow with
 * `POST /hook/{appSlug}/{hookId}`, its body the run's input ($0). The caller proves it holds the
 * hook's secret, either by signing (HMAC-SHA256 over `<timestamp>.<raw body>`, the timestamp
 * within five minutes, each signature good once) or by sending the secret as a bearer token.
 * Every call is kept in the hook's log, accepted or refused with why.
 */

/** How a caller proves it holds the hook's secret. */
export const HOOK_AUTH_MODES = ['signature', 'bearer'] as const;
export type HookAuthMode = (typeof HOOK_AUTH_MODES)[number];

/** The headers of a signed call (and of the Send Webhook step's, so another Rakit can verify it). */
export const HOOK_TIMESTAMP_HEADER = 'x-rakit-timestamp';
export const HOOK_SIGNATURE_HEADER = 'x-rakit-signature';
/** How far a signed call's timestamp may be from the server's clock, in seconds. */
export const HOOK_TIMESTAMP_TOLERANCE_S = 300;
/** The longest a call may wait for the workflow's answer, in milliseconds (0: answer at once with the run id). */
export const HOOK_MAX_WAIT_MS = 10_000;
/** How many calls a hook's log lists, newest first. */
export const HOOK_CALLS_SHOWN = 50;
/** The prefix of a hook's secret, so a leaked one is recognised. */
export const HOOK_SECRET_PREFIX = 'rkh_';

/** Why a call was refused (or 'accepted'): what the hook's log says of it. */
export const HOOK_CALL_OUTCOMES = [
  'accepted', 'wrongApplication', 'missingSignature', 'badSignature', 'staleTimestamp', 'replayed', 'badSecret', 'badBody', 'unsupportedType',
  'bodyTooLarge', 'badInput', 'notBuilt', 'rateLimited',
] as const;
export type HookCallOutcome = (typeof HOOK_CALL_OUTCOMES)[number];

/** The kinds of value a hook's input field takes (a form's fields arrive as text: numbers and yes/no are read from it). */
export const HOOK_FIELD_TYPES = ['text', 'number', 'boolean', 'object', 'list'] as const;
export type HookFieldType = (typeof HOOK_FIELD_TYPES)[number];
/** Fields a hook's input may name. */
export const HOOK_MAX_FIELDS = 50;

/**
 * A field the caller's body must (or may) carry, of a kind: the hook's input schema, written in
 * the editor. A body whose fields break it starts nothing (400, 'badInput' in the log).
 */
export const HookFieldSchema = z.object({
  name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'A field name is letters, digits and _, starting with a letter or _'),
  type: z.enum(HOOK_FIELD_TYPES),
  required: z.boolean(),
});
export type HookField = z.infer<typeof HookFieldSchema>;

export const WorkflowHookSchema = z.object({
  hookId: z.string(),
  workflowId: z.number().int(),
  hookName: z.string(),
  auth: z.enum(HOOK_AUTH_MODES),
  waitMs: z.number().int(),
  fields: z.array(HookFieldSchema),
  /** The path to call, under the server's address. */
  path: z.string(),
  createdAt: z.string(),
  secretSetAt: z.string(),
});
export type WorkflowHook = z.infer<typeof WorkflowHookSchema>;

export const HookCallSchema = z.object({
  at: z.string(),
  outcome: z.enum(HOOK_CALL_OUTCOMES),
  runId: z.number().int().nullable(),
  sourceAddress: z.string(),
});
export type HookCall = z.infer<typeof HookCallSchema>;

const HookIdSchema = z.string().regex(/^[a-z0-9]{20,40}$/);

export const SaveWorkflowHookBodySchema = z.object({
  /** null: a new hook (its secret answered once). */
  hookId: HookIdSchema.nullable(),
  workflowId: z.number().int().positive(),
  hookName: z.string().trim().min(1).max(80),
  auth: z.enum(HOOK_AUTH_MODES),
  waitMs: z.number().int().min(0).max(HOOK_MAX_WAIT_MS),
  fields: z.array(HookFieldSchema).max(HOOK_MAX_FIELDS).default([])
    .refine((fields) => new Set(fields.map((field) => field.name)).size === fields.length, { message: 'Each field once' }),
});
export type SaveWorkflowHookBody = z.infer<typeof SaveWorkflowHookBodySchema>;

export const workflowHookCalls = lazyCalls(() => ({
  listWorkflowHooks: defineCall({
    method: 'GET', path: '/action/workflowHooks/:id', tag: 'workflows',
    summary: 'A workflow\'s incoming webhooks (never their secrets), each with its latest calls',
    params: IdParamsSchema,
    data: z.array(WorkflowHookSchema.extend({ calls: z.array(HookCallSchema) })),
    access: { level: 'appAdmin', app: { entity: 'workflow', id: (input) => input.params.id } },
  }),
  saveWorkflowHook: defineCall({
    method: 'POST', path: '/save/workflowHook', tag: 'workflows',
    summary: 'Add an incoming webhook to a workflow (201, its secret answered once) or change one (200)',
    body: SaveWorkflowHookBodySchema,
    data: z.object({ hook: WorkflowHookSchema, secret: z.string().nullable() }),
    successCode: CREATED_OR_SAVED,
    access: { level: 'appAdmin', app: { entity: 'workflow', id: (input) => input.body.workflowId } },
  }),
  rotateHookSecret: defineCall({
    method: 'POST', path: '/action/rotateHookSecret', tag: 'workflows',
    summary: 'A new secret for a webhook, answered once: the old one is refused from now on',
    body: z.object({ hookId: HookIdSchema }),
    data: z.object({ secret: z.string() }),
    access: { level: 'appAdmin', app: { entity: 'workflowHook', id: (input) => input.body.hookId } },
  }),
  deleteWorkflowHook: defineCall({
    method: 'DELETE', path: '/delete/workflowHook', tag: 'workflows',
    summary: 'Remove a webhook: its calls are refused (404) from now on',
    body: z.object({ hookId: HookIdSchema }),
    data: z.object({ hookId: z.string() }),
    access: { level: 'appAdmin', app: { entity: 'workflowHook', id: (input) => input.body.hookId } },
  }),
  receiveHook: defineCall({
    method: 'POST', path: '/hook/:appSlug/:hookId', tag: 'webhooks',
    summary: 'Start the hook\'s workflow with the body (JSON or a form) as its input',
    description: `Signed hooks: ${HOOK_TIMESTAMP_HEADER} (Unix seconds, within ${HOOK_TIMESTAMP_TOLERANCE_S} s) and ${HOOK_SIGNATURE_HEADER}: `
      + 'sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>" with the secret>, each signature good once. Bearer hooks: Authorization: Bearer <secret>. '
      + 'Answers 202 with the run id at once, or with the workflow\'s outcome when it ends within the hook\'s wait.',
    params: z.object({ appSlug: z.string().min(1).max(100), hookId: z.string().min(1).max(40) }),
    // A signed hook's headers, documented; the others (Authorization, Content-Type) pass through.
    headers: z.looseObject({ [HOOK_TIMESTAMP_HEADER]: z.string().optional(), [HOOK_SIGNATURE_HEADER]: z.string().optional() }),
    // The raw bytes: the signature is over them, and the handler reads JSON or a form from them.
    body: z.unknown(),
    data: RunOutcomeSchema,
    successCode: 202,
    access: { level: 'public' },
  }),
}));

/*
 * Outgoing webhooks (issue 37): a Send Webhook step signs its body as incoming hooks are checked,
 * with a secret of its own. The secret is the step's, set here, kept sealed and never answered
 * back: it is not a parameter, so the co-edited flow, its versions and an exported bundle never
 * carry it.
 */

/** The prefix of a step secret the server makes, so a leaked one is recognised. */
export const STEP_SECRET_PREFIX = 'rkw_';
/** The shortest secret an administrator may paste (a receiver's own). */
export const STEP_SECRET_MIN_LENGTH = 16;
export const STEP_SECRET_MAX_LENGTH = 256;

export const StepSecretSchema = z.object({
  actionId: z.number().int(),
  setAt: z.string(),
});
export type StepSecret = z.infer<typeof StepSecretSchema>;

export const SetStepSecretBodySchema = z.object({
  actionId: z.number().int().positive(),
  /** The receiver's secret, pasted; absent: the server makes one and answers it this once. */
  secret: z.string().trim().min(STEP_SECRET_MIN_LENGTH).max(STEP_SECRET_MAX_LENGTH).optional(),
});
export type SetStepSecretBody = z.infer<typeof SetStepSecretBodySchema>;

export const stepSecretCalls = lazyCalls(() => ({
  listStepSecrets: defineCall({
    method: 'GET', path: '/action/stepSecrets/:id', tag: 'workflows',
    summary: 'Which Send Webhook steps of a workflow have a signing secret, and since when (never the secrets)',
    params: IdParamsSchema,
    data: z.array(StepSecretSchema),
    access: { level: 'appAdmin', app: { entity: 'workflow', id: (input) => input.params.id } },
  }),
  setStepSecret: defineCall({
    method: 'POST', path: '/action/setStepSecret', tag: 'workflows',
    summary: 'Set a Send Webhook step\'s signing secret: the one given, or a new one answered this once',
    body: SetStepSecretBodySchema,
    data: StepSecretSchema.extend({ secret: z.string().nullable() }),
    access: { level: 'appAdmin', app: { entity: 'workflowAction', id: (input) => input.body.actionId } },
  }),
  deleteStepSecret: defineCall({
    method: 'DELETE', path: '/delete/stepSecret', tag: 'workflows',
    summary: 'Remove a Send Webhook step\'s signing secret: the step fails until one is set',
    body: z.object({ actionId: z.number().int().positive() }),
    data: z.object({ actionId: z.number().int() }),
    access: { level: 'appAdmin', app: { entity: 'workflowAction', id: (input) => input.body.actionId } },
  }),
}));

// The stored things of this area a call's application is found from (contract.ts).
declare module './contract' {
  interface AppEntities {
    /** A webhook of a workflow, by its id. */
    workflowHook: true;
  }
}
