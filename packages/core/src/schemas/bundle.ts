import { AppLanguageSchema, DEFAULT_TIME_ZONE, TimeZoneSchema } from '../i18n/languages';
import { z } from 'zod';
import { ApiAuthSettingsSchema, ApiEndpointDraftSchema, NameValueSchema } from '../api/api-sources';
import { PdfTemplateFieldsSchema, PdfTemplateNameSchema } from '../api/pdf-templates';
import { DbTypeSchema, TimeLimitSchema } from './admin';
import { UserIdSchema } from './api';
import { FunctionCodeSchema, FunctionNameSchema, FunctionParameterListSchema } from './functions';
import { PrintOptionsSchema, TemplateNameSchema } from './print';
import { NameTranslationsSchema } from '../widgets/common';

/**
 * An application as one file (issue 17, docs/bundle-format.md). Ids inside a bundle are the
 * exporting instance's; an import gives every entity a new id and rewrites every reference.
 * A reference to an id the bundle does not hold is refused: a bundle reaches nothing outside it.
 */

/** The format this build writes and the newest it reads. */
export const BUNDLE_FORMAT_VERSION = 1;
export const BUNDLE_FORMAT_NAME = 'rakit-app-bundle';
/** The largest bundle an import takes, in bytes of its JSON (the request's body limit too). */
export const MAX_BUNDLE_BYTES = 20 * 1024 * 1024;
/** The most of each kind a bundle may hold. */
export const MAX_BUNDLE_ITEMS = 5000;
/** The most rows of one embedded SQLite table a bundle carries. */
export const MAX_BUNDLE_SQLITE_ROWS = 100_000;

const bundleId = z.number().int().positive().max(2_147_483_647);
/** A reference that may be empty: 0 for none. */
const optionalRef = z.number().int().min(0).max(2_147_483_647);
const name = z.string().trim().min(1).max(200);
const list = <T extends z.ZodType>(item: T) => z.array(item).max(MAX_BUNDLE_ITEMS).default([]);
const base64 = z.string().max(MAX_BUNDLE_BYTES).regex(/^[A-Za-z0-9+/]*={0,2}$/, 'not base64');
const sqlValue = z.union([z.string().max(1_000_000), z.number(), z.boolean(), z.null()]);

/** An embedded SQLite database's tables and rows (the seeded demo's shop), so a copy's data widgets have data. */
export const BundleSqliteTableSchema = z.object({
  name: z.string().min(1).max(200),
  /** Its CREATE TABLE statement as SQLite holds it. */
  sql: z.string().min(1).max(20_000),
  columns: z.array(z.string().min(1).max(200)).min(1).max(500),
  rows: z.array(z.array(sqlValue).max(500)).max(MAX_BUNDLE_SQLITE_ROWS).default([]),
});
export type BundleSqliteTable = z.infer<typeof BundleSqliteTableSchema>;

/** A connection without its password: the importer types one for each. */
/** A connection's name across an application's environments: letters, digits, - and _. */
export const ConnectionLinkSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'A connection link is letters, digits, - and _');

export const BundleConnectionSchema = z.object({
  id: bundleId,
  dbType: DbTypeSchema,
  dbHost: z.string().trim().max(255).default(''),
  dbPort: z.number().int().min(0).max(65535).default(0),
  dbUser: z.string().trim().max(255).default(''),
  dbDatabase: z.string().trim().min(1).max(255),
  /** Whether the exported connection had a password (never the password itself). */
  hadPassword: z.boolean().default(false),
  /** sqlite only: its tables and rows. */
  sqliteTables: z.array(BundleSqliteTableSchema).max(500).optional(),
  /** Its name across the application's environments (issue 39): a promotion keeps each environment's own host, database and user by it. */
  link: ConnectionLinkSchema.optional(),
  /** Seconds a data widget's statement may run; left out: the default (core TIME_LIMIT_DEFAULT_S). */
  dbTimeLimit: TimeLimitSchema.optional(),
});
export type BundleConnection = z.infer<typeof BundleConnectionSchema>;

/**
 * An API with its endpoints (issue 40), without its secret: the importer types one for each
 * that had one. A default header named as a secret (X-Api-Key, Authorization…) goes with an
 * empty value.
 */
export const BundleApiSchema = z.object({
  id: bundleId,
  name,
  baseUrl: z.string().trim().min(1).max(2000),
  auth: ApiAuthSettingsSchema,
  hadSecret: z.boolean().default(false),
  headers: z.array(NameValueSchema).max(50).default([]),
  timeLimitS: z.number().int().min(1).max(60).default(15),
  maxKb: z.number().int().min(1).max(10_240).default(2048),
  endpoints: z.array(ApiEndpointDraftSchema.extend({ id: bundleId })).max(200).default([]),
});
export type BundleApi = z.infer<typeof BundleApiSchema>;

/** A page: its components as core's widget schemas read them (validated again on import). */
export const BundlePageSchema = z.object({
  id: bundleId,
  pageName: name,
  pageSlug: z.string().trim().min(1).max(200),
  pageComponents: z.array(z.unknown()).max(10_000),
  /** Its title in other catalogs (issue 35); older bundles have none. */
  nameTranslations: NameTranslationsSchema.optional(),
});
export type BundlePage = z.infer<typeof BundlePageSchema>;

export const BundleMenuSchema = z.object({
  id: bundleId,
  menuName: name,
  /** The page it opens, 0 for none. */
  pageId: optionalRef,
  /** Its parent menu, 0 for a top-level menu. */
  parentId: optionalRef,
  order: z.number().int().min(0).max(1_000_000).default(0),
  /** Its name in other catalogs (issue 35); older bundles have none. */
  nameTranslations: NameTranslationsSchema.optional(),
});
export type BundleMenu = z.infer<typeof BundleMenuSchema>;

export const BundleGroupSchema = z.object({
  id: bundleId,
  groupName: name,
  groupSlug: z.string().trim().min(1).max(200),
  isDefault: z.boolean().default(false),
  /** Pages and stored queries the group may use, menus it sees. */
  pageIds: z.array(bundleId).max(MAX_BUNDLE_ITEMS).default([]),
  queryIds: z.array(bundleId).max(MAX_BUNDLE_ITEMS).default([]),
  menuIds: z.array(bundleId).max(MAX_BUNDLE_ITEMS).default([]),
  /** With users only: the members' user ids. */
  members: z.array(UserIdSchema).max(MAX_BUNDLE_ITEMS).optional(),
});
export type BundleGroup = z.infer<typeof BundleGroupSchema>;

export const BundleQuerySchema = z.object({
  id: bundleId,
  slug: z.string().max(200).default(''),
  dbId: bundleId,
  /** The page it belongs to, 0 for none. */
  pageId: optionalRef,
  name,
  sql: z.string().min(1).max(20_000),
  format: z.string().max(50).default(''),
});
export type BundleQuery = z.infer<typeof BundleQuerySchema>;

export const BundleFunctionSchema = z.object({
  id: bundleId,
  slug: z.string().max(200).default(''),
  name: FunctionNameSchema,
  parameter: FunctionParameterListSchema,
  content: FunctionCodeSchema,
});
export type BundleFunction = z.infer<typeof BundleFunctionSchema>;

export const BundleTriggerSchema = z.object({
  id: bundleId,
  name,
  params: z.array(z.string().min(1).max(200)).max(100).default([]),
});
export type BundleTrigger = z.infer<typeof BundleTriggerSchema>;

export const BundleWorkflowActionSchema = z.object({
  id: bundleId,
  alias: z.string().max(200).default(''),
  name: z.string().max(200).default(''),
  addonName: z.string().min(1).max(100),
  script: z.string().max(100_000).default(''),
  params: z.record(z.string().max(200), z.string().max(20_000)).default({}),
  x: z.number().finite().nullable().default(null),
  y: z.number().finite().nullable().default(null),
});
export type BundleWorkflowAction = z.infer<typeof BundleWorkflowActionSchema>;

export const BundleWorkflowSchema = z.object({
  id: bundleId,
  name,
  /** The trigger that starts it, null for none. */
  triggerId: bundleId.nullable().default(null),
  triggerActionId: bundleId.nullable().default(null),
  /** Whether it had a published version: the import publishes it again (with the same checks as Build). */
  published: z.boolean().default(false),
  actions: z.array(BundleWorkflowActionSchema).max(500).default([]),
  edges: z.array(z.object({ from: bundleId, to: bundleId, branch: z.enum(['true', 'false']).nullable().default(null) })).max(2000).default([]),
});
export type BundleWorkflow = z.infer<typeof BundleWorkflowSchema>;

export const BundlePrintTemplateSchema = z.object({
  filename: TemplateNameSchema,
  options: PrintOptionsSchema.default({}),
  /** The .docx, base64. */
  content: base64,
});
export type BundlePrintTemplate = z.infer<typeof BundlePrintTemplateSchema>;

export const BundlePdfTemplateSchema = z.object({
  id: bundleId,
  name: PdfTemplateNameSchema,
  fields: PdfTemplateFieldsSchema,
  /** The sample PDF, base64. */
  sample: base64,
});
export type BundlePdfTemplate = z.infer<typeof BundlePdfTemplateSchema>;

export const BundleUserSchema = z.object({ userId: UserIdSchema });

/** The bundle's head, read first: a newer format is refused before anything else is looked at. */
export const BundleHeadSchema = z.looseObject({
  format: z.literal(BUNDLE_FORMAT_NAME, { error: `Not a Rakit application bundle (format must be "${BUNDLE_FORMAT_NAME}")` }),
  formatVersion: z.number().int().positive(),
});

export const AppBundleSchema = z.object({
  format: z.literal(BUNDLE_FORMAT_NAME),
  formatVersion: z.number().int().positive().max(BUNDLE_FORMAT_VERSION),
  exportedAt: z.string().max(100).default(''),
  app: z.object({
    appName: name,
    appDescription: z.string().max(2000).default(''),
    appSlug: z.string().max(200).default(''),
    appOpenRegistration: z.boolean().default(false),
    /** Its members' catalog and its dates' time zone (issue 35); older bundles: the defaults. */
    appLanguage: AppLanguageSchema.default('spec'),
    appTimeZone: TimeZoneSchema.default(DEFAULT_TIME_ZONE),
  }),
  connections: list(BundleConnectionSchema),
  pages: list(BundlePageSchema),
  menus: list(BundleMenuSchema),
  groups: list(BundleGroupSchema),
  queries: list(BundleQuerySchema),
  functions: list(BundleFunctionSchema),
  triggers: list(BundleTriggerSchema),
  workflows: list(BundleWorkflowSchema),
  printTemplates: list(BundlePrintTemplateSchema),
  pdfTemplates: list(BundlePdfTemplateSchema),
  /** APIs and their endpoints (issue 40); older bundles have none. */
  apis: list(BundleApiSchema),
  /** Present when exported with users: their ids, never a password or its hash. */
  users: z.array(BundleUserSchema).max(MAX_BUNDLE_ITEMS).optional(),
});
export type AppBundle = z.infer<typeof AppBundleSchema>;
/** What an export writes (defaults filled). */
export type AppBundleInput = z.input<typeof AppBundleSchema>;

/** Where an import goes: a new application named by the importer, or over one he administers. */
export const BundleTargetSchema = z.union([
  z.object({ kind: z.literal('new'), appName: name, appSlug: z.string().trim().max(200).optional() }),
  z.object({ kind: z.literal('replace'), appId: z.number().int().positive() }),
]);
export type BundleTarget = z.infer<typeof BundleTargetSchema>;

/** The secrets typed for an import or a pull: nothing of them is in a bundle or a repository. */
export const TypedSecretsSchema = z.object({
  /** The bundle's connection id (as text) → the password to save it with. */
  passwords: z.record(z.string().max(20), z.string().max(1000)).default({}),
  /** The bundle's API id (as text) → the secret to save it with (issue 40). */
  apiSecrets: z.record(z.string().max(20), z.string().max(4000)).default({}),
});
export type TypedSecrets = z.infer<typeof TypedSecretsSchema>;

export const ImportBundleBodySchema = z.object({
  /** The bundle as read from its file; checked by the server (format first). */
  bundle: z.unknown(),
  target: BundleTargetSchema,
  ...TypedSecretsSchema.shape,
  /** Whether to bring the bundle's users (accounts are created without a usable password). */
  withUsers: z.boolean().default(false),
});
export type ImportBundleBody = z.infer<typeof ImportBundleBodySchema>;

const KindChangeSchema = z.object({
  kind: z.string(),
  added: z.array(z.string()),
  changed: z.array(z.string()),
  removed: z.array(z.string()),
});
export type BundleKindChange = z.infer<typeof KindChangeSchema>;

/**
 * A bundle's connections, and whether each needs its password typed, and its APIs, whether each
 * needs its secret (issue 40): those the application does not already hold for the same
 * destination (an import over it, a pull from git).
 */
export const SecretsNeededSchema = z.object({
  connections: z.array(z.object({
    id: z.number().int(), dbType: DbTypeSchema, dbHost: z.string(), dbPort: z.number().int(), dbUser: z.string(), dbDatabase: z.string(),
    needsPassword: z.boolean(),
  })),
  apis: z.array(z.object({ id: z.number().int(), name: z.string(), baseUrl: z.string(), needsSecret: z.boolean() })).default([]),
});
export type SecretsNeeded = z.infer<typeof SecretsNeededSchema>;

/** What an import would do: per kind, the names added, changed and removed, and the connections to type a password for. */
export const BundlePreviewSchema = z.object({
  appName: z.string(),
  formatVersion: z.number().int(),
  exportedAt: z.string(),
  changes: z.array(KindChangeSchema),
  ...SecretsNeededSchema.shape,
  users: z.number().int(),
});
export type BundlePreview = z.infer<typeof BundlePreviewSchema>;

export const ImportedBundleSchema = z.object({
  appId: z.number().int(),
  appSlug: z.string(),
  counts: z.record(z.string(), z.number().int()),
  /** Workflows that were published in the bundle but whose build found problems here: left unpublished. */
  unpublished: z.array(z.object({ name: z.string(), problems: z.array(z.string()) })),
});
export type ImportedBundle = z.infer<typeof ImportedBundleSchema>;

const flag = (fallback: 'true' | 'false') => z.enum(['true', 'false']).default(fallback).transform((v) => v === 'true');

/** ?users=true adds the members' ids; ?data=false leaves the embedded SQLite databases' rows out (their tables stay). */
export const ExportAppQuerySchema = z.object({ users: flag('false'), data: flag('true') });
