import { z } from 'zod';

/** Action kinds (spec 2 §4): buttons offer BUTTON_ACTIONS, tables and other data widgets DATA_ACTIONS. */
export const ACTION_TYPES = ['CUSTOM', 'QUERY', 'TRIGGER', 'REDIRECT', 'BACK', 'GLOBAL', 'REQUEST', 'EDIT', 'PRINT', 'DELETE'] as const;
export const BUTTON_ACTIONS = ['CUSTOM', 'QUERY', 'TRIGGER', 'REDIRECT', 'BACK', 'GLOBAL', 'REQUEST'] as const;
export const DATA_ACTIONS = ['EDIT', 'PRINT', 'DELETE', 'CUSTOM', 'QUERY', 'TRIGGER', 'REDIRECT', 'GLOBAL'] as const;
export const ActionTypeSchema = z.enum(ACTION_TYPES);
export type ActionType = z.infer<typeof ActionTypeSchema>;

export const NONE_PRIMARY_KEY = 'NONE';
export const CUSTOM_TABLE = 'CUSTOM_TABLE';
export const NO_FUNCTION = -1;

const shortText = z.string().max(500);
const longText = z.string().max(20_000);

/** A configured action (spec 2 §3 "Action"); the action system's own issue details raw/stored. */
export const CustomActionSchema = z.looseObject({
  name: shortText,
  action: ActionTypeSchema,
  /** Name of the parent action this one runs after; '' for a top-level action. */
  cause: shortText.default(''),
  show: z.boolean().default(true),
  raw: z.looseObject({}).optional(),
  stored: z.looseObject({ query: longText.optional(), database: z.union([z.number(), z.string()]).optional() }).optional(),
  print: z.looseObject({}).optional(),
});
export type CustomAction = z.infer<typeof CustomActionSchema>;

/** Fields every component has. */
export const componentBase = {
  id: z.string().min(1).max(100),
  version: z.number().int().positive().default(1),
  title: shortText.default(''),
  active: z.boolean().default(false),
};

/** Fields of the form widgets (spec 2 §3 "Widget (input)"). */
export const formFields = {
  placeholder: shortText.default(''),
  initValue: longText.default(''),
  realValue: z.unknown().optional(),
  required: z.boolean().default(false),
  disabled: z.boolean().default(false),
  errorRequired: z.boolean().default(false),
};

/** The data source of tables, charts, kanbans and loaders (spec 3 §3 "Shared widget input"). */
export const dataSourceFields = {
  /** Comma-joined column labels. */
  options: longText.default(''),
  /** Comma-joined source columns, one per label. */
  mapping_table: longText.default(''),
  /** A table name or CUSTOM_TABLE. */
  table_used: shortText.default(''),
  /** The connection's dbId, '' when none is chosen. */
  database_used: z.union([z.number().int(), z.string().max(20)]).default(''),
  primaryKey: shortText.default(NONE_PRIMARY_KEY),
  customSource: z.object({ query: longText.default(''), columns: z.array(shortText).default([]), table: shortText.default('') }).default({ query: '', columns: [], table: '' }),
  functionId: z.number().int().default(NO_FUNCTION),
  timeToRefresh: z.number().int().min(0).max(3600).default(0),
  custom_action: z.array(CustomActionSchema).max(100).default([]),
};

/** A widget's model: its type, schema version, schema and defaults at creation (spec 2 §1). */
export interface WidgetModel<T extends string = string, S extends z.ZodType = z.ZodType> {
  type: T;
  version: number;
  schema: S;
  /** The fields a new component of this type starts with, besides id and type. */
  defaults: () => Record<string, unknown>;
  /** Upgrades a stored component from an older version, one step at a time. */
  migrations: Record<number, (component: Record<string, unknown>) => Record<string, unknown>>;
}

export function defineWidget<T extends string, Shape extends z.ZodRawShape>(
  type: T,
  shape: Shape,
  defaults: () => Record<string, unknown> = () => ({}),
  version = 1,
) {
  const schema = z.looseObject({ ...componentBase, type: z.literal(type), ...shape });
  const model: WidgetModel<T, typeof schema> = { type, version, schema, defaults, migrations: {} };
  return model;
}

export { longText, shortText };
