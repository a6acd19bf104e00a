import type { PublicApplication } from '@rakit/core';
import { signInOptionsOf } from '../accounts/single-sign-on';
import type { Store } from '../store/db';
import { findAppBySlug, toApplication } from '../store/repositories/apps';

/**
 * What anyone may learn of an application by its slug (GET /get/getApp/slug, and the data block
 * of the first page a browser gets): its public fields and its sign-in screen (issue 36).
 */
export async function publicApplication(store: Store, slug: string): Promise<PublicApplication | undefined> {
  const row = await findAppBySlug(store, slug);
  if (row === undefined) return undefined;
  const { appId, appName, appSlug, appOpenRegistration, appLanguage, appTimeZone } = toApplication(row);
  return { appId, appName, appSlug, appOpenRegistration, appLanguage, appTimeZone, signIn: await signInOptionsOf(store, row) };
}
