import { randomBytes } from 'node:crypto';
import {
  type AnyCall, createComponent, AUDITED_READS, BUNDLE_FORMAT_NAME, BUNDLE_FORMAT_VERSION, callNameOf, calls, type ClientInputOf, pathOf, ROOT_APP_SLUG, TOKEN_ABILITIES,
  TOKEN_ABILITY_NAMES, type TokenAbility, UNAUDITED_CALLS, HOOK_SIGNATURE_HEADER, HOOK_TIMESTAMP_HEADER,
} from '@rakit/core';
import { hookSignature } from '../src/security/hook-signature';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushAudit } from '../src/audit/record';
import { ADMIN_PASSWORD, buildTestServer, type TestServer } from './support/build';
import { buildDocx } from './support/docx';
import { type AppTable, createAppTable, createSqliteDatabase } from './support/fixtures';
import { itemsTableSql, listItemsSql, matrixComponents, startJsonServer } from './support/matrix-page';
import { samplePdf } from './support/pdf-sample';
import { startOidcProvider, type TestOidcProvider } from './support/oidc-provider';
import { startSmtpServer, type TestSmtpServer } from './support/smtp';
import { startGitServer, type TestGitServer } from './support/git-server';
import { freshUserId } from './trust-boundary/hostile';

/**
 * The permission matrix, generated from the contracts (issue 11): every call of core's `calls`
 * must have a way to be made below (the `satisfies` makes a new call a type error until it
 * has one), and is made by each kind of caller. What each may get follows from the call's
 * declared access alone:
 *
 * | access     | anonymous | outsider | member | app admin | super admin |
 * | public     | allowed   | allowed  | allowed| allowed   | allowed     |
 * | signedIn   | 401       | not 401  | not 401| allowed   | allowed     |
 * | member     | 401       | 403      | 2xx    | 2xx       | 2xx         |
 * | appAdmin   | 401       | 403      | 403    | 2xx       | 2xx         |
 * | superAdmin | 401       | 403      | 403    | 403       | 2xx         |
 *
 * "allowed" is neither 401 nor 403. A signed-in call names its application in its input (or
 * none), so its handler decides on its own finer rule: it may refuse the outsider or the member
 * (another user's applications, a template only administrators upload), and may answer the
 * application's administrators an error by design (runTrigger without an id is always 400,
 * printPdf 503 where LibreOffice is missing), but never refuses them. No caller ever gets a 5xx
 * but 503 (a tool the server lacks). The outsider administers another application.
 *
 * Then each call is made with a token for machines of each ability (issue 36), on the
 * fixture's page: the calls its ability opens answer as they answer the member (a public call
 * as anyone), every other call is refused (403) before its input is read; and each use of a
 * token leaves an entry of the token in the application's log.
 */

type Role = 'anonymous' | 'outsider' | 'member' | 'admin' | 'root';
const ROLES: readonly Role[] = ['anonymous', 'outsider', 'member', 'admin', 'root'];

interface Fixture {
  server: TestServer;
  tokens: Record<Exclude<Role, 'anonymous'>, string>;
  userIds: Record<Exclude<Role, 'anonymous'>, string>;
  appId: number;
  appSlug: string;
  memberGroupId: number;
  dbId: number;
  pageId: number;
  pageSlug: string;
  fileId: string;
  /** The items table the page's widgets show, on the connection dbId. */
  items: AppTable;
  triggerId: number;
  templateName: string;
  jsonUrl: string;
  /** The local SMTP server the Third Parties' services point at. */
  smtpPort: number;
  /** A custom function the items table uses as its transform (so members may run it). */
  functionSlug: string;
  /** The local OpenID provider the application's identity providers point at. */
  oidc: TestOidcProvider;
  /** The local git server (git http-backend) the application's repository is made on. */
  gitServer: TestGitServer;
  /** A token for machines of each ability alone, on the fixture's page, by its name. */
  machineTokens: Record<TokenAbility, { name: string; text: string }>;
}

/** One way to make a call: its input, made fresh for each caller when the call changes things. */
type Maker<C extends AnyCall> = (fx: Fixture, role: Role) => Promise<ClientInputOf<C> & { multipart?: Multipart }> | (ClientInputOf<C> & { multipart?: Multipart });
type Makers = { [K in keyof typeof calls]: Maker<(typeof calls)[K]> };

interface Multipart { filename: string; content: string | Buffer; type: string }

const PASSWORD = 'matrix-password-1';
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const TEMPLATE = buildDocx(['Printed for {name}']);
const PDF_TYPE = 'application/pdf';
/** The smallest bundle: an application with nothing in it. */
const MATRIX_BUNDLE = { format: BUNDLE_FORMAT_NAME, formatVersion: BUNDLE_FORMAT_VERSION, app: { appName: 'Matrix bundle' } };
const unique = (prefix: string) => `${prefix} ${randomBytes(3).toString('hex')}`;

async function must(response: { statusCode: number; body: string }, what: string) {
  if (response.statusCode >= 300) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  return JSON.parse(response.body) as { data: never };
}

/** The id of the last row fresh.row added (the items table starts with rows 1–3). */
let lastRowId = 100;

async function appIdOf(fx: Fixture, slug: string): Promise<number> {
  return ((await must(await fx.server.call('GET', `/get/getApp/slug/${slug}`), 'getApp')).data as { appId: number }).appId;
}

const identityProviderBody = (fx: Fixture) => ({
  appId: fx.appId, providerId: null, name: unique('SSO'), issuer: fx.oidc.issuer, clientId: fx.oidc.clientId, clientSecret: fx.oidc.clientSecret,
});

/** Fresh things of the fixture's application, made by its administrator. */
const fresh = {
  /** The fixture's application connected (by its administrator) to a new empty repository; pushed to it when `pushed`. */
  async repository(fx: Fixture, pushed = false): Promise<void> {
    const repositoryUrl = await fx.gitServer.createRepository(unique('repo').replace(/[^A-Za-z0-9-]/g, '-'));
    await must(await fx.server.call('POST', '/save/gitSettings', { appId: fx.appId, repositoryUrl }, fx.tokens.admin), 'saveGitSettings');
    if (pushed) await must(await fx.server.call('POST', '/save/pushToGit', { appId: fx.appId, message: 'Start' }, fx.tokens.admin), 'pushToGit');
  },
  /** An SMTP service of the Third Parties, saved by the super administrator. */
  async thirdParty(fx: Fixture): Promise<number> {
    const body = { serviceId: null, name: unique('SMTP'), host: '127.0.0.1', port: fx.smtpPort, security: 'none', fromAddress: 'robot@example.com' };
    const answer = await must(await fx.server.call('POST', '/save/saveThirdParty', body, fx.tokens.root), 'saveThirdParty');
    return (answer.data as { serviceId: number }).serviceId;
  },
  async identityProvider(fx: Fixture): Promise<number> {
    const answer = await must(await fx.server.call('POST', '/save/identityProvider', identityProviderBody(fx), fx.tokens.admin), 'saveIdentityProvider');
    return (answer.data as { providerId: number }).providerId;
  },
  /** An API of the application, on the local JSON server, with one endpoint. */
  async apiSource(fx: Fixture): Promise<{ sourceId: number; endpointId: number }> {
    const body = { sourceId: null, appId: fx.appId, name: unique('API'), baseUrl: new URL(fx.jsonUrl).origin };
    const { sourceId } = (await must(await fx.server.call('POST', '/save/saveApiSource', body, fx.tokens.admin), 'saveApiSource')).data as { sourceId: number };
    const endpoint = { endpointId: null, sourceId, name: 'Ping', path: '/ping', rowsPath: '[@]' };
    const { endpointId } = (await must(await fx.server.call('POST', '/save/saveApiEndpoint', endpoint, fx.tokens.admin), 'saveApiEndpoint')).data as { endpointId: number };
    return { sourceId, endpointId };
  },
  /** A named variable of the application. */
  async variable(fx: Fixture): Promise<number> {
    const body = { variableId: null, appId: fx.appId, name: unique('V').replace(' ', '_'), value: 'x' };
    return ((await must(await fx.server.call('POST', '/save/saveVariable', body, fx.tokens.admin), 'saveVariable')).data as { variableId: number }).variableId;
  },
  async menu(fx: Fixture): Promise<number> {
    const answer = await must(await fx.server.call('POST', '/save/saveMenu', { menuName: unique('Menu'), menuAppId: fx.appId }, fx.tokens.admin), 'saveMenu');
    return (answer.data as { menuId: number }).menuId;
  },
  async group(fx: Fixture): Promise<number> {
    await must(await fx.server.call('POST', '/auth/addgroup', { data: { groupName: unique('Group'), groupAppId: fx.appId } }, fx.tokens.admin), 'addgroup');
    const groups = (await must(await fx.server.call('GET', `/auth/listgroup/${fx.appId}`, undefined, fx.tokens.admin), 'listgroup')).data as { groupId: number }[];
    return Math.max(...groups.map((g) => g.groupId));
  },
  async db(fx: Fixture): Promise<number> {
    const file = `${randomBytes(4).toString('hex')}.db`;
    createSqliteDatabase(fx.server.app.services.config.dataDir, fx.appId, file, 'CREATE TABLE t (id INTEGER PRIMARY KEY)');
    const answer = await must(await fx.server.call('POST', '/save/saveDbConfig', { dbAppId: fx.appId, dbType: 'sqlite', dbDatabase: file }, fx.tokens.admin), 'saveDbConfig');
    return (answer.data as { dbId: number }).dbId;
  },
  async user(fx: Fixture): Promise<string> {
    const userId = freshUserId();
    await must(await fx.server.call('POST', '/auth/adduser', { data: { userId, password: PASSWORD, confirm_password: PASSWORD, appId: fx.appId } }, fx.tokens.admin), 'adduser');
    return userId;
  },
  /** A row of the items table, to delete. */
  async row(fx: Fixture): Promise<number> {
    const id = ++lastRowId;
    await fx.items.exec(`INSERT INTO "${fx.items.table}" (id, name, status) VALUES (${id}, 'Doomed', 1)`);
    return id;
  },
  async template(fx: Fixture, name = `${randomBytes(4).toString('hex')}.docx`): Promise<string> {
    const upload = await make(fx, calls.uploadTemplate, { query: { appId: fx.appId }, multipart: { filename: name, content: TEMPLATE, type: DOCX_TYPE } }, 'admin');
    return ((await must(upload, 'uploadTemplate')).data as { templateId: string }).templateId;
  },
  /** A PDF extraction template of one form field, made by the administrator. */
  async pdfTemplate(fx: Fixture): Promise<number> {
    const upload = await make(fx, calls.createPdfTemplate, { query: { appId: fx.appId }, multipart: { filename: 'sample.pdf', content: await samplePdf(), type: PDF_TYPE } }, 'admin');
    const templateId = ((await must(upload, 'createPdfTemplate')).data as { templateId: number }).templateId;
    const fields = [{ name: 'customer', source: 'form', formField: 'customer.name' }];
    await must(await fx.server.call('PUT', `/file/template/${templateId}`, { templateName: unique('Template'), fields }, fx.tokens.admin), 'savePdfTemplate');
    return templateId;
  },
  async workflow(fx: Fixture): Promise<number> {
    const answer = await must(await fx.server.call('POST', '/save/saveWorkflow', { chainId: null, chainAppId: fx.appId, chainName: unique('Flow'), chainTrigger: null }, fx.tokens.admin), 'saveWorkflow');
    return (answer.data as { chainId: number }).chainId;
  },
  /** An HTTP request action, its required parameters filled, of a fresh workflow or the one given. */
  async action(fx: Fixture, chainId?: number): Promise<number> {
    const actionChainId = chainId ?? await fresh.workflow(fx);
    const body = { actionId: null, actionChainId, actionAlias: unique('Step'), addonName: 'http', actionParams: JSON.stringify({ method: 'GET', url: fx.jsonUrl }) };
    return ((await must(await fx.server.call('POST', '/save/saveAction', body, fx.tokens.admin), 'saveAction')).data as { actionId: number }).actionId;
  },
  /** A Send Webhook action of a fresh workflow. */
  async webhookAction(fx: Fixture): Promise<number> {
    const body = { actionId: null, actionChainId: await fresh.workflow(fx), actionAlias: unique('Tell'), addonName: 'webhook', actionParams: JSON.stringify({ url: fx.jsonUrl }) };
    return ((await must(await fx.server.call('POST', '/save/saveAction', body, fx.tokens.admin), 'saveAction')).data as { actionId: number }).actionId;
  },
  /** A run waiting for an approval given to the member (issue 37): its id and its task's. */
  async waitingRun(fx: Fixture): Promise<{ runId: number; taskId: number }> {
    const chainId = await fresh.workflow(fx);
    const body = { actionId: null, actionChainId: chainId, actionAlias: unique('Approve'), addonName: 'approval', actionParams: JSON.stringify({ assignee: fx.userIds.member, message: 'Setuju?' }) };
    await must(await fx.server.call('POST', '/save/saveAction', body, fx.tokens.admin), 'saveAction');
    await must(await fx.server.call('POST', `/action/buildWorkflow/${chainId}`, undefined, fx.tokens.admin), 'buildWorkflow');
    const runId = ((await must(await fx.server.call('POST', `/action/runWorkflow/${chainId}`, { params: {} }, fx.tokens.admin), 'runWorkflow')).data as { runId: number }).runId;
    const task = await fx.server.store.selectFrom('workflowTasks').select('taskId').where('runId', '=', runId).executeTakeFirstOrThrow();
    return { runId, taskId: task.taskId };
  },
  /** A built workflow of one Set Variable step, and that step's id. */
  async builtWorkflow(fx: Fixture): Promise<{ chainId: number; actionId: number }> {
    const chainId = await fresh.workflow(fx);
    const body = { actionId: null, actionChainId: chainId, actionAlias: unique('Set'), addonName: 'variable', actionParams: JSON.stringify({ values: '{"by": "{{$0.by}}"}' }) };
    const actionId = ((await must(await fx.server.call('POST', '/save/saveAction', body, fx.tokens.admin), 'saveAction')).data as { actionId: number }).actionId;
    await must(await fx.server.call('POST', `/action/buildWorkflow/${chainId}`, undefined, fx.tokens.admin), 'buildWorkflow');
    return { chainId, actionId };
  },
  /**
   * A finished run of a fresh built workflow. A failing one really fails in the engine: its
   * step's 256 references to a 20,000-character input would fill in more than the 4 MiB a
   * template may produce.
   */
  async run(fx: Fixture, failing = false): Promise<number> {
    const { chainId, actionId } = await fresh.builtWorkflow(fx);
    if (failing) {
      const values = JSON.stringify({ big: '{{$0.by}}'.repeat(256) });
      const body = { actionId, actionChainId: chainId, actionAlias: unique('Set'), addonName: 'variable', actionParams: JSON.stringify({ values }) };
      await must(await fx.server.call('POST', '/save/saveAction', body, fx.tokens.admin), 'saveAction');
      await must(await fx.server.call('POST', `/action/buildWorkflow/${chainId}`, undefined, fx.tokens.admin), 'buildWorkflow');
    }
    const params = { by: failing ? 'x'.repeat(20_000) : 'matrix' };
    const answer = await must(await fx.server.call('POST', `/action/runWorkflow/${chainId}`, { params }, fx.tokens.admin), 'runWorkflow');
    const outcome = answer.data as { runId: number; status: string };
    if (outcome.status !== (failing ? 'failed' : 'succeeded')) throw new Error(`the fixture run ended ${outcome.status}`);
    return outcome.runId;
  },
  /** A custom function of the application (an identity transform, or its value when run alone). */
  async function(fx: Fixture): Promise<{ id: number; slug: string }> {
    const body = { appId: fx.appId, name: unique('Fn'), parameter: [{ name: 'value', type: 'int' as const }], content: 'return rows ?? value;' };
    return (await must(await fx.server.call('POST', '/function/saveFunction', body, fx.tokens.admin), 'saveFunction')).data as { id: number; slug: string };
  },
  /** A token for machines of the application: those abilities on its page. */
  async apiToken(fx: Fixture, abilities: TokenAbility[] = ['readPages']): Promise<{ tokenId: string; name: string; text: string }> {
    const name = unique('Token');
    const answer = await must(await fx.server.call('POST', '/save/createApiToken', { appId: fx.appId, tokenName: name, abilities, pageIds: [fx.pageId], expiresInDays: 30 }, fx.tokens.admin), 'createApiToken');
    const { token, secret } = answer.data as { token: { tokenId: string }; secret: string };
    return { tokenId: token.tokenId, name, text: secret };
  },
  /** An incoming webhook of a fresh built workflow, signed, and its secret. */
  async hook(fx: Fixture): Promise<{ hookId: string; secret: string }> {
    const { chainId } = await fresh.builtWorkflow(fx);
    const answer = await must(await fx.server.call('POST', '/save/workflowHook', { hookId: null, workflowId: chainId, hookName: unique('Hook'), auth: 'signature', waitMs: 0 }, fx.tokens.admin), 'saveWorkflowHook');
    const { hook, secret } = answer.data as { hook: { hookId: string }; secret: string };
    return { hookId: hook.hookId, secret };
  },
  /** A schedule of a fresh workflow. */
  async schedule(fx: Fixture): Promise<number> {
    const workflowId = await fresh.workflow(fx);
    const answer = await must(await fx.server.call('POST', '/save/workflowSchedule', { scheduleId: null, workflowId, cron: '0 7 * * *', startsOn: null, endsOn: null, missed: 'skip', enabled: true }, fx.tokens.admin), 'saveWorkflowSchedule');
    return (answer.data as { scheduleId: number }).scheduleId;
  },
  /** A fresh page of the application, saved by its administrator. */
  async page(fx: Fixture): Promise<number> {
    const saved = await must(await fx.server.call('POST', '/save/saveApp', { appId: fx.appId, pages: [{ pageId: null, pageName: unique('Page') }] }, fx.tokens.admin), 'saveApp page');
    return (saved.data as { pages: { pageId: number }[] }).pages[0]!.pageId;
  },
  /** The first version (its creation) of a fresh page. */
  async pageVersion(fx: Fixture): Promise<number> {
    const pageId = await fresh.page(fx);
    const list = await must(await fx.server.call('GET', `/page/versions/${pageId}`, undefined, fx.tokens.admin), 'listPageVersions');
    return (list.data as { versions: { versionId: number }[] }).versions[0]!.versionId;
  },
  /** A fresh page, deleted. */
  async deletedPage(fx: Fixture): Promise<number> {
    const pageId = await fresh.page(fx);
    await must(await fx.server.call('DELETE', `/page/${pageId}`, undefined, fx.tokens.admin), 'deletePage');
    return pageId;
  },
  /** An application of the fixture's administrator (the super administrator's for root), to delete. */
  /** A new application of the administrator's with its environments: Development, Staging and Production's ids. */
  async family(fx: Fixture): Promise<number[]> {
    const answer = await must(await fx.server.call('POST', '/save/createEnvironments', { appId: await fresh.app(fx) }, fx.tokens.admin), 'createEnvironments');
    return (answer.data as { environments: { appId: number }[] }).environments.map((e) => e.appId);
  },
  /** A family whose Staging a promotion from Development changed (a page added there). */
  async promotedFamily(fx: Fixture): Promise<number[]> {
    const ids = await fresh.family(fx);
    const [development = 0, staging = 0] = ids;
    await must(await fx.server.call('POST', '/save/saveApp', { appId: development, pages: [{ pageId: null, pageName: unique('Promoted') }] }, fx.tokens.admin), 'saveApp page');
    await must(await fx.server.call('POST', '/save/promote', { appId: development, targetAppId: staging }, fx.tokens.admin), 'promote');
    return ids;
  },
  async app(fx: Fixture): Promise<number> {
    const mainToken = await fx.server.login(fx.userIds.admin, PASSWORD, 'main');
    const answer = await must(await fx.server.call('POST', '/save/saveApp', { appId: null, appName: unique('Doomed') }, mainToken), 'saveApp');
    return (answer.data as { appId: number }).appId;
  },
};

/** Calls after which the caller's sessions end (a new password): every caller signs in again. */
const ENDS_SESSIONS: ReadonlySet<keyof typeof calls> = new Set(['changePassword']);

async function signInAgain(fx: Fixture, appSlugs: Record<Exclude<Role, 'anonymous'>, string>) {
  for (const role of ['outsider', 'member', 'admin'] as const) fx.tokens[role] = await fx.server.login(fx.userIds[role], PASSWORD, appSlugs[role]);
  fx.tokens.root = await fx.server.login('admin', ADMIN_PASSWORD, appSlugs.root);
}

const tokenOf = (fx: Fixture, role: Role) => (role === 'anonymous' ? undefined : fx.tokens[role]);

/** Each caller's own password and a code of no second factor: refused by the check (400), never by access. */
const ownProof = (_fx: Fixture, role: Role) => ({ body: { password: role === 'root' ? ADMIN_PASSWORD : PASSWORD, code: '000000' } });

const makers = {
  login: (fx) => ({ body: { userId: fx.userIds.member, password: PASSWORD, appSlug: fx.appSlug } }),
  register: (fx) => ({ body: { data: { userId: freshUserId(), password: PASSWORD, confirm_password: PASSWORD, defaultGroupAppId: [fx.appId] } } }),
  // Each opens an application he may: the super administrator administers _root only.
  openApp: async (fx, role) => ({ body: { appId: role === 'root' ? await appIdOf(fx, ROOT_APP_SLUG) : fx.appId } }),
  getResetToken: (fx, role) => ({ body: { userId: role === 'anonymous' || role === 'root' ? fx.userIds.member : fx.userIds[role] } }),
  resetPassword: () => ({ body: { token: 'no-such-token', password: PASSWORD } }),
  listUser: (fx) => ({ query: { appId: fx.appId } }),
  addUser: (fx) => ({ body: { data: { userId: freshUserId(), password: PASSWORD, confirm_password: PASSWORD, appId: fx.appId } } }),
  changePassword: (fx, role) => {
    const userId = role === 'anonymous' ? fx.userIds.member : fx.userIds[role];
    // Each sets his own password again to what it was.
    const password = role === 'root' ? ADMIN_PASSWORD : PASSWORD;
    return { body: { data: { userId, password, confirm_password: password, current_password: password, appId: fx.appId } } };
  },
  deleteUser: async (fx) => ({ body: { data: { userId: await fresh.user(fx), appId: fx.appId } } }),
  listGroupUser: (fx) => ({ params: { appId: fx.appId }, query: {} }),
  listGroup: (fx) => ({ params: { appId: fx.appId } }),
  addUserToGroup: async (fx) => ({ body: { userId: await fresh.user(fx), groupId: fx.memberGroupId } }),
  removeUserFromGroup: async (fx) => {
    const userId = await fresh.user(fx);
    await must(await fx.server.call('POST', '/auth/addUserToGroup', { userId, groupId: fx.memberGroupId }, fx.tokens.admin), 'addUserToGroup');
    return { body: { userId, groupId: fx.memberGroupId } };
  },
  addGroup: (fx) => ({ body: { data: { groupName: unique('Group'), groupAppId: fx.appId } } }),
  deleteGroup: async (fx) => ({ body: { data: { groupId: await fresh.group(fx) } } }),
  setDefaultGroup: (fx) => ({ body: { data: { appId: fx.appId, groupId: fx.memberGroupId } } }),
  updateGroup: async (fx) => ({ body: { groupId: await fresh.group(fx), groupAppId: fx.appId, groupAccess: { menuId: [await fresh.menu(fx)] } } }),
  removeGroupAccess: async (fx) => {
    const groupId = await fresh.group(fx);
    const menuId = await fresh.menu(fx);
    await must(await fx.server.call('PUT', '/auth/updategroup', { groupId, groupAppId: fx.appId, groupAccess: { menuId: [menuId] } }, fx.tokens.admin), 'updategroup');
    return { body: { groupId, groupAppId: fx.appId, groupAccess: { menuId: [menuId] } } };
  },
  getAppBySlug: (fx) => ({ params: { slug: fx.appSlug } }),
  listApp: () => ({}),
  listAppUser: (fx, role) => ({ params: { userId: role === 'anonymous' ? fx.userIds.member : fx.userIds[role] } }),
  saveApp: (fx) => ({ body: { appId: fx.appId, appName: unique('Renamed') } }),
  deleteApp: async (fx) => ({ body: { appId: await fresh.app(fx) } }),
  getDbConf: (fx) => ({ params: { id: fx.appId } }),
  listDatabase: (fx) => ({ params: { appId: fx.appId } }),
  getDbDetails: (fx) => ({ params: { dbId: fx.dbId } }),
  saveDbConfig: async (fx) => {
    const file = `${randomBytes(4).toString('hex')}.db`;
    createSqliteDatabase(fx.server.app.services.config.dataDir, fx.appId, file, 'SELECT 1');
    return { body: { dbAppId: fx.appId, dbType: 'sqlite' as const, dbDatabase: file } };
  },
  deleteDbConfig: async (fx) => ({ body: { dbId: await fresh.db(fx) } }),
  searchIndexes: (fx) => ({ params: { dbId: fx.dbId } }),
  planSearchIndex: (fx) => ({ body: { dbId: fx.dbId, table: fx.items.table, columns: ['name'] } }),
  addSearchIndex: async (fx) => ({ body: { dbId: await fresh.db(fx), table: 't', columns: ['id'] } }),
  searchIndexProgress: (fx) => ({ params: { dbId: fx.dbId } }),
  uploadFile: (fx) => ({ headers: { 'app-id': fx.appId }, query: {}, multipart: { filename: 'note.txt', content: 'hello', type: 'text/plain' } }),
  downloadFile: (fx) => ({ params: { fileId: fx.fileId } }),
  listMenu: (fx) => ({ params: { appId: fx.appId } }),
  saveMenu: (fx) => ({ body: { menuName: unique('Menu'), menuAppId: fx.appId } }),
  updateMenu: async (fx) => ({ body: { menuId: await fresh.menu(fx), menuAppId: fx.appId, menuPageId: fx.pageId } }),
  deleteMenu: async (fx) => ({ body: { menuId: await fresh.menu(fx) } }),
  translateMenuName: async (fx) => ({ body: { menuId: await fresh.menu(fx), translations: { en: unique('Menu') } } }),
  translatePageName: (fx) => ({ body: { pageId: fx.pageId, translations: { id: unique('Halaman') } } }),
  listAppPages: (fx) => ({ params: { appId: fx.appId } }),
  listUnassignedPages: (fx) => ({ params: { appId: fx.appId } }),
  getPage: (fx) => ({ params: { id: fx.pageId } }),
  getPageBySlug: (fx) => ({ params: { slug: fx.pageSlug }, query: { appSlug: fx.appSlug } }),
  listPageVersions: (fx) => ({ params: { id: fx.pageId }, query: { page: 1 } }),
  getPageVersion: async (fx) => ({ params: { id: await fresh.pageVersion(fx) } }),
  namePageVersion: async (fx) => ({ params: { id: await fresh.pageVersion(fx) }, body: { versionName: unique('Named') } }),
  restorePageVersion: async (fx) => ({ params: { id: await fresh.pageVersion(fx) } }),
  deletePage: async (fx) => ({ params: { id: await fresh.page(fx) } }),
  listDeletedPages: (fx) => ({ query: { appId: fx.appId } }),
  undeletePage: async (fx) => ({ params: { id: await fresh.deletedPage(fx) } }),
  runQuery: (fx) => ({ body: { dbId: fx.dbId, query: listItemsSql(fx.items.table), params: [] } }),
  runAction: (fx) => ({ body: { pageId: fx.pageId, componentId: 'button', actionName: 'list', params: {} } }),
  saveQuery: (fx) => ({ body: { actionId: null, actionDbId: fx.dbId, actionName: unique('Query'), actionSQLQuery: 'SELECT 1' } }),
  listQueries: (fx) => ({ params: { id: fx.dbId } }),
  listVariables: (fx) => ({ params: { appId: fx.appId } }),
  pageVariables: (fx) => ({ params: { id: fx.pageId } }),
  saveVariable: (fx) => ({ body: { variableId: null, appId: fx.appId, name: unique('V').replace(' ', '_'), value: 'x' } }),
  deleteVariable: async (fx) => ({ body: { variableId: await fresh.variable(fx) } }),
  listApiSources: (fx) => ({ params: { appId: fx.appId } }),
  saveApiSource: (fx) => ({ body: { sourceId: null, appId: fx.appId, name: unique('API'), baseUrl: new URL(fx.jsonUrl).origin } }),
  deleteApiSource: async (fx) => ({ body: { sourceId: (await fresh.apiSource(fx)).sourceId } }),
  saveApiEndpoint: async (fx) => ({ body: { endpointId: null, sourceId: (await fresh.apiSource(fx)).sourceId, name: unique('Endpoint'), path: '/ping' } }),
  deleteApiEndpoint: async (fx) => ({ body: { endpointId: (await fresh.apiSource(fx)).endpointId } }),
  readOpenApi: async (fx) => ({ body: { sourceId: (await fresh.apiSource(fx)).sourceId, document: JSON.stringify({ openapi: '3.0.3', info: { title: 'Ping', version: '1' }, paths: { '/ping': { get: { responses: { 200: { description: 'ok' } } } } } }) } }),
  loadApiOptions: (fx) => ({ body: { pageId: fx.pageId, componentId: 'choices' } }),
  previewApiEndpoint: async (fx) => ({ body: { sourceId: (await fresh.apiSource(fx)).sourceId, endpoint: { name: 'Ping', path: '/ping', rowsPath: '[@]' } } }),
  testRequest: (fx) => ({ body: { appId: fx.appId, url: fx.jsonUrl, method: 'GET' as const } }),
  saveTrigger: (fx) => ({ body: { triggerId: null, triggerAppId: fx.appId, triggerAlias: unique('trigger'), triggerParams: '["by"]' } }),
  runTrigger: (fx) => ({ params: { id: String(fx.triggerId) }, body: {} }),
  runTriggerWithoutId: () => ({ params: {}, body: {} }),
  listTriggers: (fx) => ({ params: { appId: fx.appId } }),
  triggerRuns: (fx) => ({ params: { id: fx.triggerId } }),
  loadTableContent: (fx) => ({ body: { pageId: fx.pageId, componentId: 'items' } }),
  loadQueryContent: (fx) => ({ body: { pageId: fx.pageId, componentId: 'board' } }),
  countTableContent: (fx) => ({ body: { pageId: fx.pageId, componentId: 'items', search: 'a' } }),
  scanBarcode: (fx) => ({ body: { pageId: fx.pageId, componentId: 'scanner', code: 'three' } }),
  editRow: (fx) => ({ body: { pageId: fx.pageId, componentId: 'items', actionName: 'EDIT', key: 1, values: { name: unique('Edited') } } }),
  deleteRow: async (fx) => ({ body: { pageId: fx.pageId, componentId: 'items', actionName: 'DELETE', key: await fresh.row(fx) } }),
  moveCard: (fx) => ({ body: { pageId: fx.pageId, componentId: 'board', key: 2, value: '3' } }),
  excelFromTable: (fx) => ({ body: { pageId: fx.pageId, componentId: 'items' } }),
  excelFromTableStream: (fx) => ({ query: { pageId: fx.pageId, componentId: 'items' } }),
  listTemplates: (fx) => ({ query: { appId: fx.appId } }),
  uploadTemplate: (fx) => ({ query: { appId: fx.appId }, multipart: { filename: `${randomBytes(4).toString('hex')}.docx`, content: TEMPLATE, type: DOCX_TYPE } }),
  deleteTemplate: async (fx) => ({ params: { templateId: await fresh.template(fx) } }),
  listAddOn: () => ({}),
  getAddress: (fx) => ({ body: { appId: fx.appId, address: 'sukamaju cibungbulang' } }),
  getSchool: (fx) => ({ body: { appId: fx.appId, school: 'contoh' } }),
  getSchoolAddress: (fx) => ({ body: { appId: fx.appId, schooladdress: '99000001' } }),
  importSchools: () => ({ body: { rows: [{ line: 2, npsn: '99100001', name: 'SD Matriks', level: 'SD', status: 'Negeri', address: '', villageCode: '32.01.16.2013' }] } }),
  listSchools: () => ({ query: { page: 1, search: '' } }),
  exportApp: (fx) => ({ params: { appId: fx.appId }, query: { users: 'false' as const } }),
  previewImport: (fx) => ({ body: { bundle: MATRIX_BUNDLE, target: { kind: 'replace' as const, appId: fx.appId } } }),
  importApp: async (fx) => ({ body: { bundle: MATRIX_BUNDLE, target: { kind: 'replace' as const, appId: await fresh.app(fx) } } }),
  getGitSettings: (fx) => ({ params: { appId: fx.appId } }),
  saveGitSettings: async (fx) => ({ body: { appId: fx.appId, repositoryUrl: await fx.gitServer.createRepository(unique('saved').replace(/[^A-Za-z0-9-]/g, '-')) } }),
  disconnectGit: (fx) => ({ body: { appId: fx.appId } }),
  pushToGit: async (fx) => {
    await fresh.repository(fx);
    return { body: { appId: fx.appId, message: unique('Push') } };
  },
  previewPullFromGit: async (fx) => {
    await fresh.repository(fx, true);
    return { body: { appId: fx.appId } };
  },
  pullFromGit: async (fx) => {
    await fresh.repository(fx, true);
    return { body: { appId: fx.appId } };
  },
  getEnvironments: (fx) => ({ params: { appId: fx.appId } }),
  createEnvironments: async (fx) => ({ body: { appId: await fresh.app(fx) } }),
  addEnvironment: async (fx) => ({ body: { appId: (await sharedFamily(fx))[0] ?? 0, name: unique('QA') } }),
  renameEnvironment: async (fx) => ({ body: { appId: (await sharedFamily(fx))[1] ?? 0, name: unique('Staging') } }),
  previewPromotion: async (fx) => {
    const [development = 0, staging = 0] = await sharedFamily(fx);
    return { body: { appId: development, targetAppId: staging } };
  },
  promote: async (fx) => {
    const [development = 0, staging = 0] = await sharedFamily(fx);
    return { body: { appId: development, targetAppId: staging } };
  },
  previewBundlePromotion: async (fx) => {
    const [development = 0, staging = 0] = await sharedFamily(fx);
    return { body: { appId: staging, ...await exportedEnvironment(fx, development) } };
  },
  promoteBundle: async (fx) => {
    const [development = 0, staging = 0] = await sharedFamily(fx);
    return { body: { appId: staging, ...await exportedEnvironment(fx, development) } };
  },
  undoPromotion: async (fx) => ({ body: { appId: (await fresh.promotedFamily(fx))[1] ?? 0 } }),
  listWorkflow: (fx) => ({ params: { appId: fx.appId } }),
  saveWorkflow: (fx) => ({ body: { chainId: null, chainAppId: fx.appId, chainName: unique('Flow'), chainTrigger: fx.triggerId } }),
  deleteWorkflow: async (fx) => ({ body: { chainId: await fresh.workflow(fx) } }),
  saveWorkflowAction: async (fx) => ({ body: { actionId: null, actionChainId: await fresh.workflow(fx), actionAlias: unique('Step'), addonName: 'http', actionParams: '{"method":"GET"}' } }),
  getNode: async (fx) => ({ params: { id: await fresh.action(fx) } }),
  deleteWorkflowAction: async (fx) => ({ body: { actionId: await fresh.action(fx) } }),
  saveFlow: async (fx) => {
    const workflowId = await fresh.workflow(fx);
    const [first, second] = [await fresh.action(fx, workflowId), await fresh.action(fx, workflowId)];
    return { body: { workflowId, flow: [[first, second]], triggerActionId: first } };
  },
  buildWorkflow: async (fx) => {
    const chainId = await fresh.workflow(fx);
    await fresh.action(fx, chainId);
    return { params: { id: chainId } };
  },
  getFlow: async (fx) => ({ params: { id: (await fresh.builtWorkflow(fx)).chainId } }),
  runWorkflow: async (fx) => ({ params: { id: (await fresh.builtWorkflow(fx)).chainId }, body: { params: { by: 'matrix' } } }),
  runChains: async (fx) => ({ body: { actionId: (await fresh.builtWorkflow(fx)).actionId, params: { by: 'matrix' } } }),
  workflowRuns: async (fx) => {
    await fresh.run(fx);
    return { params: { id: (await fresh.builtWorkflow(fx)).chainId } };
  },
  workflowRun: async (fx) => ({ params: { id: await fresh.run(fx) } }),
  rerunWorkflowRun: async (fx) => ({ params: { id: await fresh.run(fx, true) } }),
  printPdf: (fx) => ({ params: { document: fx.templateName }, query: { appId: fx.appId }, body: { data: { name: 'Matrix' } } }),
  listThirdParties: () => ({}),
  saveThirdParty: (fx) => ({ body: { serviceId: null, name: unique('SMTP'), host: '127.0.0.1', port: fx.smtpPort, security: 'none' as const, fromAddress: 'robot@example.com' } }),
  deleteThirdParty: async (fx) => ({ body: { serviceId: await fresh.thirdParty(fx) } }),
  testThirdParty: async (fx) => ({ body: { serviceId: await fresh.thirdParty(fx) } }),
  listFunction: (fx) => ({ params: { appId: fx.appId } }),
  getFunction: (fx) => ({ params: { slug: fx.functionSlug } }),
  saveFunction: (fx) => ({ body: { appId: fx.appId, name: unique('Fn'), parameter: [{ name: 'value', type: 'int' as const }], content: 'return value;' } }),
  updateFunction: async (fx) => ({ body: { id: (await fresh.function(fx)).id, name: unique('Fn'), parameter: [], content: 'return 1;' } }),
  deleteFunction: async (fx) => ({ params: { slug: (await fresh.function(fx)).slug } }),
  runFunction: (fx) => ({ params: { slug: fx.functionSlug }, body: { params: { value: 2 } } }),
  testFunction: (fx) => ({ body: { appId: fx.appId, parameter: [{ name: 'value', type: 'int' as const }], content: 'return value + 1;', params: { value: 1 } } }),
  getTemplateList: (fx) => ({ query: { appId: fx.appId } }),
  getTemplateField: async (fx) => ({ params: { id: await sharedPdfTemplate(fx) } }),
  extractTemplate: async (fx) => ({ params: { id: await sharedPdfTemplate(fx) }, multipart: { filename: 'filled.pdf', content: await samplePdf(), type: PDF_TYPE } }),
  getPdfTemplateSample: async (fx) => ({ params: { id: await sharedPdfTemplate(fx) } }),
  createPdfTemplate: async (fx) => ({ query: { appId: fx.appId }, multipart: { filename: 'sample.pdf', content: await samplePdf(), type: PDF_TYPE } }),
  savePdfTemplate: async (fx) => ({ params: { id: await sharedPdfTemplate(fx) }, body: { templateName: unique('Template'), fields: [{ name: 'customer', source: 'form' as const, formField: 'customer.name' }] } }),
  deletePdfTemplate: async (fx) => ({ params: { id: await fresh.pdfTemplate(fx) } }),
  listAuditLog: (fx) => ({ query: { appId: fx.appId } }),
  listAllAuditLog: () => ({ query: {} }),
  exportAuditLog: (fx) => ({ query: { appId: fx.appId } }),
  exportAllAuditLog: (fx) => ({ query: { appId: fx.appId } }),
  saveMyLanguage: () => ({ body: { language: 'id' as const } }),
  listIdentityProviders: (fx) => ({ params: { appId: fx.appId } }),
  saveIdentityProvider: (fx) => ({ body: identityProviderBody(fx) }),
  deleteIdentityProvider: async (fx) => ({ body: { appId: fx.appId, providerId: await fresh.identityProvider(fx) } }),
  savePasswordSignIn: (fx) => ({ body: { appId: fx.appId, password: true } }),
  endUserSessions: async (fx) => ({ body: { appId: fx.appId, userId: await fresh.user(fx) } }),
  redeemSignInTicket: () => ({ body: { ticket: 'never-issued-ticket-of-43-characters-long-x' } }),
  listOwnSessions: () => ({}),
  // Every other session of the caller: his own token stays good for the roles after him.
  endOwnSessions: () => ({ body: { end: 'others' } }),
  getSecondFactor: () => ({}),
  startSecondFactor: () => ({ body: {} }),
  confirmSecondFactor: ownProof,
  disableSecondFactor: ownProof,
  renewRecoveryCodes: ownProof,
  saveAdminSecondFactor: (fx) => ({ body: { appId: fx.appId, required: false } }),
  resetUserSecondFactor: async (fx) => ({ body: { appId: fx.appId, userId: await fresh.user(fx) } }),
  listPasskeys: () => ({}),
  startPasskeyRegistration: () => ({ body: {} }),
  // A browser's answer no authenticator signed: refused by the check (400), never by access.
  registerPasskey: () => ({ body: { name: 'Phone', response: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'AAAA' } } } }),
  deletePasskey: () => ({ body: { credentialId: 'bm8tc3VjaC1wYXNza2V5' } }),
  startPasskeySignIn: () => ({ body: { appSlug: 'main' } }),
  signInWithPasskey: () => ({ body: { appSlug: 'main', response: { id: 'bm8tc3VjaC1wYXNza2V5', rawId: 'bm8tc3VjaC1wYXNza2V5', type: 'public-key', response: { clientDataJSON: 'e30' } } } }),
  listApiTokens: (fx) => ({ params: { appId: fx.appId } }),
  createApiToken: (fx) => ({ body: { appId: fx.appId, tokenName: unique('Token'), abilities: ['readTables'], pageIds: [fx.pageId], expiresInDays: 7 } }),
  revokeApiToken: async (fx) => ({ body: { tokenId: (await fresh.apiToken(fx)).tokenId } }),
  listWorkflowHooks: async (fx) => ({ params: { id: await fresh.workflow(fx) } }),
  saveWorkflowHook: async (fx) => ({ body: { hookId: null, workflowId: await fresh.workflow(fx), hookName: unique('Hook'), auth: 'bearer', waitMs: 0 } }),
  rotateHookSecret: async (fx) => ({ body: { hookId: (await fresh.hook(fx)).hookId } }),
  deleteWorkflowHook: async (fx) => ({ body: { hookId: (await fresh.hook(fx)).hookId } }),
  listStepSecrets: async (fx) => ({ params: { id: await fresh.workflow(fx) } }),
  setStepSecret: async (fx) => ({ body: { actionId: await fresh.webhookAction(fx) } }),
  deleteStepSecret: async (fx) => ({ body: { actionId: await fresh.webhookAction(fx) } }),
  listMyTasks: (fx) => ({ params: { appId: fx.appId } }),
  answerTask: async (fx) => ({ body: { taskId: (await fresh.waitingRun(fx)).taskId, answer: 'approve' } }),
  cancelWorkflowRun: async (fx) => ({ params: { id: (await fresh.waitingRun(fx)).runId } }),
  listWorkflowSchedules: async (fx) => ({ params: { id: await fresh.workflow(fx) } }),
  previewSchedule: async (fx) => ({ body: { workflowId: await fresh.workflow(fx), cron: '*/15 * * * *', startsOn: null, endsOn: null } }),
  saveWorkflowSchedule: async (fx) => ({ body: { scheduleId: null, workflowId: await fresh.workflow(fx), cron: '0 7 * * 1', startsOn: null, endsOn: null, missed: 'runOnce', enabled: true } }),
  deleteWorkflowSchedule: async (fx) => ({ body: { scheduleId: await fresh.schedule(fx) } }),
  // A call signed with the hook's secret (each caller's bearer token beside it means nothing to a hook).
  receiveHook: async (fx) => {
    const { hookId, secret } = await fresh.hook(fx);
    const body = JSON.stringify({ by: unique('matrix') });
    const timestamp = String(Math.floor(Date.now() / 1000));
    return {
      params: { appSlug: fx.appSlug, hookId },
      headers: { 'content-type': 'application/json', [HOOK_TIMESTAMP_HEADER]: timestamp, [HOOK_SIGNATURE_HEADER]: hookSignature(secret, timestamp, Buffer.from(body)) },
      body,
    };
  },
} satisfies Makers;

/** One family of environments the calls that read, rename or promote without changing anything share (each fixture its own). */
const sharedFamilies = new WeakMap<Fixture, Promise<number[]>>();
function sharedFamily(fx: Fixture): Promise<number[]> {
  let ids = sharedFamilies.get(fx);
  if (ids === undefined) {
    ids = fresh.family(fx);
    sharedFamilies.set(fx, ids);
  }
  return ids;
}

/** An environment's structure as its export gives it to a CI job, and its address: a CI job's promotion's source. */
async function exportedEnvironment(fx: Fixture, appId: number): Promise<{ sourceAppSlug: string; bundle: unknown }> {
  const answer = await must(await fx.server.call('GET', `/get/exportApp/${appId}?users=false&data=false`, undefined, fx.tokens.admin), 'exportApp');
  const bundle = answer.data as { app: { appSlug: string } };
  return { sourceAppSlug: bundle.app.appSlug, bundle };
}

/** One extraction template the calls that only read or save it share (each fixture its own). */
const sharedPdfTemplates = new WeakMap<Fixture, Promise<number>>();
function sharedPdfTemplate(fx: Fixture): Promise<number> {
  let templateId = sharedPdfTemplates.get(fx);
  if (templateId === undefined) {
    templateId = fresh.pdfTemplate(fx);
    sharedPdfTemplates.set(fx, templateId);
  }
  return templateId;
}

/** A multipart body of one file, as a browser sends it. */
function multipartOf(file: Multipart): { payload: Buffer; contentType: string } {
  const boundary = `----matrix${randomBytes(6).toString('hex')}`;
  const head = [`--${boundary}`, `Content-Disposition: form-data; name="file"; filename="${file.filename}"`, `Content-Type: ${file.type}`, '', ''].join('\r\n');
  const payload = Buffer.concat([Buffer.from(head), Buffer.from(file.content), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Makes the call as the role, or with the bearer token given (a token for machines). */
async function make(fx: Fixture, call: AnyCall, input: Record<string, unknown> & { multipart?: Multipart }, role: Role, bearer?: string) {
  const search = Object.entries((input.query ?? {}) as Record<string, unknown>).map(([k, v]): [string, string] => [k, String(v)]);
  const query = search.length === 0 ? '' : `?${new URLSearchParams(search).toString()}`;
  const headers: Record<string, string> = Object.fromEntries(Object.entries((input.headers ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
  const token = bearer ?? tokenOf(fx, role);
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  const url = pathOf(call, input.params as Record<string, string | number> | undefined) + query;
  if (input.multipart !== undefined) {
    const { payload, contentType } = multipartOf(input.multipart);
    return fx.server.app.inject({ method: call.method, url, headers: { ...headers, 'content-type': contentType }, payload });
  }
  return fx.server.app.inject({ method: call.method, url, headers, ...(input.body === undefined ? {} : { payload: input.body as object }) });
}

function expected(level: AnyCall['access']['level'], role: Role): 'allowed' | 'signedIn' | 'success' | 401 | 403 {
  if (level === 'public') return 'allowed';
  if (role === 'anonymous') return 401;
  if (level === 'signedIn') return role === 'admin' || role === 'root' ? 'allowed' : 'signedIn';
  const rank: Record<Exclude<Role, 'anonymous'>, number> = { outsider: 0, member: 1, admin: 2, root: 3 };
  const needed = { member: 1, appAdmin: 2, superAdmin: 3 }[level];
  return rank[role] >= needed ? 'success' : 403;
}

/**
 * The fixture page's data, made by its administrator: the items table on the connection dbId, a
 * trigger, the page's widgets that use them (see matrix-page), and a print template.
 */
async function furnishPage(fx: Fixture): Promise<Pick<Fixture, 'items' | 'dbId' | 'triggerId' | 'templateName' | 'functionSlug'>> {
  const items = await createAppTable('sqlite', fx.server.app.services.config.dataDir, fx.appId, 'items', itemsTableSql);
  const db = await must(await fx.server.call('POST', '/save/saveDbConfig', { dbAppId: fx.appId, ...items.dbBody }, fx.tokens.admin), 'saveDbConfig');
  const dbId = (db.data as { dbId: number }).dbId;
  const trigger = await must(await make(fx, calls.saveTrigger, makers.saveTrigger(fx), 'admin'), 'saveTrigger');
  const triggerId = (trigger.data as { action: { actionId: number } }).action.actionId;
  const fn = await fresh.function(fx);
  // A dropdown whose options come from an API endpoint (issue 40), so that members may read them.
  const { endpointId } = await fresh.apiSource(fx);
  const choices = { ...createComponent('dropdown', 'choices', 'Choices'), apiEndpointId: endpointId, optionTextColumn: 'ok' };
  const components = [...matrixComponents(dbId, items.table, triggerId).map((c) => (c.id === 'items' ? { ...c, functionId: fn.id } : c)), choices];
  const pageComponents = JSON.stringify(components);
  await must(await fx.server.call('POST', '/save/saveApp', { appId: fx.appId, pages: [{ pageId: fx.pageId, pageComponents }] }, fx.tokens.admin), 'saveApp components');
  const templateName = 'matrix.docx';
  await fresh.template(fx, templateName);
  return { items, dbId, triggerId, templateName, functionSlug: fn.slug };
}

describe('the permission matrix, generated from the contracts', () => {
  let fx: Fixture;
  let appSlugs: Record<Exclude<Role, 'anonymous'>, string>;
  let jsonServer: Awaited<ReturnType<typeof startJsonServer>>;
  let smtpServer: TestSmtpServer;
  let oidc: TestOidcProvider;
  let gitServer: TestGitServer;
  /** The answers the served OpenAPI document says each call can give (issue 31): every one seen must be there. */
  let documented: (call: AnyCall) => string[];

  beforeAll(async () => {
    gitServer = await startGitServer();
    jsonServer = await startJsonServer();
    smtpServer = await startSmtpServer();
    oidc = await startOidcProvider({ redirectUris: ['http://localhost/auth/sso/callback'] });
    // testRequest calls the local JSON server: this operator lets administrators reach 127.0.0.1.
    const server = await buildTestServer('sqlite', { allowPrivateUrls: true });
    const [admin, member, outsider] = [freshUserId(), freshUserId(), freshUserId()];
    await server.register(admin, PASSWORD);
    await server.register(outsider, PASSWORD);
    const adminMain = await server.login(admin, PASSWORD, 'main');
    const created = (await must(await server.call('POST', '/save/saveApp', { appId: null, appName: unique('Matrix'), appOpenRegistration: true }, adminMain), 'saveApp')).data as { appId: number; appSlug: string };
    await server.register(member, PASSWORD, created.appId);
    const outsiderMain = await server.login(outsider, PASSWORD, 'main');
    const other = (await must(await server.call('POST', '/save/saveApp', { appId: null, appName: unique('Elsewhere') }, outsiderMain), 'saveApp')).data as { appSlug: string };
    const tokens = {
      outsider: await server.login(outsider, PASSWORD, other.appSlug),
      member: await server.login(member, PASSWORD, created.appSlug),
      admin: await server.login(admin, PASSWORD, created.appSlug),
      root: await server.login('admin', ADMIN_PASSWORD, '_root'),
    };
    appSlugs = { outsider: other.appSlug, member: created.appSlug, admin: created.appSlug, root: '_root' };
    const partial = { server, tokens, userIds: { outsider, member, admin, root: 'admin' }, appId: created.appId, appSlug: created.appSlug } as Fixture;
    const groups = (await must(await server.call('GET', `/auth/listgroup/${created.appId}`, undefined, tokens.admin), 'listgroup')).data as { groupId: number; groupSlug: string }[];
    const memberGroupId = groups.find((g) => g.groupSlug !== 'admin')?.groupId ?? 0;
    const saved = (await must(await server.call('POST', '/save/saveApp', { appId: created.appId, pages: [{ pageId: null, pageName: 'Matrix page' }] }, tokens.admin), 'saveApp pages')).data as { pages: { pageId: number; pageSlug: string }[] };
    const page = saved.pages[0] as { pageId: number; pageSlug: string };
    fx = { ...partial, memberGroupId, pageId: page.pageId, pageSlug: page.pageSlug, jsonUrl: jsonServer.url, smtpPort: smtpServer.port, oidc, gitServer };
    const menuId = await fresh.menu(fx);
    await must(await server.call('PUT', '/save/updateMenu', { menuId, menuAppId: created.appId, menuPageId: page.pageId }, tokens.admin), 'updateMenu');
    await must(await server.call('PUT', '/auth/updategroup', { groupId: memberGroupId, groupAppId: created.appId, groupAccess: { menuId: [menuId] } }, tokens.admin), 'grant');
    Object.assign(fx, await furnishPage(fx));
    const upload = await make(fx, calls.uploadFile, makers.uploadFile(fx), 'member');
    fx.fileId = ((await must(upload, 'upload')).data as { fileId: string }[])[0]?.fileId ?? '';
    const machineTokens: Partial<Fixture['machineTokens']> = {};
    for (const ability of TOKEN_ABILITY_NAMES) machineTokens[ability] = await fresh.apiToken(fx, [ability]);
    fx.machineTokens = machineTokens as Fixture['machineTokens'];
    const openApi = (await server.call('GET', '/openapi.json')).json() as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    documented = (call) => Object.keys(openApi.paths[call.path.replace(/:(\w+)/g, '{$1}')]?.[call.method.toLowerCase()]?.responses ?? {});
  });
  afterAll(async () => {
    await fx.server.close();
    await jsonServer.close();
    await smtpServer.close();
    await oidc.close();
    await gitServer.close();
  });

  it('has a way to make every call', () => {
    expect(Object.keys(makers).sort()).toEqual(Object.keys(calls).sort());
  });

  it('lists as changing nothing only calls other than GET', () => {
    for (const name of Object.keys(UNAUDITED_CALLS)) expect(calls[name as keyof typeof calls].method, name).not.toBe('GET');
  });

  /** The audit entries after `after`, of one action. */
  const entriesSince = async (after: number, action: string) => {
    await flushAudit(fx.server.store);
    return fx.server.store.selectFrom('auditLog').selectAll().where('auditId', '>', after).where('action', '=', action).execute();
  };
  const lastAuditId = async () => {
    await flushAudit(fx.server.store);
    return Number((await fx.server.store.selectFrom('auditLog').select((eb) => eb.fn.max('auditId').as('id')).executeTakeFirst())?.id ?? 0);
  };

  for (const [name, call] of Object.entries(calls) as [keyof typeof calls, AnyCall][]) {
    const audited = call.method === 'GET' ? AUDITED_READS.has(name) : UNAUDITED_CALLS[name] === undefined;
    it(`${name}: ${call.access.level}${audited ? ', audited' : ''}`, async () => {
      const maker = makers[name] as Maker<AnyCall>;
      // A refused call is refused before its input is read: the refused share one input, an opened one has its own.
      let refusedInput: Record<string, unknown> | undefined;
      for (const role of ROLES) {
        const want = expected(call.access.level, role);
        const input = typeof want === 'number' ? refusedInput ??= await maker(fx, 'member') as Record<string, unknown> : await maker(fx, role) as Record<string, unknown>;
        const before = await lastAuditId();
        const answer = await make(fx, call, input, role);
        // Every successful call that changes things (or exports) leaves an entry of its name, by
        // its caller; no call of a stranger's ever lands in the application's log.
        const entries = await entriesSince(before, name);
        if (audited && answer.statusCode < 300) {
          // A public call's actor is whoever it names (login) or none (register).
          const actors = entries.map((e) => e.actorId);
          if (call.access.level === 'public') expect(actors.length, `${name} by ${role} left no audit entry`).toBeGreaterThan(0);
          else expect(actors, `${name} by ${role} left no audit entry`).toContain(fx.userIds[role as Exclude<Role, 'anonymous'>]);
        }
        // A webhook acts in its application whoever calls it: the signature is the proof.
        const actsInTheApp = name === 'login' || name === 'register' || name === 'receiveHook';
        if (role === 'outsider' || role === 'anonymous') expect(entries.filter((e) => e.appId === fx.appId && !actsInTheApp), `${name} by ${role}`).toEqual([]);
        const got = answer.statusCode;
        const outcome = (got < 500 || got === 503) && (want === 'allowed' ? got !== 401 && got !== 403
          : want === 'signedIn' ? got !== 401
            : want === 'success' ? got < 300 : got === want);
        expect({ role, want, got, outcome, body: outcome ? '' : answer.body.slice(0, 200) }).toEqual({ role, want, got, outcome: true, body: '' });
        expect(documented(call), `${name} by ${role} answered ${got}, which the OpenAPI document does not list`).toContain(String(got));
        if (ENDS_SESSIONS.has(name)) await signInAgain(fx, appSlugs);
      }
      const refusedTokenInput = refusedInput ?? await maker(fx, 'member') as Record<string, unknown>;
      for (const ability of TOKEN_ABILITY_NAMES) {
        const token = fx.machineTokens[ability];
        const opened = (TOKEN_ABILITIES[ability] as readonly string[]).includes(name);
        // A public call ignores the token and is made: its input is its own too (a webhook's signature is good once).
        const input = opened || call.access.level === 'public' ? await maker(fx, 'member') as Record<string, unknown> : refusedTokenInput;
        const before = await lastAuditId();
        const answer = await make(fx, call, input, 'member', token.text);
        const got = answer.statusCode;
        const level = call.access.level;
        // importApp's input replaces a fresh application, not the token's own: refused as another
        // application's (test/bundle-files.test.ts deploys the token's own with it).
        // So do a CI job's promotion's, made into the fixture's environments (test/environments.test.ts promotes into the token's own).
        const anotherApp = name === 'importApp' || name === 'previewBundlePromotion' || name === 'promoteBundle';
        const want = level === 'public' ? 'allowed' : !opened || anotherApp ? 403 : level === 'member' ? 'success' : 'allowed';
        const outcome = (got < 500 || got === 503) && (want === 'allowed' ? got !== 401 && got !== 403 : want === 'success' ? got < 300 : got === want);
        expect({ ability, want, got, outcome, body: outcome ? '' : answer.body.slice(0, 200) }).toEqual({ ability, want, got, outcome: true, body: '' });
        expect(documented(call), `${name} by a token of ${ability} answered ${got}, which the OpenAPI document does not list`).toContain(String(got));
        // Each use of a token is in the application's log, by the token.
        if (opened && got < 300) {
          const entries = await entriesSince(before, callNameOf(call) ?? name);
          expect(entries.map((e) => [e.actorId, e.appId]), `${name} by a token of ${ability}`).toContainEqual([`token:${token.name}`, fx.appId]);
        }
      }
    });
  }
});
