import { Messages } from '@rakit/core';
import type { Principal } from '../auth/principal';
import { forbidden, notFound } from '../errors/http-errors';
import type { Store } from '../store/db';
import { findGroup } from '../store/repositories/groups';

/**
 * A group of a numbered application, with that application's id; the super administrator's
 * marker group belongs to none and is answered as missing.
 */
export async function findAppGroup(store: Store, groupId: number) {
  const group = await findGroup(store, groupId);
  const appId = group === undefined ? NaN : Number(group.groupAppId);
  if (group === undefined || !Number.isInteger(appId)) throw notFound(Messages.groupNotFound);
  return { ...group, appId };
}

/**
 * A group a call names beside the application it checked (renaming a group, making one the
 * default): the caller must administer the group's own application too, whatever he named.
 */
export async function groupForAdmin(store: Store, caller: Principal, groupId: number) {
  const group = await findAppGroup(store, groupId);
  if (!caller.isAppAdmin(group.appId)) throw forbidden(Messages.forbidden);
  return group;
}
