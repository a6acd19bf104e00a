import { type Application, isBuiltInApp, Messages } from '@rakit/core';
import type { Principal } from '../auth/principal';
import { forbidden } from '../errors/http-errors';
import type { Store } from '../store/db';
import { listAppsOfUser } from '../store/repositories/apps';
import { numericId, type OwnerLookups } from '../security/call-owners';

/** The applications where the user has a group: asked by the user himself or the super administrator. */
export async function appsOfUserFor(store: Store, caller: Principal, userId: string): Promise<Application[]> {
  if (caller.userId !== userId && !caller.isSuperAdmin) throw forbidden(Messages.forbidden);
  const apps = await listAppsOfUser(store, userId);
  return apps.filter((a) => !isBuiltInApp(a.appSlug));
}

/** How the entities of this area lead to their application (the access check's lookups, http/call-access.ts). */
export const appOwners: OwnerLookups = {
  // An application id is taken as named: an unknown one is simply one the caller is not in.
  app: { find: async (_, id) => numericId(id), missing: Messages.appNotFound },
};
