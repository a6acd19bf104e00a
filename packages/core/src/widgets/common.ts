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

/** Columns of the layout grid a page and every card lay their components on. */
export const GRID_COLUMNS = 12;

/** The catalogs an author may translate his texts into; his own wording is the default (issue 35). */
export const TRANSLATED_LANGUAGES = ['id', 'en'] as const;
/** The fields of any component whose text an author may give per language. */
export const TRANSLATABLE_FIELDS = ['title', 'placeholder'] as const;
export type TranslatableField = (typeof TRANSLATABLE_FIELDS)[number];
/** Most option or column labels a translation carries: a dropdown's custom options at most. */
export const MAX_TRANSLATED_LABELS = 1000;

/**
 * An author's texts in other languages: per catalog, per field, the text shown instead of the
 * field's own value when the reader sees that catalog. Only translatable fields, as text;
 * `options` holds the labels of a widget's options or columns by position ('' keeps the
 * author's), never their values.
 */
export const ComponentTranslationsSchema = z.partialRecord(
  z.enum(TRANSLATED_LANGUAGES),
  z.strictObject({
    title: shortText,
    placeholder: shortText,
    options: z.array(shortText).max(MAX_TRANSLATED_LABELS),
  }).partial(),
);
export type ComponentTranslations = z.infer<typeof ComponentTranslationsSchema>;

/** Longest menu name or page title, in the author's language or another (spec 1 screen 8). */
export const MAX_NAME_LENGTH = 200;
/** A menu's name or a page's title in other catalogs (issue 35); a language left out shows the author's. */
export const NameTranslationsSchema = z.partialRecord(z.enum(TRANSLATED_LANGUAGES), z.string().trim().max(MAX_NAME_LENGTH));
export type NameTranslations = z.infer<typeof NameTranslationsSchema>;

/** Fields every component has. */
export const componentBase = {
  id: z.string().min(1).max(100),
  version: z.number().int().positive().default(1),
  title: shortText.default(''),
  active: z.boolean().default(false),
  /** Columns of its list's 12-column grid the component spans; components flow left to right and wrap. */
  width: z.number().int().min(1).max(GRID_COLUMNS).default(GRID_COLUMNS),
  /** Starts a new row even when the row before has room left. */
  rowBreak: z.boolean().default(false),
  /** The author's texts in other languages (issue 35); absent: his wording in every language. */
  translations: ComponentTranslationsSchema.optional(),
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
  /**
   * An endpoint of the application's APIs the rows come from instead of a connection (issue 40);
   * 0 when the widget reads a database.
   */
  apiEndpointId: z.number().int().min(0).default(0),
  primaryKey: shortText.default(NONE_PRIMARY_KEY),
  customSource: z.object({ query: longText.default(''), columns: z.array(shortText).default([]), table: shortText.default('') }).default({ query: '', columns: [], table: '' }),
  functionId: z.number().int().default(NO_FUNCTION),
  timeToRefresh: z.number().int().min(0).max(3600).default(0),
  custom_action: z.array(CustomActionSchema).max(100).default([]),
};

/**
 * A choice widget's options read from an endpoint of the application's APIs (issue 40) instead of
 * its own list: each row gives an option, shown by one column and giving another's value.
 */
export const apiOptionFields = {
  /** The endpoint; 0 when the widget's own options are used. */
  apiEndpointId: z.number().int().min(0).default(0),
  /** The column an option shows, and the column whose value it gives ('' : the shown one's). */
  optionTextColumn: shortText.default(''),
  optionValueColumn: shortText.default(''),
};

type FieldsOf<Shape extends z.ZodRawShape> = z.output<z.ZodObject<Shape>>;
/** The fields every component has, as parsed. */
export type ComponentBaseValues = FieldsOf<typeof componentBase>;
/** The fields of the form widgets, as parsed. */
export type FormFieldValues = FieldsOf<typeof formFields>;
/** The data source fields of the widgets that load rows, as parsed. */
export type DataSourceValues = FieldsOf<typeof dataSourceFields>;

/** What a widget does besides showing itself: the server and the browser ask this, never a list of type names. */
export interface WidgetCapabilities {
  /** A form field whose value a person enters: the required and format rules, the values actions take. */
  holdsValue: boolean;
  /** Loads rows of a table or custom query (loadTableContent, the Excel export, row actions). */
  loadsRows: boolean;
  /** Moves a row to another lane by setting its compared column (moveCard). */
  movesCards: boolean;
  /** Its options may come from an API endpoint (apiOptionFields, loadApiOptions; issue 40). */
  optionsFromApi: boolean;
}
export type WidgetCapability = keyof WidgetCapabilities;

/** One step of a widget's model: upgrades a component stored at `version - 1` to `version`. */
export interface WidgetMigration {
  version: number;
  /** What the step changes, in a few words; it names the step in errors. */
  name: string;
  /** Older shapes have no type of their own: a step reads what was stored and answers the next shape. */
  up: (old: Record<string, unknown>) => Record<string, unknown>;
}

/** A widget's model: its type, schema version, schema, defaults at creation, capabilities and migrations (spec 2 §1). */
export interface WidgetModel<T extends string = string, S extends z.ZodType = z.ZodType> {
  type: T;
  /** What people call it: the editor's palette, the History panel and the stored version summaries. */
  label: string;
  /** The version new and upgraded components of this type carry. */
  version: number;
  schema: S;
  /** The fields a new component of this type starts with, besides id and type. */
  defaults: () => Record<string, unknown>;
  capabilities: WidgetCapabilities;
  /** One step for each version from 2 up to `version`. */
  migrations: readonly WidgetMigration[];
  /**
   * The labels of its options or columns a reader sees, by position: what an author may
   * translate as `options` (issue 35). Absent: the widget shows no such labels.
   */
  optionLabels?: (component: Record<string, unknown>) => string[];
}

/**
 * Steps every widget takes, for fields of componentBase: defineWidget puts them into each model.
 * A common step takes a version no model has used yet; a model's own steps take the versions around it.
 */
export const COMMON_MIGRATIONS: readonly WidgetMigration[] = [
  {
    version: 2,
    name: 'a width on the 12-column grid',
    // Full width, no break: a page saved before the grid looks as it did, one component under another.
    up: (old) => ({ ...old, width: GRID_COLUMNS, rowBreak: false }),
  },
];
/** The version a widget without steps of its own carries: the last common step's. */
export const COMMON_VERSION = Math.max(1, ...COMMON_MIGRATIONS.map((m) => m.version));

interface WidgetOptions<Shape extends z.ZodRawShape> {
  /** Fields of this widget only; their values are checked when createComponent parses them. */
  defaults?: () => { [Field in keyof Shape | keyof typeof componentBase]?: unknown };
  capabilities?: Partial<WidgetCapabilities>;
  /**
   * COMMON_VERSION unless the model changed on its own since; each version above 1 has its step,
   * either in COMMON_MIGRATIONS or in `migrations`.
   */
  version?: number;
  /** The widget's own steps; the common ones are added to them. */
  migrations?: readonly WidgetMigration[];
  /** Its option or column labels by position, when it shows any (WidgetModel.optionLabels). */
  optionLabels?: (component: Record<string, unknown>) => string[];
}

export function defineWidget<T extends string, Shape extends z.ZodRawShape>(type: T, label: string, shape: Shape, options: WidgetOptions<NoInfer<Shape>> = {}) {
  const schema = z.looseObject({ ...componentBase, type: z.literal(type), ...shape });
  const model: WidgetModel<T, typeof schema> = {
    type,
    label,
    version: options.version ?? COMMON_VERSION,
    schema,
    defaults: options.defaults ?? (() => ({})),
    capabilities: { holdsValue: false, loadsRows: false, movesCards: false, optionsFromApi: false, ...options.capabilities },
    migrations: [...COMMON_MIGRATIONS, ...(options.migrations ?? [])],
    ...(options.optionLabels === undefined ? {} : { optionLabels: options.optionLabels }),
  };
  return model;
}

/** What is wrong with a model's migrations: a version above 1 without its step, or a step of no version of it. */
export function migrationProblems(model: WidgetModel): string[] {
  const problems: string[] = [];
  for (let version = 2; version <= model.version; version++) {
    const steps = model.migrations.filter((m) => m.version === version);
    if (steps.length === 0) problems.push(`${model.type}: version ${version} has no migration step`);
    if (steps.length > 1) problems.push(`${model.type}: version ${version} has ${steps.length} migration steps`);
  }
  for (const step of model.migrations) {
    if (!Number.isInteger(step.version) || step.version < 2 || step.version > model.version) {
      problems.push(`${model.type}: migration '${step.name}' is to version ${step.version}, outside 2..${model.version}`);
    }
  }
  return problems;
}

/** Why a component of `model` stored at version `from` cannot be upgraded, or undefined when every step is there. */
export function missingMigrationStep(model: WidgetModel, from: number): string | undefined {
  for (let version = Math.max(from, 1) + 1; version <= model.version; version++) {
    if (!model.migrations.some((m) => m.version === version)) return `${model.type} version ${from} cannot be upgraded: no migration step to version ${version}`;
  }
  return undefined;
}

/**
 * A stored component upgraded to its model's version, one step at a time. Throws when a step is
 * missing: skipping it would hand the schema a shape it was never written for.
 */
export function migrateComponent(model: WidgetModel, stored: Record<string, unknown>): Record<string, unknown> {
  const from = typeof stored.version === 'number' ? stored.version : 1;
  // A version that is no whole number is left for the schema to refuse.
  if (!Number.isInteger(from)) return stored;
  const missing = missingMigrationStep(model, from);
  if (missing !== undefined) throw new Error(missing);
  let component = stored;
  for (let version = Math.max(from, 1) + 1; version <= model.version; version++) {
    const step = model.migrations.find((m) => m.version === version) as WidgetMigration;
    component = step.up(component);
  }
  return { ...component, version: Math.max(from, model.version) };
}

export { longText, shortText };
