import { Messages, type PublicApplication } from '@rakit/core';
import { signInOptionsOf } from '../accounts/single-sign-on';
import type { Store } from '../store/db';
import { notFound } from '../errors/http-errors';
import { findAppBySlug, listAppsWithGroupNames, toApplication } from '../store/repositories/apps';

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

/** The public fields of the application by its slug; 404 when there is none. */
export async function publicApplicationNamed(store: Store, slug: string): Promise<PublicApplication> {
  const found = await publicApplication(store, slug);
  if (found === undefined) throw notFound(Messages.appNotFound);
  return found;
}

/** Every application with its groups' names (the super administrator's list). */
export const listApplications = (store: Store) => listAppsWithGroupNames(store);
