import { isBuiltInApp, Messages } from '@rakit/core';
import { badRequest, notFound } from '../http/errors';
import { withAudit } from '../audit/record';
import { removeAppFiles } from '../store/app-folders';
import type { Store } from '../store/db';
import { deleteAppCascade, findAppById } from '../store/repositories/apps';

/** Removes an application, everything stored for it and its files; main and _root stay. */
export async function deleteApp(store: Store, dataDir: string, appId: number): Promise<void> {
  const existing = await findAppById(store, appId);
  if (existing === undefined) throw notFound(Messages.appNotFound);
  if (isBuiltInApp(existing.appSlug)) throw badRequest(Messages.appProtected);
  await withAudit(store, { appId, entityType: 'app', entityId: appId, summary: `Deleted application ${existing.appName}` }, (trx) => deleteAppCascade(trx, appId));
  await removeAppFiles(dataDir, appId);
}
