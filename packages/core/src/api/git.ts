import { z } from 'zod';
import { AppIdParamsSchema } from '../schemas/admin';
import { SecretsNeededSchema, TypedSecretsSchema } from '../schemas/bundle';
import { defineCall, lazyCalls } from './contract';

/*
 * An application kept in a git repository (issue 39): its administrators connect it to a
 * repository over HTTP(S), with a token stored sealed (never answered), push the application as
 * files (docs/bundle-format.md "As files") in a commit made in the builder's name, and pull a
 * change made there (a reviewed pull request) back into the application, merged three ways with
 * what the application changed since they last agreed, component by component in a page. The
 * repository's address is held to the outbound rules of the trust boundary, when saved and on
 * every push and pull.
 */

/** A branch name git accepts (git check-ref-format, the common subset). */
const BRANCH = /^(?!\/|.*\/\/|.*\/$|.*\.\.|.*@\{|.*\.lock$|.*\.$)[A-Za-z0-9._/-]+$/;
/** user:password@ before the host. */
const CREDENTIALS_IN_URL = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i;
const isHttpUrl = (text: string): boolean => z.url({ protocol: /^https?$/ }).safeParse(text).success;

export const GIT_MESSAGE_MAX = 2000;
/** The most bytes a repository may send for one pull or push (its history included). */
export const GIT_MAX_MB = 64;
/**
 * What the objects a repository sends may unpack to, all together (a file alone: GIT_MAX_MB): a
 * pack of 64 MB is sent compressed, and a hostile one inflates a thousandfold.
 */
export const GIT_MAX_UNPACKED_MB = 512;

export const GitRepositoryUrlSchema = z.string().trim().min(1, 'Please, fill the repository\'s address').max(2000)
  .refine(isHttpUrl, 'The repository\'s address must be an https:// (or http://) address')
  .refine((text) => !CREDENTIALS_IN_URL.test(text), 'Put the token in its field, not in the address');

export const GitBranchSchema = z.string().trim().min(1).max(200).regex(BRANCH, 'Not a branch name git accepts');

/** An application's repository as its administrators see it: never its token. */
export const GitSettingsSchema = z.object({
  appId: z.number().int(),
  /** '' while the application is not connected to a repository. */
  repositoryUrl: z.string(),
  branch: z.string(),
  username: z.string(),
  hasToken: z.boolean(),
  /** The commit the application and the repository last agreed on (pushed or pulled), null before the first. */
  syncedCommit: z.string().nullable(),
  syncedAt: z.string().nullable(),
});
export type GitSettings = z.infer<typeof GitSettingsSchema>;

export const SaveGitSettingsBodySchema = z.object({
  appId: z.number().int().positive(),
  repositoryUrl: GitRepositoryUrlSchema,
  branch: GitBranchSchema.default('main'),
  /** The user name sent with the token (some hosts want their own, e.g. x-access-token or oauth2). */
  username: z.string().trim().max(255).regex(/^[^:\p{Cc}]*$/u, 'A user name has no colon').default(''),
  /** The access token; empty keeps the stored one while the repository stays the same. */
  token: z.string().max(4000).refine((text) => !/[\r\n\0]/.test(text), 'A token has no line break').default(''),
});
export type SaveGitSettingsBody = z.infer<typeof SaveGitSettingsBodySchema>;

export const GitPushBodySchema = z.object({
  appId: z.number().int().positive(),
  message: z.string().trim().min(1, 'Please, write what the change is').max(GIT_MESSAGE_MAX),
});
export type GitPushBody = z.infer<typeof GitPushBodySchema>;

export const GitPushResultSchema = z.object({
  /** The branch's commit now: the new one, or the one it was when nothing changed. */
  commit: z.string(),
  /** Files the commit added, changed or removed (0: nothing to commit, nothing pushed). */
  changedFiles: z.number().int(),
});

export const GitPullBodySchema = z.object({
  appId: z.number().int().positive(),
  /** Passwords and secrets of connections and APIs the branch adds or re-points, by their id in the files (nothing of them is in the repository). */
  ...TypedSecretsSchema.shape,
  /** The commit a preview showed: the pull is refused (409) if the branch has moved since. */
  commit: z.string().regex(/^[0-9a-f]{40}$/).optional(),
});
export type GitPullBody = z.infer<typeof GitPullBodySchema>;

export const GitPullResultSchema = z.object({
  commit: z.string(),
  /** The application's files the pull changed (path order). */
  changedFiles: z.array(z.string()),
  /** Files where the application's own change since the last agreement was kept (not yet pushed). */
  keptFromApplication: z.array(z.string()),
});

/** One value before and after a change, as JSON text (cut when long); null where there was none. */
export const PropertyChangeSchema = z.object({
  property: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type PropertyChange = z.infer<typeof PropertyChangeSchema>;

export const CHANGE_STATUSES = ['added', 'changed', 'removed'] as const;
const ChangeStatusSchema = z.enum(CHANGE_STATUSES);

export const ComponentChangeSchema = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  status: ChangeStatusSchema,
  /** For a changed component: each property that differs. */
  properties: z.array(PropertyChangeSchema),
});
export type ComponentChange = z.infer<typeof ComponentChangeSchema>;

/** What an application file's change is about (docs/bundle-format.md "As files"). */
export const CHANGED_THINGS = ['application', 'connection', 'page', 'menus', 'groups', 'triggers', 'query', 'function', 'workflow', 'printTemplate', 'pdfTemplate', 'api'] as const;

/**
 * One file of the application changed, as people read it: what it is and its name, its own
 * fields that differ, and for a page each component added, removed or changed, property by
 * property (issue 39: the readable diff a pull, and later a promotion, shows before it applies).
 */
export const FileChangeSchema = z.object({
  path: z.string(),
  thing: z.enum(CHANGED_THINGS),
  name: z.string(),
  status: ChangeStatusSchema,
  fields: z.array(PropertyChangeSchema),
  components: z.array(ComponentChangeSchema),
  /**
   * For a page whose components change: its components before and after, as JSON text (as a
   * page version holds them; null where the page is not), so that both can be drawn.
   */
  drawing: z.object({ before: z.string().nullable(), after: z.string().nullable() }).optional(),
});
export type FileChange = z.infer<typeof FileChangeSchema>;

export const GitPullPreviewSchema = z.object({
  commit: z.string(),
  changes: z.array(FileChangeSchema),
  /** Both sides changed these in two ways: a pull would be refused. */
  conflicts: z.array(z.string()),
  keptFromApplication: z.array(z.string()),
  /** The merged application's connections and APIs: the ones a pull needs a password or secret typed for. */
  ...SecretsNeededSchema.shape,
});
export type GitPullPreview = z.infer<typeof GitPullPreviewSchema>;

export const gitCalls = lazyCalls(() => ({
  getGitSettings: defineCall({
    method: 'GET', path: '/get/gitSettings/:appId', tag: 'git',
    summary: 'The application\'s git repository, branch and last agreed commit; never its token',
    params: AppIdParamsSchema,
    data: GitSettingsSchema,
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.params.appId } },
  }),
  saveGitSettings: defineCall({
    method: 'POST', path: '/save/gitSettings', tag: 'git',
    summary: 'Connect the application to a git repository (HTTP(S)), or change its address, branch or token',
    description: 'The address must lead to public addresses unless the operator allows private ones (RAKIT_ALLOW_PRIVATE_URLS, RAKIT_ALLOWED_URL_HOSTS); '
      + 'cloud metadata hosts are always refused. An empty token keeps the stored one while the address stays. Another repository or branch starts '
      + 'again: the next pull replaces the application with the branch\'s files.',
    body: SaveGitSettingsBodySchema,
    data: GitSettingsSchema,
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.body.appId } },
  }),
  disconnectGit: defineCall({
    method: 'DELETE', path: '/delete/gitSettings', tag: 'git',
    summary: 'Disconnect the application from its repository (its token is forgotten; the repository is left as it is)',
    body: z.object({ appId: z.number().int().positive() }),
    data: z.object({ appId: z.number().int() }),
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.body.appId } },
  }),
  pushToGit: defineCall({
    method: 'POST', path: '/save/pushToGit', tag: 'git',
    summary: 'Commit the application as files to its branch, in the builder\'s name, and push',
    description: 'Refused (409) while the branch holds commits the application has not pulled. No password or secret is ever written.',
    body: GitPushBodySchema,
    data: GitPushResultSchema,
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.body.appId } },
  }),
  previewPullFromGit: defineCall({
    method: 'POST', path: '/save/previewPullFromGit', tag: 'git',
    summary: 'What a pull would change in the application, page by page and component by component, and what it would refuse',
    description: 'Writes nothing. The answer is the pull\'s plan at the branch\'s commit now: pulling later pulls what the branch holds then.',
    body: z.object({ appId: z.number().int().positive() }),
    data: GitPullPreviewSchema,
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.body.appId } },
  }),
  pullFromGit: defineCall({
    method: 'POST', path: '/save/pullFromGit', tag: 'git',
    summary: 'Bring the branch\'s changes into the application, merged with its own (component by component in a page)',
    description: 'A change made on both sides in two ways refuses the pull (409), each conflict named; nothing is written. '
      + 'The application is then imported as importApp does, in one transaction.',
    body: GitPullBodySchema,
    data: GitPullResultSchema,
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.body.appId } },
  }),
}));
