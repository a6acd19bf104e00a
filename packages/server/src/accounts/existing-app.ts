import { Messages } from '@rakit/core';
import { notFound } from '../errors/http-errors';
import type { Store } from '../store/db';
import { findAppById } from '../store/repositories/apps';
import type { AppRow } from '../store/schema';

/** The application a call names, or its 404. */
export async function existingApp(store: Store, appId: number): Promise<AppRow> {
  const row = await findAppById(store, appId);
  if (row === undefined) throw notFound(Messages.appNotFound);
  return row;
}
