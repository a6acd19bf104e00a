import { z } from 'zod';
import { type ActionType, ActionTypeSchema, type CustomAction } from '../widgets/common';
import { CUSTOM_VALUE, NO_REDIRECT, RawQuerySchema, StoredQuerySchema, ValueSourceSchema } from './actions';
import { PrintConfigSchema } from './print';

/**
 * Where each action type keeps its configuration inside a CustomAction (spec 2 §3 "Action"):
 *
 * | type     | field  | shape                                                        |
 * |----------|--------|--------------------------------------------------------------|
 * | CUSTOM   | raw    | RawQuery + `database` (dbId) — schemas/actions.ts             |
 * | QUERY    | stored | StoredQuery + `table`, `columns`, `availableColumn`, `id`, `pageId` |
 * | DELETE   | stored | StoredQuery (delete by primary key, one parameter)           |
 * | TRIGGER  | raw    | TriggerConfig {id, alias, params}                             |
 * | REDIRECT | raw    | RedirectConfig {pageId, pageSlug}                             |
 * | GLOBAL   | raw    | GlobalConfig {params}                                         |
 * | REQUEST  | raw    | {configuration: RequestConfig}                                |
 * | EDIT     | raw    | {editFields}                                                  |
 * | BACK     | —      | nothing                                                       |
 *
 * A value source (`source`, or `value` in the request configuration as the spec names it) is
 * a component id of the page, CUSTOM_VALUE with the custom text, or USER_ID_MARKER.
 */

/** A named parameter of a stored trigger (spec 2 §3 "Trigger"); names are stored without whitespace. */
export const TriggerParamSchema = ValueSourceSchema.extend({ name: z.string().max(200) });
export type TriggerParam = z.infer<typeof TriggerParamSchema>;

export const TriggerConfigSchema = z.looseObject({
  /** The stored trigger's id (POST /action/saveTrigger → data.action.actionId); null until saved. */
  id: z.number().int().positive().nullable().default(null),
  alias: z.string().max(200).default(''),
  params: z.array(TriggerParamSchema).max(100).default([]),
});
export type TriggerConfig = z.infer<typeof TriggerConfigSchema>;

/** Spec 2 §9: permanent stays until overwritten, once is removed after a page has read it. */
export const GLOBAL_VARIABLE_KINDS = ['permanent', 'once'] as const;

/** One key/value/type entry of a GLOBAL action (spec 2 §3 "Global variable param"). */
export const GlobalParamSchema = ValueSourceSchema.extend({
  name: z.string().max(200),
  type: z.enum(GLOBAL_VARIABLE_KINDS).default('permanent'),
});
export type GlobalParam = z.infer<typeof GlobalParamSchema>;

export const GlobalConfigSchema = z.looseObject({ params: z.array(GlobalParamSchema).max(100).default([]) });
export type GlobalConfig = z.infer<typeof GlobalConfigSchema>;

/** Where a REDIRECT goes: a page of the application (by slug, its id kept for the dialog) or NO_REDIRECT. */
export const RedirectConfigSchema = z.looseObject({
  pageId: z.number().int().positive().nullable().default(null),
  pageSlug: z.string().max(200).default(NO_REDIRECT),
});
export type RedirectConfig = z.infer<typeof RedirectConfigSchema>;

/** Spec 2 §9. UPDATE is not an HTTP method: it is sent as PUT (see requestHttpMethod). */
export const REQUEST_METHODS = ['GET', 'POST', 'UPDATE', 'DELETE'] as const;
export type RequestMethod = (typeof REQUEST_METHODS)[number];

/** A header or path parameter of a REQUEST (spec 2 §3): `value` is the source, `customValue` its custom text. */
export const RequestParamSchema = z.object({
  name: z.string().max(200).default(''),
  value: z.string().max(200).default(CUSTOM_VALUE),
  customValue: z.string().max(5000).default(''),
});
export type RequestParam = z.infer<typeof RequestParamSchema>;

/** What fills one `?` of the request body, in order. */
export const BodyParamSchema = RequestParamSchema.omit({ name: true });
export type BodyParam = z.infer<typeof BodyParamSchema>;

export const DEFAULT_REQUEST_HEADER: RequestParam = { name: 'Content-Type', value: CUSTOM_VALUE, customValue: 'application/json' };

export const RequestConfigSchema = z.looseObject({
  url: z.string().max(2000).default(''),
  method: z.enum(REQUEST_METHODS).default('GET'),
  headers: z.array(RequestParamSchema).max(50).default([DEFAULT_REQUEST_HEADER]),
  pathParams: z.array(RequestParamSchema).max(50).default([]),
  /** JSON text; each `?` outside and inside strings is filled from bodyParams in order. */
  body: z.string().max(50_000).default(''),
  bodyParams: z.array(BodyParamSchema).max(100).default([]),
});
export type RequestConfig = z.infer<typeof RequestConfigSchema>;

/** Spec 2 §9 "Edit field types". */
export const EDIT_FIELD_TYPES = ['text', 'number', 'date', 'dropdown', 'textarea'] as const;
export const EditFieldSchema = z.object({
  name: z.string().max(200),
  type: z.enum(EDIT_FIELD_TYPES).default('text'),
  /** For dropdowns: a comma list of options. */
  options: z.string().max(5000).default(''),
});
export type EditField = z.infer<typeof EditFieldSchema>;

/** An EDIT action's configuration: the fields its dialog edits (none: the widget's shown columns). */
export const EditConfigSchema = z.looseObject({ editFields: z.array(EditFieldSchema).max(200).default([]) });
export type EditConfig = z.infer<typeof EditConfigSchema>;

/** A REQUEST action's configuration, kept under `configuration` as the spec names it. */
export const RequestActionConfigSchema = z.looseObject({ configuration: RequestConfigSchema.default(RequestConfigSchema.parse({})) });

/** A CUSTOM action's configuration: the query builder's statement and the connection it runs on. */
export const CustomQueryConfigSchema = RawQuerySchema.extend({ database: z.coerce.number().int().positive() });

/** A stored query of a QUERY or DELETE action, with the ids the saved query and its page keep. */
export const StoredActionConfigSchema = StoredQuerySchema.extend({
  /** The persisted query's id (POST /action/saveQuery), which members run by. */
  id: z.coerce.number().int().positive().optional(),
  pageId: z.coerce.number().int().positive().nullable().optional(),
});

/** What an action's stored id names: export and import rewrite each to the copy's own. */
export const ACTION_REFERENCE_KINDS = ['connection', 'page', 'trigger', 'query'] as const;
export type ActionReferenceKind = (typeof ACTION_REFERENCE_KINDS)[number];

/** Where an action keeps a stored id: the part of the action and the key in it. */
export interface ActionReference {
  part: 'raw' | 'stored';
  key: string;
  names: ActionReferenceKind;
}

/** The part of a CustomAction that holds a kind's configuration (spec 2 §3); BACK has none. */
type ActionPart = 'raw' | 'stored' | 'print' | null;

interface ActionModel {
  part: ActionPart;
  schema: z.ZodType;
  references: readonly ActionReference[];
}

const storedQueryReferences: readonly ActionReference[] = [
  { part: 'stored', key: 'database', names: 'connection' },
  { part: 'stored', key: 'id', names: 'query' },
  { part: 'stored', key: 'pageId', names: 'page' },
];

/**
 * One model per action kind (the table at the top of this file, as data): where its
 * configuration is kept, its schema, and the stored ids it references. The action system reads
 * a configuration through its kind's model (actionConfigOf), and a bundle's export and import
 * rewrite exactly the references the models declare.
 */
export const ACTION_MODELS = {
  CUSTOM: { part: 'raw', schema: CustomQueryConfigSchema, references: [{ part: 'raw', key: 'database', names: 'connection' }] },
  QUERY: { part: 'stored', schema: StoredActionConfigSchema, references: storedQueryReferences },
  DELETE: { part: 'stored', schema: StoredActionConfigSchema, references: storedQueryReferences },
  TRIGGER: { part: 'raw', schema: TriggerConfigSchema, references: [{ part: 'raw', key: 'id', names: 'trigger' }] },
  REDIRECT: { part: 'raw', schema: RedirectConfigSchema, references: [{ part: 'raw', key: 'pageId', names: 'page' }] },
  GLOBAL: { part: 'raw', schema: GlobalConfigSchema, references: [] },
  REQUEST: { part: 'raw', schema: RequestActionConfigSchema, references: [] },
  EDIT: { part: 'raw', schema: EditConfigSchema, references: [] },
  PRINT: { part: 'print', schema: PrintConfigSchema, references: [] },
  BACK: { part: null, schema: z.object({}), references: [] },
} as const satisfies Record<ActionType, ActionModel>;

export type ActionConfigOf<T extends ActionType> = z.output<(typeof ACTION_MODELS)[T]['schema']>;

/**
 * An action's configuration read by the model of `type`, its defaults filled in; undefined when
 * the action is of another kind or what is stored does not fit the model.
 */
export function actionConfigOf<T extends ActionType>(action: Pick<CustomAction, 'action' | 'raw' | 'stored' | 'print'>, type: T): ActionConfigOf<T> | undefined {
  if (action.action !== type) return undefined;
  const model: ActionModel = ACTION_MODELS[type];
  const parsed = model.schema.safeParse(model.part === null ? {} : action[model.part] ?? {});
  return parsed.success ? (parsed.data as ActionConfigOf<T>) : undefined;
}

/** The stored ids an action's kind references (none for an unknown kind). */
export function actionReferences(action: { action?: unknown }): readonly ActionReference[] {
  const type = ActionTypeSchema.safeParse(action.action);
  return type.success ? ACTION_MODELS[type.data].references : [];
}
