import { isBuiltInApp, Messages } from '@rakit/core';
import { badRequest, notFound } from '../errors/http-errors';
import type { AuditContext } from '../audit/context';
import { withAudit } from '../audit/record';
import type { FileStorage } from '../storage/file-storage';
import type { Store } from '../store/db';
import { deleteAppCascade, findAppById } from '../store/repositories/apps';

/**
 * Removes an application, everything stored for it and its files (uploads, templates); main
 * and _root stay. Its embedded databases stay: they are its owner's data, and a new connection
 * can open them again.
 */
export async function deleteApp(store: Store, files: FileStorage, audit: AuditContext, appId: number): Promise<void> {
  const existing = await findAppById(store, appId);
  if (existing === undefined) throw notFound(Messages.appNotFound);
  if (isBuiltInApp(existing.appSlug)) throw badRequest(Messages.appProtected);
  await withAudit(store, audit, { appId, entityType: 'app', entityId: appId, summary: { key: 'audit.appDeleted', values: { app: existing.appName } } }, (trx) => deleteAppCascade(trx, appId));
  // Its rows are gone, so nothing reaches the files any more; a failure here leaves them unreachable, not exposed.
  await files.deleteApp(appId);
}
