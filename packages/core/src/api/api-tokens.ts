import { z } from 'zod';
import { AppIdParamsSchema } from '../schemas/admin';
import { defineCall, lazyCalls } from './contract';

/*
 * Tokens for machines (issue 36): an application's administrator gives a script or another
 * system a token that may make a few named kinds of call on a few named pages of the
 * application, until it expires or is revoked. The token is shown once; the store keeps its
 * hash. A token is never an administrator, never reaches another application, and each of its
 * uses is recorded in the audit log.
 */

/**
 * What a token may be allowed to do, each the calls it opens (core's call names). Every one acts
 * on the token's pages only: the pages' tables, the actions configured on them, the workflows
 * their triggers start, the functions they call. Nothing else is open to a token: no account
 * call, no menu, no upload, and no administration but one: `deployApp` (issue 39) exports the
 * application and imports over it, pulls and pushes it through its git repository, or promotes
 * into it another environment's structure exported by that one's token (`npx rakit` in a CI
 * job), and sets its environment's named variables (the values a promotion asks for; a secret
 * one is never answered back): its structure and values only, never its members, never another
 * application, never a new one, never the repository's settings.
 */
export const TOKEN_ABILITIES = {
  readPages: ['getPage', 'getPageBySlug'],
  readTables: ['loadTableContent', 'loadQueryContent', 'countTableContent', 'scanBarcode', 'excelFromTable', 'excelFromTableStream'],
  editTables: ['editRow', 'deleteRow', 'moveCard'],
  runActions: ['runAction', 'runQuery'],
  runWorkflows: ['runTrigger', 'runTriggerWithoutId'],
  runFunctions: ['runFunction'],
  deployApp: ['exportApp', 'previewImport', 'importApp', 'getGitSettings', 'previewPullFromGit', 'pullFromGit', 'pushToGit', 'previewBundlePromotion', 'promoteBundle', 'listVariables', 'saveVariable'],
} as const;

/** A call a token's ability opens (index.ts holds each to be a name of `calls`). */
export type TokenCallName = (typeof TOKEN_ABILITIES)[TokenAbility][number];

export type TokenAbility = keyof typeof TOKEN_ABILITIES;
export const TOKEN_ABILITY_NAMES = Object.keys(TOKEN_ABILITIES) as TokenAbility[];
export const TokenAbilitySchema = z.enum(TOKEN_ABILITY_NAMES as [TokenAbility, ...TokenAbility[]]);

/** The abilities that act on the whole application, not on pages: a token of these alone names no page. */
export const APP_WIDE_ABILITIES: readonly TokenAbility[] = ['deployApp'];

/** Whether a token of these abilities acts on pages, so must name at least one. */
export const tokenNeedsPages = (abilities: readonly TokenAbility[]): boolean => abilities.some((ability) => !APP_WIDE_ABILITIES.includes(ability));

/** The abilities a stored list names (comma-separated), any unknown name left out. */
export const abilitiesOfText = (text: string): TokenAbility[] =>
  text.split(',').flatMap((name) => (name in TOKEN_ABILITIES ? [name as TokenAbility] : []));

/** The calls the abilities open. */
export const callsOfAbilities = (abilities: readonly TokenAbility[]): TokenCallName[] => abilities.flatMap((ability) => [...TOKEN_ABILITIES[ability]]);

/** How long a token may live, in days: a machine's credential is renewed at least once a year. */
export const TOKEN_MAX_DAYS = 366;
/** Pages one token may name. */
export const TOKEN_MAX_PAGES = 100;
/** The prefix of every token's text, so a leaked one is recognised (secret scanners, logs). */
export const TOKEN_PREFIX = 'rkt_';

export const ApiTokenSchema = z.object({
  tokenId: z.string(),
  tokenName: z.string(),
  abilities: z.array(TokenAbilitySchema),
  pageIds: z.array(z.number().int()),
  createdBy: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** Past its expiry when the list was read (kept until revoked, so the log's entries keep a name on the screen). */
  expired: z.boolean(),
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;

export const CreateApiTokenBodySchema = z.object({
  appId: z.number().int().positive(),
  tokenName: z.string().trim().min(1).max(80),
  abilities: z.array(TokenAbilitySchema).min(1).max(TOKEN_ABILITY_NAMES.length)
    .refine((list) => new Set(list).size === list.length, { message: 'Each ability once' }),
  /** The pages its abilities act on: at least one, unless it only deploys the application. */
  pageIds: z.array(z.number().int().positive()).max(TOKEN_MAX_PAGES)
    .refine((list) => new Set(list).size === list.length, { message: 'Each page once' }),
  expiresInDays: z.number().int().min(1).max(TOKEN_MAX_DAYS),
}).refine((body) => !tokenNeedsPages(body.abilities) || body.pageIds.length > 0, { path: ['pageIds'], message: 'Pick the pages the token may use' });
export type CreateApiTokenBody = z.infer<typeof CreateApiTokenBodySchema>;

const TokenIdSchema = z.string().regex(/^[a-z0-9]{16,40}$/);

export const apiTokenCalls = lazyCalls(() => ({
  listApiTokens: defineCall({
    method: 'GET', path: '/get/listApiTokens/:appId', tag: 'api tokens',
    summary: 'The application\'s tokens for machines (never their secrets), newest first',
    params: AppIdParamsSchema,
    data: z.array(ApiTokenSchema),
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.params.appId } },
  }),
  createApiToken: defineCall({
    method: 'POST', path: '/save/createApiToken', tag: 'api tokens',
    summary: 'A new token for machines: its abilities on the named pages of the application, until it expires',
    description: `The answer carries the token's text (${TOKEN_PREFIX}…) once; only its hash is kept. Sent as \`Authorization: Bearer <token>\`. `
      + 'Not in main or _root. Pages must be the application\'s; a name is the application\'s once (409).',
    body: CreateApiTokenBodySchema,
    data: z.object({ token: ApiTokenSchema, secret: z.string() }),
    successCode: 201,
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.body.appId } },
  }),
  revokeApiToken: defineCall({
    method: 'DELETE', path: '/delete/revokeApiToken', tag: 'api tokens',
    summary: 'Revoke a token: its next use is refused (on every replica within the read cache\'s life)',
    body: z.object({ tokenId: TokenIdSchema }),
    data: z.object({ tokenId: z.string() }),
    access: { level: 'appAdmin', app: { entity: 'apiToken', id: (input) => input.body.tokenId } },
  }),
}));

// The stored things of this area a call's application is found from (contract.ts).
declare module './contract' {
  interface AppEntities {
    /** An API token, by its id. */
    apiToken: true;
  }
}
