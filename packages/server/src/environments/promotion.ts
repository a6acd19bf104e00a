import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import {
  ApiAuthSettingsSchema, type AppBundle, AppBundleSchema, type BundleConnection, type BundlePromoteBody, type BundlePromotionBody, type FileChange, type PromoteBody,
  type PromotionBody, type PromotionPreview, type TypedSecrets, variableNamesIn,
} from '@rakit/core';
import { z } from 'zod';
import type { Principal } from '../auth/principal';
import { changesBetween } from '../bundles/changes';
import { bundleToFiles } from '../bundles/files';
import { importBundle, secretsNeeded } from '../bundles/import';
import { readBundle } from '../bundles/read-bundle';
import { type Files, sameFile } from '../bundles/merge';
import { badRequest, conflict, HttpError, local } from '../errors/http-errors';
import type { PdfReader } from '../pdf-templates/extract';
import { type AppEnvironmentRow, findEnvironment, leaseEnvironment, recordPromotion, releaseEnvironment } from '../store/repositories/app-environments';
import { findAppBySlug } from '../store/repositories/apps';
import { insertVariable, listVariableRows, removeVariables } from '../store/repositories/app-variables';
import { storedValue } from '../variables/variables';
import { structureOf } from './family';
import { isEmbedded } from '../datasources/dialects';
import type { Services } from '../services';

/*
 * A promotion (issue 39): one environment's structure carried to another of its family, shown
 * first as a readable diff (bundles/changes.ts), applied as an import over the target in one
 * transaction (page history kept), undoable in one step. What is the target's own stays its own:
 * its connections' host, port, database, user and password (matched by their link), its APIs'
 * addresses, ways of signing in and secrets (matched by name), its members and its data, and its
 * name, address and settings. A target changed since its last promotion is refused, with what
 * changed there, so a fix made in Production is never overwritten unseen.
 */

/** How long a promotion may hold its target (a dead replica's lease runs out). */
const LEASE_MS = 5 * 60_000;

const asFiles = (bundle: AppBundle): Files => new Map(bundleToFiles(bundle).map((file) => [file.path, file.content]));

/**
 * What of an environment a promotion carries, as files: its own parts left out, so that changing
 * them (renaming the application, pointing a connection at another server, giving an API a new
 * secret) never stands in a promotion's way. A connection is known by its link, whatever its
 * host, so references to it read the same.
 */
function promotedPart(bundle: AppBundle): Files {
  return asFiles({
    ...bundle,
    app: { ...bundle.app, appName: '', appSlug: '', appDescription: '', appOpenRegistration: false },
    connections: bundle.connections.map((c) => ({
      id: c.id, dbType: c.dbType, dbHost: '', dbPort: 0, dbUser: '', dbDatabase: c.link ?? c.dbDatabase, hadPassword: false, ...(c.link === undefined ? {} : { link: c.link }),
    })),
    apis: bundle.apis.map((a) => ({ ...a, baseUrl: '-', auth: ApiAuthSettingsSchema.parse({}), headers: [], hadSecret: false })),
  });
}

/** What the target changed since its last promotion (or its making), in what a promotion carries. */
const changedSince = (base: string, now: AppBundle) => changesBetween(promotedPart(storedBundle(base)), promotedPart(now));

const parsedJson = (content: Buffer | undefined): Record<string, unknown> | undefined => {
  if (content === undefined) return undefined;
  try {
    return JSON.parse(content.toString('utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
};
const componentById = (page: Record<string, unknown> | undefined, id: string): unknown =>
  (Array.isArray(page?.pageComponents) ? (page.pageComponents as { id?: unknown }[]) : []).find((c) => String(c.id) === id);

/**
 * The target's changes since its last promotion that the promotion would undo: a change the
 * source holds as well (a fix made in Production and made the same in Development) is not in the
 * way. A page is judged component by component and field by field, anything else as a whole file.
 */
function overwrittenBy(promoted: AppBundle, base: string, now: AppBundle): FileChange[] {
  const [after, current] = [promotedPart(promoted), promotedPart(now)];
  const kept = (path: string) => sameFile(after.get(path), current.get(path));
  return changedSince(base, now).flatMap((change) => {
    if (change.thing !== 'page' || change.status !== 'changed') return kept(change.path) ? [] : [change];
    const [was, is] = [parsedJson(after.get(change.path)), parsedJson(current.get(change.path))];
    const components = change.components.filter((c) => !isDeepStrictEqual(componentById(was, c.id), componentById(is, c.id)));
    const fields = change.fields.filter((f) => !isDeepStrictEqual(was?.[f.property], is?.[f.property]));
    return components.length === 0 && fields.length === 0 ? [] : [{ ...change, components, fields }];
  });
}

/** A fingerprint of an application's files: a preview's, sent back, tells whether the target moved since. */
function stateOf(files: Files): string {
  const hash = createHash('sha256');
  for (const path of [...files.keys()].sort()) hash.update(path).update('\0').update(files.get(path) as Buffer).update('\0');
  return hash.digest('hex');
}

/** A stored structure (base or undo), read back as a bundle. */
function storedBundle(json: string): AppBundle {
  return AppBundleSchema.parse(JSON.parse(json));
}

/** What an undo puts back: the structure, and the target's secrets as they were, still sealed as the store keeps them. */
const UndoSchema = z.object({ bundle: z.unknown(), passwords: z.record(z.string(), z.string()), apiSecrets: z.record(z.string(), z.string()) });

/** A connection's link in the source: its own, or one named by its id until the promotion gives it one. */
const linkOf = (connection: BundleConnection): string => connection.link ?? `db${connection.id}`;

interface Plan {
  source: AppEnvironmentRow;
  target: AppEnvironmentRow;
  /** The target's structure now (what an undo puts back), and as files. */
  targetBundle: AppBundle;
  targetFiles: Files;
  /** The structure the promotion would leave in the target. */
  promoted: AppBundle;
  changedInTarget: PromotionPreview['changedInTarget'];
  newConnections: PromotionPreview['newConnections'];
  newVariables: PromotionPreview['newVariables'];
}

/** Both environments, of one family, both administered by the caller (the source is the call's declared access). */
async function environmentsOf(services: Services, caller: Principal, body: PromotionBody): Promise<{ source: AppEnvironmentRow; target: AppEnvironmentRow }> {
  caller.assertAppAdmin(body.targetAppId);
  // Acting on the target: the audit entry is in the application that changes.
  const [source, target] = [await findEnvironment(services.store, body.appId), await findEnvironment(services.store, body.targetAppId)];
  if (source === undefined || target === undefined || source.familyId !== target.familyId) throw badRequest(local('promotionNotFamily'));
  if (source.appId === target.appId) throw badRequest(local('promotionToItself'));
  return { source, target };
}

/**
 * The source's structure as the target would hold it: each connection the target has (by link)
 * as the target has it, each API the target has (by name) with the target's address, way of
 * signing in and headers, and the target's own name and settings. A connection new to the target
 * leads where the promotion's caller types (`typed`), never where the source's does.
 */
function promotedBundle(
  sourceBundle: AppBundle, targetBundle: AppBundle, typed: PromoteBody['newConnections'] | 'asTheyAre' | undefined,
): { bundle: AppBundle; newConnections: Plan['newConnections'] } {
  const targetConnections = new Map(targetBundle.connections.flatMap((c) => (c.link === undefined ? [] : [[c.link, c]])));
  const newConnections: Plan['newConnections'] = [];
  const connections = sourceBundle.connections.map((connection): BundleConnection => {
    const link = linkOf(connection);
    const own = targetConnections.get(link);
    if (own !== undefined) {
      if (own.dbType !== connection.dbType) throw badRequest(local('promotionConnectionType', { database: connection.dbDatabase, source: connection.dbType, target: own.dbType }));
      return { ...own, id: connection.id, link };
    }
    // An embedded database is a file of each application's own: a new one starts empty there.
    // An undo's connections are the target's own, as they were: those it no longer has come back so.
    if (isEmbedded(connection.dbType) || typed === 'asTheyAre') return { ...connection, link };
    newConnections.push({ link, dbType: connection.dbType, sourceDatabase: connection.dbDatabase });
    const where = typed === undefined ? undefined : typed[link];
    return where === undefined
      ? { ...connection, link, dbHost: '', dbPort: 0, dbUser: '', dbDatabase: connection.dbDatabase, hadPassword: false }
      : { ...connection, link, dbHost: where.dbHost, dbPort: where.dbPort, dbUser: where.dbUser, dbDatabase: where.dbDatabase, hadPassword: where.dbPassword !== '' };
  });
  const { functions, workflows } = withTargetFunctionSlugs(sourceBundle, targetBundle);
  const targetApis = new Map(targetBundle.apis.map((a) => [a.name, a]));
  const apis = sourceBundle.apis.map((api) => {
    const own = targetApis.get(api.name);
    return own === undefined ? api : { ...api, baseUrl: own.baseUrl, auth: own.auth, headers: own.headers, hadSecret: own.hadSecret };
  });
  return { bundle: { ...sourceBundle, app: targetBundle.app, connections, apis, functions, workflows }, newConnections };
}

/**
 * The source's functions under the target's slugs (by name), and its workflows' steps that name
 * them by slug rewritten to match. A slug is unique across the server, so each environment's copy
 * of a function has its own; the target's is what its pages and workflows already call.
 */
function withTargetFunctionSlugs(sourceBundle: AppBundle, targetBundle: AppBundle): Pick<AppBundle, 'functions' | 'workflows'> {
  const targetSlugs = new Map(targetBundle.functions.map((f) => [f.name, f.slug]));
  const slugs = new Map(sourceBundle.functions.map((f) => [f.slug, targetSlugs.get(f.name) ?? f.slug]));
  return {
    functions: sourceBundle.functions.map((f) => ({ ...f, slug: slugs.get(f.slug) ?? f.slug })),
    workflows: sourceBundle.workflows.map((w) => ({
      ...w,
      actions: w.actions.map((a) => {
        const named = a.addonName === 'function' ? slugs.get(a.params.functionId?.trim() ?? '') : undefined;
        return named === undefined ? a : { ...a, params: { ...a.params, functionId: named } };
      }),
    })),
  };
}

/**
 * A CI job's promotion (issue 39): the target is the caller's (administered, or a token that
 * deploys it) and the source named by its address is of the target's family; its structure is
 * the bundle given (exported by the source's own token), read as an import reads one (by the
 * plan). Nothing of the source is read: a token never reaches another application.
 */
async function bundleEnvironmentsOf(services: Services, caller: Principal, body: BundlePromotionBody): Promise<{ source: AppEnvironmentRow; target: AppEnvironmentRow }> {
  caller.assertAppAdmin(body.appId);
  const sourceApp = await findAppBySlug(services.store, body.sourceAppSlug);
  const [source, target] = [sourceApp === undefined ? undefined : await findEnvironment(services.store, sourceApp.appId), await findEnvironment(services.store, body.appId)];
  if (source === undefined || target === undefined || source.familyId !== target.familyId) throw badRequest(local('promotionNotFamily'));
  if (source.appId === target.appId) throw badRequest(local('promotionToItself'));
  return { source, target };
}

/** Where a promotion's source is: an environment the caller administers (read here), or a CI job's bundle of one. */
type PromotionSource = { kind: 'environment'; body: PromotionBody } | { kind: 'bundle'; body: BundlePromotionBody };

async function planPromotion(services: Services, caller: Principal, from: PromotionSource, typed?: PromoteBody['newConnections']): Promise<Plan> {
  const { source, target } = from.kind === 'bundle' ? await bundleEnvironmentsOf(services, caller, from.body) : await environmentsOf(services, caller, from.body);
  const sourceBundle = from.kind === 'bundle' ? readBundle(from.body.bundle).bundle : await structureOf(services, caller, source.appId);
  const targetBundle = await structureOf(services, caller, target.appId);
  const targetFiles = asFiles(targetBundle);
  const { bundle: promoted, newConnections } = promotedBundle(sourceBundle, targetBundle, typed);
  const newVariables = await variablesNewTo(services, target.appId, promoted, from.kind === 'environment' ? source.appId : undefined);
  return { source, target, targetBundle, targetFiles, promoted, changedInTarget: overwrittenBy(promoted, target.base, targetBundle), newConnections, newVariables };
}

/**
 * The variables the promoted pages use that the target lacks (issue 39): each environment keeps
 * its own values, so a promotion never carries the source's; the target's must be typed. A secret
 * one of the source stays secret in the target (a CI job's bundle does not say: plain).
 */
async function variablesNewTo(services: Services, targetAppId: number, promoted: AppBundle, sourceAppId: number | undefined): Promise<Plan['newVariables']> {
  const used = variableNamesIn(promoted.pages);
  if (used.length === 0) return [];
  const held = new Set((await listVariableRows(services.store, targetAppId)).map((row) => row.varName));
  const sourceRows = sourceAppId === undefined ? [] : await listVariableRows(services.store, sourceAppId);
  return used.filter((name) => !held.has(name)).map((name) => ({ name, secret: sourceRows.find((row) => row.varName === name)?.secret === 1 }));
}

/** What promoting would change in the target, and what the target changed since its last promotion; writes nothing. */
export const previewPromotion = (services: Services, caller: Principal, body: PromotionBody): Promise<PromotionPreview> =>
  previewOf(services, caller, { kind: 'environment', body });

/** previewPromotion for a CI job: the source's structure given as its export. */
export const previewBundlePromotion = (services: Services, caller: Principal, body: BundlePromotionBody): Promise<PromotionPreview> =>
  previewOf(services, caller, { kind: 'bundle', body });

async function previewOf(services: Services, caller: Principal, from: PromotionSource): Promise<PromotionPreview> {
  const plan = await planPromotion(services, caller, from);
  return {
    source: plan.source.envName,
    target: plan.target.envName,
    changes: changesBetween(plan.targetFiles, asFiles(plan.promoted)),
    changedInTarget: plan.changedInTarget,
    newConnections: plan.newConnections,
    apis: (await secretsNeeded(services, plan.promoted, plan.target.appId)).apis,
    newVariables: plan.newVariables,
    targetState: stateOf(plan.targetFiles),
  };
}

/** One promotion or undo of an environment at a time, on every replica (a lease on its row; a second gets 409). */
async function holdingTarget<T>(services: Services, appId: number, work: () => Promise<T>): Promise<T> {
  const now = Date.now();
  if (!(await leaseEnvironment(services.store, appId, new Date(now).toISOString(), new Date(now + LEASE_MS).toISOString()))) throw conflict(local('promotionBusy'));
  try {
    return await work();
  } finally {
    await releaseEnvironment(services.store, appId);
  }
}

/** The target's sealed secrets as the store holds them, by their id in its export: kept for an undo, never opened until then. */
async function sealedSecretsOf(services: Services, appId: number): Promise<TypedSecrets> {
  const connections = await services.store.selectFrom('dbConfigs').select(['dbId', 'dbPasswordEnc']).where('dbAppId', '=', appId).execute();
  const apis = await services.store.selectFrom('apiSources').select(['sourceId', 'secretEnc']).where('appId', '=', appId).execute();
  return {
    passwords: Object.fromEntries(connections.map((c) => [String(c.dbId), c.dbPasswordEnc])),
    apiSecrets: Object.fromEntries(apis.map((a) => [String(a.sourceId), a.secretEnc])),
  };
}

const changedPaths = (before: Files, after: Files) => [...new Set([...before.keys(), ...after.keys()])].sort().filter((path) => !sameFile(before.get(path), after.get(path)));

/** Refused while the target changed since its last promotion: its changes are named in the answer. */
function refuseIfChanged(changedInTarget: Plan['changedInTarget'], target: string): void {
  if (changedInTarget.length > 0) {
    throw new HttpError(409, local('promotionTargetChanged', { target, count: String(changedInTarget.length) }), changedInTarget.map((c) => `${c.path}: ${c.status}`));
  }
}

/**
 * Promotes the source's structure to the target (planPromotion), as an import over it in one
 * transaction. Gives the source's new connections their link first, so the next promotion knows
 * them as the same.
 */
export async function promote(services: Services, reader: PdfReader, caller: Principal, body: PromoteBody): Promise<{ target: string; changedFiles: string[] }> {
  // Refused as what it is (not one family, not his) before the target is held.
  await environmentsOf(services, caller, body);
  return promoteFrom(services, reader, caller, { kind: 'environment', body }, body.targetAppId, body);
}

/**
 * promote for a CI job: the source's structure given as its export. No connection new to the
 * target can be typed here: one the target lacks refuses it, as promote does without it.
 */
export async function promoteBundle(services: Services, reader: PdfReader, caller: Principal, body: BundlePromoteBody): Promise<{ target: string; changedFiles: string[] }> {
  await bundleEnvironmentsOf(services, caller, body);
  return promoteFrom(services, reader, caller, { kind: 'bundle', body }, body.appId, { newConnections: {}, newVariables: {}, apiSecrets: body.apiSecrets, targetState: body.targetState });
}

async function promoteFrom(
  services: Services, reader: PdfReader, caller: Principal, from: PromotionSource, targetAppId: number,
  body: Pick<PromoteBody, 'newConnections' | 'newVariables' | 'apiSecrets' | 'targetState'>,
): Promise<{ target: string; changedFiles: string[] }> {
  return holdingTarget(services, targetAppId, async () => {
    const plan = await planPromotion(services, caller, from, body.newConnections);
    if (body.targetState !== undefined && body.targetState !== stateOf(plan.targetFiles)) throw conflict(local('promotionTargetMoved', { target: plan.target.envName }));
    refuseIfChanged(plan.changedInTarget, plan.target.envName);
    const missing = plan.newConnections.filter((c) => body.newConnections[c.link] === undefined);
    if (missing.length > 0) throw badRequest(local('promotionConnectionMissing', { target: plan.target.envName, database: missing.map((c) => c.sourceDatabase).join(', ') }));
    const untyped = plan.newVariables.filter((v) => body.newVariables[v.name] === undefined);
    if (untyped.length > 0) throw badRequest(local('promotionVariableMissing', { target: plan.target.envName, names: untyped.map((v) => v.name).join(', ') }));
    const changedFiles = changedPaths(plan.targetFiles, asFiles(plan.promoted));
    if (changedFiles.length === 0) return { target: plan.target.envName, changedFiles };
    for (const connection of plan.promoted.connections) {
      if (connection.link === `db${connection.id}`) await services.store.updateTable('dbConfigs').set({ dbLink: connection.link }).where('dbId', '=', connection.id).where('dbLink', 'is', null).execute();
    }
    // The structure the plan read, under the lease: nothing has changed it since.
    const undo = JSON.stringify({ bundle: plan.targetBundle, ...await sealedSecretsOf(services, plan.target.appId) });
    const passwords = Object.fromEntries(plan.newConnections.map((c) => {
      const connection = plan.promoted.connections.find((each) => each.link === c.link);
      return [String(connection?.id ?? 0), body.newConnections[c.link]?.dbPassword ?? ''];
    }));
    const added = await addVariables(services, plan.target.appId, plan.newVariables.map((v) => ({ ...v, value: body.newVariables[v.name] ?? '' })));
    try {
      await importBundle(services, reader, caller, {
        bundle: plan.promoted, target: { kind: 'replace', appId: plan.target.appId }, passwords, apiSecrets: body.apiSecrets, withUsers: false,
      });
    } catch (error) {
      // A promotion that fails leaves the target as it found it.
      await removeVariables(services.store, added);
      throw error;
    }
    const base = JSON.stringify(await structureOf(services, caller, plan.target.appId));
    await recordPromotion(services.store, plan.target.appId, { base, undo, promotedFrom: plan.source.envName, promotedAt: new Date().toISOString(), promotedBy: caller.auditActor });
    return { target: plan.target.envName, changedFiles };
  });
}

/** Gives the target the variables its promotion brings, with the values typed for it (a secret one sealed), in one transaction; their ids. */
function addVariables(services: Services, appId: number, variables: readonly { name: string; secret: boolean; value: string }[]): Promise<number[]> {
  if (variables.length === 0) return Promise.resolve([]);
  return services.store.transaction().execute(async (trx) => {
    const ids: number[] = [];
    for (const variable of variables) {
      ids.push(await insertVariable(trx, { appId, varName: variable.name, secret: variable.secret ? 1 : 0, varValue: storedValue(services, variable.secret, variable.value) }));
    }
    return ids;
  });
}

/**
 * The passwords and secrets an undo types: those the promotion took away, opened (sealed by this
 * server when it kept them; one it can no longer open is asked for again by the import). What the
 * target still has keeps its password or secret as it is now.
 */
function secretsToRestore(services: Services, undo: z.infer<typeof UndoSchema>, restored: AppBundle, now: AppBundle): TypedSecrets {
  const open = (sealed: string) => {
    try {
      return sealed === '' ? '' : services.secretBox.open(sealed);
    } catch {
      return '';
    }
  };
  const links = new Set(now.connections.flatMap((c) => c.link ?? []));
  const apis = new Set(now.apis.map((a) => a.name));
  const gone = {
    connection: (id: string) => !links.has(restored.connections.find((c) => String(c.id) === id)?.link ?? ''),
    api: (id: string) => !apis.has(restored.apis.find((a) => String(a.id) === id)?.name ?? ''),
  };
  const opened = (record: Record<string, string>, taken: (id: string) => boolean) =>
    Object.fromEntries(Object.entries(record).filter(([id]) => taken(id)).map(([id, sealed]) => [id, open(sealed)]));
  return { passwords: opened(undo.passwords, gone.connection), apiSecrets: opened(undo.apiSecrets, gone.api) };
}

/** Puts the environment back as its last promotion found it; refused when it changed since (its changes named). */
export async function undoPromotion(services: Services, reader: PdfReader, caller: Principal, appId: number): Promise<{ target: string; changedFiles: string[] }> {
  if ((await findEnvironment(services.store, appId)) === undefined) throw conflict(local('environmentsNone'));
  return holdingTarget(services, appId, async () => {
    // Read under the lease: the promotion to undo is the one no other is changing.
    const target = await findEnvironment(services.store, appId);
    if (target === undefined) throw conflict(local('environmentsNone'));
    if (target.undo === null) throw conflict(local('promotionNothingToUndo', { target: target.envName }));
    const now = await structureOf(services, caller, appId);
    const nowFiles = asFiles(now);
    refuseIfChanged(changedSince(target.base, now), target.envName);
    const undo = UndoSchema.parse(JSON.parse(target.undo));
    // What the promotion replaced, with the target's own parts as they are now (a connection moved since stays moved).
    const { bundle } = promotedBundle(AppBundleSchema.parse(undo.bundle), now, 'asTheyAre');
    const changedFiles = changedPaths(nowFiles, asFiles(bundle));
    await importBundle(services, reader, caller, { bundle, target: { kind: 'replace', appId }, ...secretsToRestore(services, undo, bundle, now), withUsers: false });
    const base = JSON.stringify(await structureOf(services, caller, appId));
    await recordPromotion(services.store, appId, { base, undo: null, promotedFrom: target.promotedFrom, promotedAt: target.promotedAt, promotedBy: target.promotedBy });
    return { target: target.envName, changedFiles };
  });
}

