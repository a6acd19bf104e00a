import { Messages, ROOT_APP_SLUG } from '@rakit/core';
import { notFound } from '../errors/http-errors';
import type { Store } from '../store/db';
import { findAppById } from '../store/repositories/apps';

/**
 * The application a users call names, once its administrator is checked. In _root the super
 * administrator manages every account (`isRoot`); elsewhere an administrator manages the
 * members of his application.
 */
export async function managedApp(store: Store, appId: number) {
  const target = await findAppById(store, appId);
  if (target === undefined) throw notFound(Messages.appNotFound);
  return { ...target, isRoot: target.appSlug === ROOT_APP_SLUG };
}
