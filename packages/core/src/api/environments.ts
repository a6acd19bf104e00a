import { z } from 'zod';
import { AppIdParamsSchema, DbTypeSchema } from '../schemas/admin';
import { ConnectionLinkSchema, SecretsNeededSchema } from '../schemas/bundle';
import { defineCall, lazyCalls } from './contract';
import { FileChangeSchema } from './git';
import { MAX_VARIABLE_VALUE_LENGTH, VariableNameSchema } from './variables';

/*
 * Environments (issue 39): an application gets Development, Staging and Production. Each
 * environment is an application of its own (its own address, members, connections and data) in
 * one family; builders edit Development, members use Production. A promotion carries the
 * structure (pages, menus and access, queries, workflows, functions, APIs' endpoints, templates)
 * from one environment to another, after showing what changes, in one transaction, and can be
 * undone in one step; it never carries one environment's connection values (host, database, user,
 * password) to another, and it is refused when it would undo a change made in the target since
 * it was last promoted (a fix made right in Production), until the source holds that change too.
 */

export const DEFAULT_ENVIRONMENTS = ['Development', 'Staging', 'Production'] as const;

export const EnvironmentNameSchema = z.string().trim().min(1, 'Please, name the environment').max(40, 'An environment\'s name has at most 40 characters')
  .refine((text) => !/\p{Cc}/u.test(text), 'An environment\'s name has no control character');

/** A connection of an environment as its builders see it: where it leads, never its password. */
export const EnvironmentConnectionSchema = z.object({
  dbType: DbTypeSchema,
  dbHost: z.string(),
  dbDatabase: z.string(),
});

export const EnvironmentSchema = z.object({
  appId: z.number().int(),
  appSlug: z.string(),
  appName: z.string(),
  name: z.string(),
  order: z.number().int(),
  /** Whether the caller administers it: only then are its connections and last promotion shown, and may it be promoted to. */
  administered: z.boolean(),
  connections: z.array(EnvironmentConnectionSchema),
  /** The last promotion into it: from which environment, when and by whom, and whether it can still be undone. */
  lastPromotion: z.object({ from: z.string(), at: z.string(), by: z.string(), undoable: z.boolean() }).nullable(),
});
export type Environment = z.infer<typeof EnvironmentSchema>;

export const EnvironmentsSchema = z.object({
  appId: z.number().int(),
  /** The family's environments in order; empty while the application has none. */
  environments: z.array(EnvironmentSchema),
});
export type Environments = z.infer<typeof EnvironmentsSchema>;

const appId = z.number().int().positive();

export const AddEnvironmentBodySchema = z.object({
  /** The environment the new one is a copy of. */
  appId,
  name: EnvironmentNameSchema,
});
export type AddEnvironmentBody = z.infer<typeof AddEnvironmentBodySchema>;

export const RenameEnvironmentBodySchema = z.object({ appId, name: EnvironmentNameSchema });
export type RenameEnvironmentBody = z.infer<typeof RenameEnvironmentBodySchema>;

/** Where a connection new to the target leads there: typed for the target, never taken from the source. */
export const TargetConnectionSchema = z.object({
  dbHost: z.string().trim().max(255).default(''),
  dbPort: z.coerce.number().int().min(0).max(65535).default(0),
  dbUser: z.string().trim().max(255).default(''),
  dbPassword: z.string().max(1000).default(''),
  dbDatabase: z.string().trim().min(1, 'Please, name the database').max(255),
});
export type TargetConnection = z.infer<typeof TargetConnectionSchema>;

export const PromotionBodySchema = z.object({
  /** The environment promoted from. */
  appId,
  /** The environment promoted to (of the same family). */
  targetAppId: appId,
});
export type PromotionBody = z.infer<typeof PromotionBodySchema>;

export const PromoteBodySchema = PromotionBodySchema.extend({
  /** Connections the target does not have yet, by their link: where each leads there. */
  newConnections: z.record(ConnectionLinkSchema, TargetConnectionSchema).default({}),
  /** Secrets of APIs new to the target, by their id in the preview. */
  apiSecrets: z.record(z.string().max(20), z.string().max(4000)).default({}),
  /** Values of the variables the promoted structure uses that the target does not have (its `newVariables`), by name. */
  newVariables: z.record(VariableNameSchema, z.string().max(MAX_VARIABLE_VALUE_LENGTH)).default({}),
  /** The target's state the preview showed (its `targetState`): refused (409) if the target changed since. */
  targetState: z.string().max(100).optional(),
});
export type PromoteBody = z.infer<typeof PromoteBodySchema>;

/**
 * A promotion from a CI job (issue 39): the source's structure as exportApp gave it to the
 * source's own token, promoted into the target by the target's (a token never reaches another
 * application). The same rules as a promotion between environments the caller administers.
 */
export const BundlePromotionBodySchema = z.object({
  /** The environment promoted to. */
  appId,
  /** The address of the environment the bundle was exported from: of the target's family. */
  sourceAppSlug: z.string().trim().min(1).max(200),
  /** The source's structure, as exportApp answered it; checked as an import checks a bundle. */
  bundle: z.unknown(),
});
export type BundlePromotionBody = z.infer<typeof BundlePromotionBodySchema>;

export const BundlePromoteBodySchema = BundlePromotionBodySchema.extend({
  apiSecrets: PromoteBodySchema.shape.apiSecrets,
  targetState: PromoteBodySchema.shape.targetState,
});
export type BundlePromoteBody = z.infer<typeof BundlePromoteBodySchema>;

export const PromotionPreviewSchema = z.object({
  source: z.string(),
  target: z.string(),
  /** What the promotion would change in the target, page by page and component by component. */
  changes: z.array(FileChangeSchema),
  /** What was changed in the target since its last promotion and the promotion would undo: while any, a promotion is refused. */
  changedInTarget: z.array(FileChangeSchema),
  /** Connections of the source the target does not have: where each leads there must be typed. */
  newConnections: z.array(z.object({ link: ConnectionLinkSchema, dbType: DbTypeSchema, sourceDatabase: z.string() })),
  /** The APIs the target would have; those new to it need their secret typed. */
  apis: SecretsNeededSchema.shape.apis,
  /** Variables the promoted pages use that the target does not have: each needs its value there (a secret one stays secret). */
  newVariables: z.array(z.object({ name: z.string(), secret: z.boolean() })),
  /** A fingerprint of the target's structure now (sent back with the promotion). */
  targetState: z.string(),
});
export type PromotionPreview = z.infer<typeof PromotionPreviewSchema>;

export const PromotionResultSchema = z.object({
  target: z.string(),
  /** The target's files the promotion changed (path order). */
  changedFiles: z.array(z.string()),
});

export const environmentCalls = lazyCalls(() => ({
  getEnvironments: defineCall({
    method: 'GET', path: '/get/environments/:appId', tag: 'environments',
    summary: 'The application\'s environments, where each one\'s connections lead and its last promotion',
    params: AppIdParamsSchema,
    data: EnvironmentsSchema,
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.params.appId } },
  }),
  createEnvironments: defineCall({
    method: 'POST', path: '/save/createEnvironments', tag: 'environments',
    summary: 'Give the application environments: it becomes Production, with Development and Staging made as copies of it',
    description: 'The copies have their own addresses, connections (leading where the application\'s lead until changed there) and embedded data; '
      + 'no member is copied. Needs the right to create applications.',
    body: z.object({ appId }),
    data: EnvironmentsSchema,
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.body.appId } },
  }),
  addEnvironment: defineCall({
    method: 'POST', path: '/save/addEnvironment', tag: 'environments',
    summary: 'Add an environment to the family, as a copy of one of its environments',
    body: AddEnvironmentBodySchema,
    data: EnvironmentsSchema,
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.body.appId } },
  }),
  renameEnvironment: defineCall({
    method: 'POST', path: '/save/renameEnvironment', tag: 'environments',
    summary: 'Rename an environment',
    body: RenameEnvironmentBodySchema,
    data: EnvironmentsSchema,
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.body.appId } },
  }),
  previewPromotion: defineCall({
    method: 'POST', path: '/save/previewPromotion', tag: 'environments',
    summary: 'What promoting one environment to another would change, component by component, and what the target changed meanwhile',
    description: 'Writes nothing. The caller administers both environments.',
    body: PromotionBodySchema,
    data: PromotionPreviewSchema,
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.body.appId } },
  }),
  promote: defineCall({
    method: 'POST', path: '/save/promote', tag: 'environments',
    summary: 'Promote one environment\'s structure to another, keeping the target\'s connections, members and data',
    description: 'In one transaction, as an import over the target (page history kept). Refused (409) when it would undo a change made in the '
      + 'target since its last promotion (until the source holds it too), or when the target changed since the preview; each environment keeps '
      + 'its own connection values.',
    body: PromoteBodySchema,
    data: PromotionResultSchema,
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.body.appId } },
  }),
  previewBundlePromotion: defineCall({
    method: 'POST', path: '/save/previewBundlePromotion', tag: 'environments',
    summary: 'What promoting another environment\'s exported structure to this one would change (a CI job\'s promotion)',
    description: 'Writes nothing. The bundle is the source environment\'s export (its own token may make it); the caller administers the target, '
      + 'or is a token that deploys it.',
    body: BundlePromotionBodySchema,
    data: PromotionPreviewSchema,
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.body.appId } },
  }),
  promoteBundle: defineCall({
    method: 'POST', path: '/save/promoteBundle', tag: 'environments',
    summary: 'Promote another environment\'s exported structure to this one, as promote does (a CI job\'s promotion)',
    description: 'Refused as promote is: a target changed since its last promotion or since the preview (409), a connection new to the target (400: '
      + 'where it leads there is typed on the Environments screen).',
    body: BundlePromoteBodySchema,
    data: PromotionResultSchema,
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.body.appId } },
  }),
  undoPromotion: defineCall({
    method: 'POST', path: '/save/undoPromotion', tag: 'environments',
    summary: 'Put an environment back as it was before its last promotion',
    description: 'Refused (409) when the environment changed since that promotion.',
    body: z.object({ appId }),
    data: PromotionResultSchema,
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.body.appId } },
  }),
}));
