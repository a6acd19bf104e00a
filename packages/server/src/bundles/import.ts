import { randomBytes, randomUUID } from 'node:crypto';
import {
  ADMIN_GROUP_SLUG, API_AUTH_WITH_SECRET, type ApiAuthSettings, type AppBundle, type BundleKindChange, type BundlePreview, type BundleTarget, type ImportBundleBody,
  type ImportedBundle, isBuiltInApp, type SecretsNeeded, isReservedSlug, MAX_PDF_EXTRACT_BYTES, MAX_TEMPLATE_BYTES, Messages, slugify,
} from '@rakit/core';
import { fileTypeFromBuffer } from 'file-type';
import { vetApiAddresses } from '../apis/sources';
import { hashPassword } from '../security/passwords';
import { Principal } from '../auth/principal';
import { reachableSettings } from '../datasources/reach';
import { testConnection } from '../datasources/registry';
import { inspectTemplate } from '../documents/docx-template';
import { badRequest, conflict, forbidden, HttpError, local, notFound } from '../errors/http-errors';
import { keepDeletedPage } from '../pages/history';
import type { PdfReader } from '../pdf-templates/extract';
import { templateWork } from '../print/templates';
import type { Store } from '../store/db';
import { insertReturningId } from '../store/insert';
import { insertApiEndpoint, insertApiSource, listApiSourceRows } from '../store/repositories/api-sources';
import { authOfRow, secretDestination } from '../apis/api-settings';
import { connectionKey } from './files';
import { deleteAppContents, findAppById, findAppBySlug, freeAppSlug, insertApp, isAppNameTaken } from '../store/repositories/apps';
import { addMember, deleteGroupCascade, grantMenuAccess, groupsOfUser, insertGroup, setGroupPageAndActionAccess } from '../store/repositories/groups';
import { storedNameText } from '../store/repositories/name-translations';
import { findUser, insertUser } from '../store/repositories/users';
import { buildWorkflow } from '../workflows/build';
import { type CheckedBundle, readBundle } from './read-bundle';
import { emptyMaps, type IdMaps, Remapper } from './remap';
import { discardStaging, placeSqlite, stageSqlite, type StagedSqlite } from './sqlite-data';
import { isEmbedded } from '../datasources/dialects';
import type { Services } from '../services';

/** What an import checked before its transaction: files read, connections tested, databases staged. */
interface Prepared {
  checked: CheckedBundle;
  passwords: Map<number, string>;
  /** The bundle's connections the super administrator vouches for (kept, or saved by him now). */
  vouched: Set<number>;
  /** The bundle's API id → the secret typed for it ('' for none). */
  apiSecrets: Map<number, string>;
  /** `fileId`: the id its stored file will have (random), which is also the template's. */
  printTemplates: { fileId: string; filename: string; options: string; identifier: string; content: Buffer }[];
  /** `sampleFileId`: the id its sample's stored file will have (random). */
  pdfTemplates: { id: number; sampleFileId: string; name: string; fields: string; pages: string; formFields: string; sample: Buffer }[];
  staged: Map<number, StagedSqlite>;
  stagingId: string;
}

const DOCX_MIMETYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Who may import where: a new application needs the right to create one; over one, its administrators (never main or _root). */
async function checkTarget(services: Services, caller: Principal, target: BundleTarget, withUsers: boolean, environmentCopy = false) {
  // A token deploys an application's structure; its members are its administrators' to bring.
  if (caller.machine !== null && withUsers) throw forbidden(Messages.forbidden);
  if (target.kind === 'new') {
    // An environment's copy is made by the administrators of the application it copies (environments/family.ts).
    if (!caller.mayCreateApps && !environmentCopy) throw forbidden(Messages.forbidden);
    if (await isAppNameTaken(services.store, target.appName)) throw conflict(Messages.appDuplicate);
    if (target.appSlug !== undefined && target.appSlug !== '') {
      if (slugify(target.appSlug) !== target.appSlug || isReservedSlug(target.appSlug)) throw badRequest(local('appSlugInvalid', { slug: target.appSlug }));
      if ((await findAppBySlug(services.store, target.appSlug)) !== undefined) throw conflict(local('appSlugTaken', { slug: target.appSlug }));
    }
    return undefined;
  }
  caller.assertAppAdmin(target.appId);
  const existing = await findAppById(services.store, target.appId);
  if (existing === undefined) throw notFound(Messages.appNotFound);
  if (isBuiltInApp(existing.appSlug)) throw badRequest(local('bundleBuiltInApp'));
  return existing;
}

const connectionName = (c: { dbType: string; dbHost: string; dbDatabase: string }) => [c.dbType, c.dbHost, c.dbDatabase].filter((part) => part !== '').join(' ');

/** Each kind of the preview: the names a person recognises its entities by, in an application and in a bundle. */
const KINDS: { kind: string; stored: (store: Store, appId: number) => Promise<string[]>; inBundle: (bundle: AppBundle) => string[]; kept?: string }[] = [
  {
    kind: 'pages', inBundle: (b) => b.pages.map((p) => p.pageSlug),
    stored: async (store, appId) => (await store.selectFrom('pages').select('pageSlug').where('pageAppId', '=', appId).execute()).map((r) => r.pageSlug),
  },
  {
    kind: 'menus', inBundle: (b) => b.menus.map((m) => m.menuName),
    stored: async (store, appId) => (await store.selectFrom('menus').select('menuName').where('menuAppId', '=', appId).execute()).map((r) => r.menuName),
  },
  {
    kind: 'groups', inBundle: (b) => b.groups.map((g) => g.groupSlug),
    stored: async (store, appId) => (await store.selectFrom('userGroups').select('groupSlug').where('groupAppId', '=', String(appId)).execute()).map((r) => r.groupSlug),
    // The administrators' group always stays.
    kept: ADMIN_GROUP_SLUG,
  },
  {
    kind: 'connections', inBundle: (b) => b.connections.map(connectionName),
    stored: async (store, appId) => (await store.selectFrom('dbConfigs').selectAll().where('dbAppId', '=', appId).execute()).map(connectionName),
  },
  {
    kind: 'apis', inBundle: (b) => b.apis.map((a) => a.name),
    stored: async (store, appId) => (await store.selectFrom('apiSources').select('sourceName').where('appId', '=', appId).execute()).map((r) => r.sourceName),
  },
  {
    kind: 'queries', inBundle: (b) => b.queries.map((q) => q.name),
    stored: async (store, appId) => (await store.selectFrom('queries').innerJoin('dbConfigs', 'dbConfigs.dbId', 'queries.actionDbId').select('actionName').where('dbAppId', '=', appId).execute()).map((r) => r.actionName),
  },
  {
    kind: 'functions', inBundle: (b) => b.functions.map((f) => f.name),
    stored: async (store, appId) => (await store.selectFrom('functions').select('name').where('appId', '=', appId).execute()).map((r) => r.name),
  },
  {
    kind: 'triggers', inBundle: (b) => b.triggers.map((t) => t.name),
    stored: async (store, appId) => (await store.selectFrom('triggers').select('triggerName').where('triggerAppId', '=', appId).execute()).map((r) => r.triggerName),
  },
  {
    kind: 'workflows', inBundle: (b) => b.workflows.map((w) => w.name),
    stored: async (store, appId) => (await store.selectFrom('chains').select('chainName').where('chainAppId', '=', appId).execute()).map((r) => r.chainName),
  },
  {
    kind: 'printTemplates', inBundle: (b) => b.printTemplates.map((t) => t.filename),
    stored: async (store, appId) => (await store.selectFrom('printTemplates').select('templateFilename').where('templateAppId', '=', appId).execute()).map((r) => r.templateFilename),
  },
  {
    kind: 'pdfTemplates', inBundle: (b) => b.pdfTemplates.map((t) => t.name),
    stored: async (store, appId) => (await store.selectFrom('pdfTemplates').select('templateName').where('templateAppId', '=', appId).execute()).map((r) => r.templateName),
  },
];

/** Per kind, what the bundle adds, changes (present in both: replaced by the bundle's) and removes. */
async function changesOf(store: Store, bundle: AppBundle, appId: number | undefined): Promise<BundleKindChange[]> {
  const changes: BundleKindChange[] = [];
  for (const { kind, stored, inBundle, kept } of KINDS) {
    const names = inBundle(bundle);
    const before = appId === undefined ? [] : await stored(store, appId);
    const had = new Set(before);
    const coming = new Set(names);
    changes.push({ kind, added: names.filter((n) => !had.has(n)), changed: names.filter((n) => had.has(n)), removed: before.filter((n) => !coming.has(n) && n !== kept) });
  }
  return changes;
}

/** An API by its name and where its secret goes (api-settings.ts): an import keeps a secret only for the same. */
const apiKey = (a: { name: string; baseUrl: string; auth: ApiAuthSettings }) => `${a.name}|${secretDestination(a.baseUrl, a.auth)}`;

/**
 * Over an existing application, the passwords of its connections and the secrets of its APIs,
 * by what each is (a connection's type, host, port, database and user; an API's name and where its
 * secret goes, so a secret never goes anywhere new): a bundle naming the very same one keeps it when the importer types none, so
 * the application's own files imported again (issue 39) need no secret typed. A connection to
 * anything else needs its own, as before. The caller administers the application (checkTarget).
 */
interface Kept {
  passwords: Map<string, string>;
  apiSecrets: Map<string, string>;
  /** Connections the super administrator vouched for (a private host): the very same stays vouched for. */
  vouched: Set<string>;
}

async function keptSecrets(services: Services, appId: number): Promise<Kept> {
  const open = (sealed: string) => {
    try {
      return sealed === '' ? '' : services.secretBox.open(sealed);
    } catch {
      return ''; // sealed under a key this server no longer has: typed again, as a new one
    }
  };
  const connections = await services.store.selectFrom('dbConfigs').selectAll().where('dbAppId', '=', appId).execute();
  const apis = await listApiSourceRows(services.store, appId);
  return {
    passwords: new Map(connections.map((c) => [connectionKey(c), open(c.dbPasswordEnc)])),
    apiSecrets: new Map(apis.map((a) => [apiKey({ name: a.sourceName, baseUrl: a.baseUrl, auth: authOfRow(a) }), open(a.secretEnc)])),
    vouched: new Set(connections.filter((c) => c.dbVouched === 1).map(connectionKey)),
  };
}

/**
 * Which of the bundle's connections need a password typed and which of its APIs a secret: those
 * the application (an import over it, a pull into it) does not hold for the very same
 * destination (keptSecrets). The caller administers the application.
 */
export async function secretsNeeded(services: Services, bundle: AppBundle, appId: number | undefined): Promise<SecretsNeeded> {
  const kept = appId === undefined ? undefined : await keptSecrets(services, appId);
  return {
    connections: bundle.connections.map((c) => ({
      id: c.id, dbType: c.dbType, dbHost: c.dbHost, dbPort: c.dbPort, dbUser: c.dbUser, dbDatabase: c.dbDatabase,
      // One the application has, with its password, keeps it.
      needsPassword: !isEmbedded(c.dbType) && (kept?.passwords.get(connectionKey(c)) ?? '') === '',
    })),
    apis: bundle.apis.map((a) => ({
      id: a.id, name: a.name, baseUrl: a.baseUrl,
      needsSecret: API_AUTH_WITH_SECRET.includes(a.auth.kind) && (kept?.apiSecrets.get(apiKey(a)) ?? '') === '',
    })),
  };
}

/** What importing would do; writes nothing. */
export async function previewImport(services: Services, caller: Principal, body: ImportBundleBody): Promise<BundlePreview> {
  const existing = await checkTarget(services, caller, body.target, body.withUsers);
  const { bundle } = readBundle(body.bundle);
  return {
    appName: body.target.kind === 'new' ? body.target.appName : existing?.appName ?? '',
    formatVersion: bundle.formatVersion,
    exportedAt: bundle.exportedAt,
    changes: await changesOf(services.store, bundle, existing?.appId),
    ...await secretsNeeded(services, bundle, existing?.appId),
    users: bundle.users?.length ?? 0,
  };
}

/** Reads the files, tests the connections and stages the SQLite databases: everything that may fail before a row is written. */
async function prepare(services: Services, reader: PdfReader, caller: Principal, body: ImportBundleBody, copyOf: number | undefined): Promise<Prepared> {
  const checked = readBundle(body.bundle);
  const { bundle } = checked;
  const keptFrom = body.target.kind === 'replace' ? body.target.appId : copyOf;
  const kept: Kept = keptFrom === undefined ? { passwords: new Map(), apiSecrets: new Map(), vouched: new Set() } : await keptSecrets(services, keptFrom);
  const passwords = new Map<number, string>();
  const vouched = new Set<number>();
  for (const connection of bundle.connections) {
    if (isEmbedded(connection.dbType)) continue;
    const password = body.passwords[String(connection.id)] || kept.passwords.get(connectionKey(connection)) || '';
    passwords.set(connection.id, password);
    if (caller.isSuperAdmin || kept.vouched.has(connectionKey(connection))) vouched.add(connection.id);
    const settings = { ...connection, dbAppId: 0, dbPassword: password };
    try {
      // As a connection saved by hand: a private host needs the operator (ARCHITECTURE.md §2), who vouched for it already or saves it now.
      await testConnection(await reachableSettings(settings, services.config, vouched.has(connection.id)), services.config.dataDir);
    } catch (error) {
      throw new HttpError(400, Messages.incorrectConfig, [`Connection ${connection.dbType} ${connection.dbHost}/${connection.dbDatabase}: ${(error as Error).message}`]);
    }
  }
  const apiSecrets = new Map<number, string>();
  for (const api of bundle.apis) {
    // As an API saved by hand: its addresses under the outbound rules, a way of signing in that needs a secret given one.
    await vetApiAddresses(services.config, api);
    const secret = body.apiSecrets[String(api.id)] || kept.apiSecrets.get(apiKey(api)) || '';
    if (secret === '' && API_AUTH_WITH_SECRET.includes(api.auth.kind)) throw badRequest(local('bundleApiSecretMissing', { name: api.name }));
    apiSecrets.set(api.id, secret);
  }
  const printTemplates: Prepared['printTemplates'] = [];
  for (const template of bundle.printTemplates) {
    const content = Buffer.from(template.content, 'base64');
    // The limits of an upload by hand.
    if (content.length > MAX_TEMPLATE_BYTES) throw badRequest(local('bundlePrintTemplateTooLarge', { name: template.filename, max: String(MAX_TEMPLATE_BYTES) }));
    if (!/\.docx$/i.test(template.filename) || (await fileTypeFromBuffer(content))?.mime !== DOCX_MIMETYPE) throw badRequest(local('bundlePrintTemplateNotDocx', { name: template.filename }));
    let identifier;
    try {
      identifier = templateWork(() => inspectTemplate(content));
    } catch (error) {
      if (error instanceof HttpError) throw badRequest(local('bundlePrintTemplateProblem', { name: template.filename, detail: error.message }));
      throw error;
    }
    printTemplates.push({ fileId: randomUUID(), filename: template.filename, options: JSON.stringify(template.options), identifier: JSON.stringify(identifier), content });
  }
  const pdfTemplates: Prepared['pdfTemplates'] = [];
  for (const template of bundle.pdfTemplates) {
    const sample = Buffer.from(template.sample, 'base64');
    if (sample.length >= MAX_PDF_EXTRACT_BYTES) throw badRequest(local('bundlePdfTooLarge', { name: template.name }));
    const inspection = await reader.inspect(sample).catch((error: unknown) => { throw badRequest(local('bundlePdfProblem', { name: template.name, detail: (error as Error).message })); });
    pdfTemplates.push({
      id: template.id, sampleFileId: randomUUID(), name: template.name, fields: JSON.stringify(template.fields), pages: JSON.stringify(inspection.pages), formFields: JSON.stringify(inspection.formFields), sample,
    });
  }
  const stagingId = randomUUID();
  const staged = new Map<number, StagedSqlite>();
  try {
    for (const connection of bundle.connections) {
      if (isEmbedded(connection.dbType)) staged.set(connection.id, await stageSqlite(services.config.dataDir, stagingId, connection.dbDatabase, connection.sqliteTables ?? []));
    }
  } catch (error) {
    await discardStaging(services.config.dataDir, stagingId);
    throw error;
  }
  return { checked, passwords, vouched, apiSecrets, printTemplates, pdfTemplates, staged, stagingId };
}

/** Groups of the target: the bundle's, matched by slug to those there are (their members stay); the administrators' group always. */
async function writeGroups(trx: Store, appId: number, bundle: AppBundle, remap: Remapper, menuMap: Map<number, number>): Promise<void> {
  const appKey = String(appId);
  const existing = await trx.selectFrom('userGroups').selectAll().where('groupAppId', '=', appKey).execute();
  const bySlug = new Map(existing.map((g) => [g.groupSlug, g]));
  const incoming = new Set(bundle.groups.map((g) => g.groupSlug));
  for (const group of existing) {
    if (!incoming.has(group.groupSlug) && group.groupSlug !== ADMIN_GROUP_SLUG) await deleteGroupCascade(trx, group.groupId);
  }
  for (const group of bundle.groups) {
    const where = `Group ${group.groupName}`;
    const found = bySlug.get(group.groupSlug);
    const groupId = found?.groupId ?? await insertGroup(trx, { groupName: group.groupName, groupAppId: appKey, groupSlug: group.groupSlug });
    await trx.updateTable('userGroups').set({ groupName: group.groupName, groupIsDefault: group.isDefault ? 1 : 0 }).where('groupId', '=', groupId).execute();
    await setGroupPageAndActionAccess(trx, groupId, { pageId: remap.refs('page', group.pageIds, where), actionId: remap.refs('query', group.queryIds, where) });
    const menus = group.menuIds.map((id) => menuMap.get(id)).filter((id): id is number => id !== undefined);
    if (menus.length > 0) await grantMenuAccess(trx, groupId, menus);
  }
  if (!bundle.groups.some((g) => g.groupSlug === ADMIN_GROUP_SLUG) && !bySlug.has(ADMIN_GROUP_SLUG)) {
    await insertGroup(trx, { groupName: 'Admin', groupAppId: appKey, groupSlug: ADMIN_GROUP_SLUG });
  }
}

/** Writes the bundle into the application (emptied of its contents when replaced), remapping every id. */
async function writeBundle(trx: Store, services: Services, appId: number, prepared: Prepared): Promise<{ maps: IdMaps; workflowIds: Map<number, number> }> {
  const { bundle, components } = prepared.checked;
  const maps = emptyMaps();
  const remap = new Remapper(maps, 'refuse');
  for (const connection of bundle.connections) {
    const password = prepared.passwords.get(connection.id) ?? '';
    maps.connection.set(connection.id, await insertReturningId(trx, 'dbConfigs', {
      dbAppId: appId, dbType: connection.dbType, dbHost: connection.dbHost, dbPort: connection.dbPort, dbUser: connection.dbUser,
      dbPasswordEnc: password === '' ? '' : services.secretBox.seal(password), dbDatabase: connection.dbDatabase, dbVouched: prepared.vouched.has(connection.id) ? 1 : 0,
      dbLink: connection.link ?? null, dbTimeLimit: connection.dbTimeLimit ?? null,
    }, 'dbId'));
  }
  const now = new Date().toISOString();
  for (const page of bundle.pages) {
    maps.page.set(page.id, await insertReturningId(trx, 'pages', {
      pageAppId: appId, pageName: page.pageName, pageSlug: page.pageSlug, pageComponents: '[]', updatedAt: now, nameTranslations: storedNameText(page.nameTranslations ?? {}),
    }, 'pageId'));
  }
  for (const query of bundle.queries) {
    maps.query.set(query.id, await insertReturningId(trx, 'queries', {
      actionSlug: query.slug, actionDbId: Number(remap.ref('connection', query.dbId, `Stored query ${query.name}`, 0)),
      actionPageId: query.pageId === 0 ? 0 : Number(remap.ref('page', query.pageId, `Stored query ${query.name}`, 0)),
      actionName: query.name, actionSqlQuery: query.sql, actionFormat: query.format,
    }, 'actionId'));
  }
  for (const fn of bundle.functions) {
    const slug = await freeFunctionSlugFor(trx, fn.slug === '' ? fn.name : fn.slug);
    maps.function.set(fn.id, await insertReturningId(trx, 'functions', { appId, slug, name: fn.name, parameter: JSON.stringify(fn.parameter), content: fn.content }, 'id'));
    if (fn.slug !== '') maps.functionSlug.set(fn.slug, slug);
  }
  for (const trigger of bundle.triggers) {
    maps.trigger.set(trigger.id, await insertReturningId(trx, 'triggers', { triggerAppId: appId, triggerName: trigger.name, triggerParams: JSON.stringify(trigger.params), createdAt: now, updatedAt: now }, 'triggerId'));
  }
  for (const template of prepared.pdfTemplates) {
    const id = await insertReturningId(trx, 'pdfTemplates', {
      templateAppId: appId, templateName: template.name, fields: template.fields, pages: template.pages, formFields: template.formFields,
      sampleSize: template.sample.length, createdBy: 'import', updatedAt: now, sampleFileId: template.sampleFileId,
    }, 'templateId');
    maps.pdfTemplate.set(template.id, id);
  }
  for (const api of bundle.apis) {
    const secret = prepared.apiSecrets.get(api.id) ?? '';
    const sourceId = await insertApiSource(trx, {
      appId, sourceName: api.name, baseUrl: api.baseUrl, authSettings: JSON.stringify(api.auth), secretEnc: secret === '' ? '' : services.secretBox.seal(secret),
      headers: JSON.stringify(api.headers), timeLimitS: api.timeLimitS, maxKb: api.maxKb,
    });
    for (const { id, name, ...definition } of api.endpoints) {
      maps.apiEndpoint.set(id, await insertApiEndpoint(trx, { sourceId, endpointName: name, definition: JSON.stringify(definition) }));
    }
  }
  for (const page of bundle.pages) {
    const pageComponents = remap.components(structuredClone(components.get(page.id) ?? []), page.pageName);
    await trx.updateTable('pages').set({ pageComponents: JSON.stringify(pageComponents) }).where('pageId', '=', maps.page.get(page.id) ?? 0).execute();
  }
  const menuMap = new Map<number, number>();
  // Parents first: a sub-menu names its parent's new id.
  for (const menu of [...bundle.menus].sort((a, b) => Number(a.parentId !== 0) - Number(b.parentId !== 0))) {
    menuMap.set(menu.id, await insertReturningId(trx, 'menus', {
      menuAppId: appId, menuName: menu.menuName, menuPageId: menu.pageId === 0 ? 0 : Number(remap.ref('page', menu.pageId, `Menu ${menu.menuName}`, 0)),
      menuParentMenuId: menu.parentId === 0 ? 0 : menuMap.get(menu.parentId) ?? 0, menuOrder: menu.order, nameTranslations: storedNameText(menu.nameTranslations ?? {}),
    }, 'menuId'));
  }
  await writeGroups(trx, appId, bundle, remap, menuMap);
  const workflowIds = new Map<number, number>();
  for (const workflow of bundle.workflows) {
    const chainId = await insertReturningId(trx, 'chains', {
      chainAppId: appId, chainName: workflow.name,
      chainTrigger: workflow.triggerId === null ? '' : String(remap.ref('trigger', workflow.triggerId, `Workflow ${workflow.name}`, '')),
    }, 'chainId');
    const actionMap = new Map<number, number>();
    for (const action of workflow.actions) {
      actionMap.set(action.id, await insertReturningId(trx, 'chainActions', {
        actionChainId: chainId, actionAlias: action.alias, actionName: action.name, addonName: action.addonName, actionScript: action.script,
        actionParams: JSON.stringify(remap.workflowParams(action.addonName, action.params, `Workflow ${workflow.name}, action ${action.alias}`)),
        cardX: action.x, cardY: action.y,
      }, 'actionId'));
    }
    if (workflow.triggerActionId !== null) {
      await trx.updateTable('chains').set({ chainTriggerActionId: actionMap.get(workflow.triggerActionId) ?? 0 }).where('chainId', '=', chainId).execute();
    }
    const edges = workflow.edges.map((e) => ({ workflowId: chainId, fromActionId: actionMap.get(e.from) ?? 0, toActionId: actionMap.get(e.to) ?? 0, branch: e.branch }));
    for (let i = 0; i < edges.length; i += 200) await trx.insertInto('flowEdges').values(edges.slice(i, i + 200)).execute();
    if (workflow.published) workflowIds.set(workflow.id, chainId);
  }
  for (const template of prepared.printTemplates) {
    await trx.insertInto('printTemplates').values({
      templateId: template.fileId, templateAppId: appId, templateFilename: template.filename, identifier: template.identifier, options: template.options,
      fileSize: template.content.length, uploadedBy: 'import', createdAt: now,
    }).execute();
  }
  return { maps, workflowIds };
}

/** A function slug no function uses (slugs are unique across applications). */
async function freeFunctionSlugFor(trx: Store, wanted: string): Promise<string> {
  const base = slugify(wanted);
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if ((await trx.selectFrom('functions').select('id').where('slug', '=', candidate).executeTakeFirst()) === undefined) return candidate;
  }
}

/**
 * The bundle's users (ids only): an account that does not exist is created in the application
 * without a usable password (its administrators set one); an existing account joins the
 * bundle's groups only where the caller could add him by hand.
 */
async function writeUsers(trx: Store, caller: Principal, appId: number, bundle: AppBundle, groupSlugToId: Map<string, number>, unusableHash: string): Promise<number> {
  let added = 0;
  const created = new Set<string>();
  for (const group of bundle.groups) {
    const groupId = groupSlugToId.get(group.groupSlug);
    if (groupId === undefined) continue;
    for (const userId of group.members ?? []) {
      // An account this import made is of this application: it joins each of the bundle's groups it is listed in.
      if (!created.has(userId)) {
        const account = await findUser(trx, userId);
        if (account === undefined) {
          await insertUser(trx, userId, unusableHash, appId);
          created.add(userId);
        } else if (!caller.mayAddMember(appId, { user: account, groups: await groupsOfUser(trx, userId) })) {
          continue;
        }
      }
      if ((await trx.selectFrom('groupMembers').select('userId').where('groupId', '=', groupId).where('userId', '=', userId).executeTakeFirst()) === undefined) {
        await addMember(trx, groupId, userId);
        added++;
      }
    }
  }
  return added;
}

/**
 * Imports a bundle as a new application or over an existing one. Everything that can be
 * refused is checked first; the rows are written in one store transaction, so a refused bundle
 * writes nothing; files and SQLite databases are placed once it commits. Workflows that were
 * published are built again with the same checks as Build.
 */
export async function importBundle(
  services: Services, reader: PdfReader, caller: Principal, body: ImportBundleBody, options: { copyOf?: number } = {},
): Promise<ImportedBundle & { created: boolean }> {
  const existing = await checkTarget(services, caller, body.target, body.withUsers, options.copyOf !== undefined);
  const prepared = await prepare(services, reader, caller, body, options.copyOf);
  const { bundle } = prepared.checked;
  const withUsers = body.withUsers && bundle.users !== undefined;
  // The accounts the import may create get the hash of a random password nobody is told (their
  // administrators set one): hashed once, before the transaction, whatever the number of users.
  const unusableHash = withUsers ? await hashPassword(randomBytes(24).toString('base64url')) : '';
  const target = body.target;
  let oldFiles: { print: string[]; pdf: string[]; dbIds: number[] } = { print: [], pdf: [], dbIds: [] };
  let written;
  try {
    written = await services.store.transaction().execute(async (trx) => {
      let appId: number;
      let appSlug: string;
      if (target.kind === 'new') {
        if (await isAppNameTaken(trx, target.appName)) throw conflict(Messages.appDuplicate);
        const wanted = target.appSlug === undefined || target.appSlug === '' ? undefined : target.appSlug;
        if (wanted !== undefined && (await findAppBySlug(trx, wanted)) !== undefined) throw conflict(local('appSlugTaken', { slug: wanted }));
        appSlug = wanted ?? await freeAppSlug(trx, target.appName);
        appId = await insertApp(trx, {
          appName: target.appName, appDescription: bundle.app.appDescription, appSlug, appOpenRegistration: bundle.app.appOpenRegistration,
          appLanguage: bundle.app.appLanguage, appTimeZone: bundle.app.appTimeZone,
        });
      } else {
        appId = target.appId;
        appSlug = existing?.appSlug ?? '';
        oldFiles = {
          print: (await trx.selectFrom('printTemplates').select('templateId').where('templateAppId', '=', appId).execute()).map((r) => r.templateId),
          pdf: (await trx.selectFrom('pdfTemplates').select('sampleFileId').where('templateAppId', '=', appId).execute()).flatMap((r) => r.sampleFileId ?? []),
          dbIds: (await trx.selectFrom('dbConfigs').select('dbId').where('dbAppId', '=', appId).execute()).map((r) => r.dbId),
        };
        // The replaced pages stay in the page history, undeletable until its retention ends.
        const saver = { authorId: caller.userId, policy: services.pageHistory };
        for (const page of await trx.selectFrom('pages').selectAll().where('pageAppId', '=', appId).execute()) {
          await keepDeletedPage(trx, page, saver, { key: 'editor.history.summary.replacedByImport' });
        }
        await deleteAppContents(trx, appId);
        // Menus are gone: so is every group's access to them (writeGroups grants the bundle's).
        await trx.deleteFrom('groupMenuAccess').where('groupId', 'in', trx.selectFrom('userGroups').select('groupId').where('groupAppId', '=', String(appId))).execute();
        await trx.updateTable('apps').set({
          appDescription: bundle.app.appDescription, appOpenRegistration: bundle.app.appOpenRegistration ? 1 : 0,
          appLanguage: bundle.app.appLanguage, appTimeZone: bundle.app.appTimeZone,
        }).where('appId', '=', appId).execute();
      }
      const result = await writeBundle(trx, services, appId, prepared);
      const groups = await trx.selectFrom('userGroups').select(['groupId', 'groupSlug']).where('groupAppId', '=', String(appId)).execute();
      const groupSlugToId = new Map(groups.map((g) => [g.groupSlug, g.groupId]));
      const adminGroupId = groupSlugToId.get(ADMIN_GROUP_SLUG);
      if (target.kind === 'new' && !caller.isSuperAdmin && adminGroupId !== undefined) await addMember(trx, adminGroupId, caller.userId);
      const members = withUsers ? await writeUsers(trx, caller, appId, bundle, groupSlugToId, unusableHash) : 0;
      return { appId, appSlug, members, ...result };
    });
  } catch (error) {
    await discardStaging(services.config.dataDir, prepared.stagingId);
    throw error;
  }
  await placeFiles(services, written.appId, prepared);
  await discardStaging(services.config.dataDir, prepared.stagingId);
  for (const dbId of oldFiles.dbIds) await services.dataSources.invalidate(dbId);
  for (const id of [...oldFiles.print, ...oldFiles.pdf]) await services.files.delete(written.appId, id);

  // Published workflows are built again here, by the caller as administrator of the application he now holds.
  // A token that deploys the application builds as itself (it has no groups to read again).
  const principal = caller.machine !== null ? caller : new Principal(caller.userId, caller.tokenAppSlug, await groupsOfUser(services.store, caller.userId));
  // Still the import's call: the builds' audit entries are the caller's.
  principal.audit = caller.audit;
  const unpublished: ImportedBundle['unpublished'] = [];
  for (const workflow of bundle.workflows) {
    const chainId = written.workflowIds.get(workflow.id);
    if (chainId === undefined) continue;
    // The application is written by now: a build that cannot run is reported, not answered as the import's failure.
    const problems = await buildWorkflow(services, principal, chainId).then(
      (build) => build.problems.map((p) => p.message),
      (error: unknown) => [error instanceof HttpError ? error.message : 'The workflow could not be built'],
    );
    if (problems.length > 0) unpublished.push({ name: workflow.name, problems });
  }
  return {
    created: target.kind === 'new',
    appId: written.appId,
    appSlug: written.appSlug,
    counts: {
      connections: bundle.connections.length, pages: bundle.pages.length, menus: bundle.menus.length, groups: bundle.groups.length,
      queries: bundle.queries.length, functions: bundle.functions.length, triggers: bundle.triggers.length, workflows: bundle.workflows.length,
      printTemplates: bundle.printTemplates.length, pdfTemplates: bundle.pdfTemplates.length, apis: bundle.apis.length, members: written.members,
    },
    unpublished,
  };
}

/**
 * The template files and SQLite databases of an application the import has committed, under
 * the ids its rows were given. A file that fails to store leaves its template answering 404
 * with the reason (as a file gone would), and the import's caller gets the error.
 */
async function placeFiles(services: Services, appId: number, prepared: Prepared): Promise<void> {
  for (const staged of prepared.staged.values()) await placeSqlite(services.config.dataDir, appId, staged);
  for (const template of prepared.printTemplates) {
    await services.files.put(template.content, { id: template.fileId, appId, kind: 'print-template', name: template.filename, contentType: DOCX_MIMETYPE });
  }
  for (const template of prepared.pdfTemplates) {
    await services.files.put(template.sample, { id: template.sampleFileId, appId, kind: 'pdf-sample', name: `${template.name}.pdf`, contentType: 'application/pdf' });
  }
}
