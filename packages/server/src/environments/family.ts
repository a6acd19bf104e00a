import { randomBytes } from 'node:crypto';
import { type AddEnvironmentBody, type AppBundle, DEFAULT_ENVIRONMENTS, type Environments, isBuiltInApp, Messages, type RenameEnvironmentBody } from '@rakit/core';
import { deleteApp } from '../apps/delete-app';
import { Principal } from '../auth/principal';
import { exportApp } from '../bundles/export';
import { importBundle } from '../bundles/import';
import { copyVariables } from '../store/repositories/app-variables';
import { badRequest, conflict, local, notFound } from '../errors/http-errors';
import type { PdfReader } from '../pdf-templates/extract';
import { findEnvironment, insertEnvironment, listFamily, renameEnvironmentRow } from '../store/repositories/app-environments';
import { findAppById, isAppNameTaken } from '../store/repositories/apps';
import { groupsOfUser } from '../store/repositories/groups';
import type { Services } from '../services';

/*
 * An application's environments (issue 39): each an application of its own in one family, made
 * as copies of the application the environments start from (which becomes Production). A copy
 * has its own address and members, and its connections lead where the original's do until a
 * builder changes them there; its embedded databases are copied with their rows.
 */

/**
 * The most environments a family has. Copies are made by an application's administrators, who
 * need not be builders allowed to make applications: the family's size is what bounds them.
 */
export const MAX_ENVIRONMENTS = 6;

/** A connection's link: random, so no environment's link tells anything of another's connection. */
export const newConnectionLink = (): string => randomBytes(12).toString('base64url');

/** Gives every connection of the application that has none a link, so a copy's connections are known as the same. */
async function linkConnections(services: Services, appId: number): Promise<void> {
  const unlinked = await services.store.selectFrom('dbConfigs').select('dbId').where('dbAppId', '=', appId).where('dbLink', 'is', null).execute();
  for (const { dbId } of unlinked) await services.store.updateTable('dbConfigs').set({ dbLink: newConnectionLink() }).where('dbId', '=', dbId).where('dbLink', 'is', null).execute();
}

/** The structure of an application as an environment's base and undo hold it: no member, no row. */
export const structureOf = (services: Services, caller: Principal, appId: number): Promise<AppBundle> => exportApp(services, caller, appId, { users: false, data: false });

/** The caller as he is after making copies: his groups read again, so he is seen administering them. */
async function afterCopies(services: Services, caller: Principal): Promise<Principal> {
  if (caller.machine !== null) return caller;
  return new Principal(caller.userId, caller.tokenAppSlug, await groupsOfUser(services.store, caller.userId), caller.session);
}

/** The caller's view of the family the application belongs to (none: an empty list). */
export async function getEnvironments(services: Services, caller: Principal, appId: number): Promise<Environments> {
  const own = await findEnvironment(services.store, appId);
  if (own === undefined) return { appId, environments: [] };
  const family = await listFamily(services.store, own.familyId);
  const environments = [];
  for (const member of family) {
    const administered = caller.isAppAdmin(member.appId);
    const connections = administered
      ? (await services.store.selectFrom('dbConfigs').select(['dbType', 'dbHost', 'dbDatabase']).where('dbAppId', '=', member.appId).orderBy('dbId').execute())
        .map((c) => ({ dbType: c.dbType as Environments['environments'][number]['connections'][number]['dbType'], dbHost: c.dbHost, dbDatabase: c.dbDatabase }))
      : [];
    const lastPromotion = administered && member.promotedAt !== null
      ? { from: member.promotedFrom ?? '', at: member.promotedAt, by: member.promotedBy ?? '', undoable: member.undo !== null }
      : null;
    environments.push({ appId: member.appId, appSlug: member.appSlug, appName: member.appName, name: member.envName, order: member.envOrder, administered, connections, lastPromotion });
  }
  return { appId, environments };
}

/** A free application name for an environment's copy: "Toko (Staging)", then "Toko (Staging 2)"… */
async function copyName(services: Services, appName: string, envName: string): Promise<string> {
  for (let n = 1; ; n++) {
    const name = `${appName} (${envName}${n === 1 ? '' : ` ${n}`})`;
    if (!(await isAppNameTaken(services.store, name))) return name;
  }
}

/** A copy of the application (its structure, its embedded databases' rows, its secrets, its variables), as a new application the caller administers. */
async function copyApplication(services: Services, reader: PdfReader, caller: Principal, appId: number, envName: string, baseName: string): Promise<number> {
  const bundle = await exportApp(services, caller, appId, { users: false, data: true });
  // Its connections and APIs keep their passwords, secrets and the operator's word on a private host (the import's copyOf).
  const created = await importBundle(services, reader, caller, {
    bundle, target: { kind: 'new', appName: await copyName(services, baseName, envName) }, passwords: {}, apiSecrets: {}, withUsers: false,
  }, { copyOf: appId });
  // A new environment starts with the values of the one it copies, as its connections do.
  await copyVariables(services.store, appId, created.appId);
  return created.appId;
}

/** Removes copies made by a step that failed later: a failure leaves no half-made family behind. */
async function removeCopies(services: Services, caller: Principal, appIds: readonly number[]): Promise<void> {
  for (const id of appIds) {
    if (caller.audit !== undefined) await deleteApp(services.store, services.files, caller.audit, id).catch(() => undefined);
  }
}

async function environmentApp(services: Services, appId: number) {
  const existing = await findAppById(services.store, appId);
  if (existing === undefined) throw notFound(Messages.appNotFound);
  if (isBuiltInApp(existing.appSlug)) throw badRequest(local('environmentsBuiltInApp'));
  return existing;
}

/**
 * Gives the application environments: it becomes Production, and Development and Staging are
 * made as copies of it. Each environment's base is its structure now, so the first promotion into
 * it shows what changes from there.
 */
export async function createEnvironments(services: Services, reader: PdfReader, caller: Principal, appId: number): Promise<Environments> {
  const existing = await environmentApp(services, appId);
  if ((await findEnvironment(services.store, appId)) !== undefined) throw conflict(local('environmentsExist'));
  await linkConnections(services, appId);
  const [development, staging, production] = DEFAULT_ENVIRONMENTS;
  const copies: number[] = [];
  try {
    for (const name of [development, staging]) copies.push(await copyApplication(services, reader, caller, appId, name, existing.appName));
    const members = [{ appId: copies[0] as number, name: development }, { appId: copies[1] as number, name: staging }, { appId, name: production }];
    const bases = await Promise.all(members.map(async (m) => JSON.stringify(await structureOf(services, caller, m.appId))));
    await services.store.transaction().execute(async (trx) => {
      for (const [index, member] of members.entries()) {
        await insertEnvironment(trx, { appId: member.appId, familyId: appId, envName: member.name, envOrder: index + 1, base: bases[index] as string, undo: null, promotedFrom: null, promotedAt: null, promotedBy: null });
      }
    });
  } catch (error) {
    await removeCopies(services, caller, copies);
    throw error;
  }
  return getEnvironments(services, await afterCopies(services, caller), appId);
}

/** Adds an environment to the family, as a copy of the one named (placed after it). */
export async function addEnvironment(services: Services, reader: PdfReader, caller: Principal, body: AddEnvironmentBody): Promise<Environments> {
  const from = await findEnvironment(services.store, body.appId);
  if (from === undefined) throw conflict(local('environmentsNone'));
  const family = await listFamily(services.store, from.familyId);
  // Each environment is an application its administrators made: a family has a few, not a server's worth.
  if (family.length >= MAX_ENVIRONMENTS) throw badRequest(local('environmentsTooMany', { max: String(MAX_ENVIRONMENTS) }));
  if (family.some((m) => m.envName.toLowerCase() === body.name.toLowerCase())) throw conflict(local('environmentNameTaken', { name: body.name }));
  const familyApp = await findAppById(services.store, from.familyId);
  await linkConnections(services, body.appId);
  const copy = await copyApplication(services, reader, caller, body.appId, body.name, familyApp?.appName ?? (await environmentApp(services, body.appId)).appName);
  try {
    const base = JSON.stringify(await structureOf(services, caller, copy));
    await services.store.transaction().execute(async (trx) => {
      // Placed right after the environment it copies: the others after it move one down.
      for (const member of family) {
        if (member.envOrder > from.envOrder) await trx.updateTable('appEnvironments').set({ envOrder: member.envOrder + 1 }).where('appId', '=', member.appId).execute();
      }
      await insertEnvironment(trx, { appId: copy, familyId: from.familyId, envName: body.name, envOrder: from.envOrder + 1, base, undo: null, promotedFrom: null, promotedAt: null, promotedBy: null });
    });
  } catch (error) {
    await removeCopies(services, caller, [copy]);
    throw error;
  }
  return getEnvironments(services, await afterCopies(services, caller), body.appId);
}

export async function renameEnvironment(services: Services, caller: Principal, body: RenameEnvironmentBody): Promise<Environments> {
  const own = await findEnvironment(services.store, body.appId);
  if (own === undefined) throw conflict(local('environmentsNone'));
  const family = await listFamily(services.store, own.familyId);
  if (family.some((m) => m.appId !== body.appId && m.envName.toLowerCase() === body.name.toLowerCase())) throw conflict(local('environmentNameTaken', { name: body.name }));
  await renameEnvironmentRow(services.store, body.appId, body.name);
  return getEnvironments(services, caller, body.appId);
}
