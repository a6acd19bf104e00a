import { randomBytes } from 'node:crypto';
import { ADMIN_GROUP_SLUG, MAIN_APP_ID, MAIN_APP_SLUG, PRODUCT_NAME, ROOT_APP_SLUG, SUPER_ADMIN_MARKER } from '@rakit/core';
import { hashPassword } from '../security/passwords';
import type { Store } from './db';
import { findAppBySlug, insertApp } from './repositories/apps';
import { addMember, findGroupBySlug, insertGroup } from './repositories/groups';
import { findUser, insertUser } from './repositories/users';

export const SUPER_ADMIN_USER_ID = 'admin';

export interface SeedResult {
  /** Set only on the start that created the administrator without RAKIT_ADMIN_PASSWORD. */
  generatedAdminPassword?: string;
}

/**
 * First-start data: main (appId 1, open for registration, default group 'Member'), _root,
 * the 'Super Admin' group and its user 'admin'. Safe to run on every start.
 */
export async function seed(db: Store, adminPassword: string | undefined): Promise<SeedResult> {
  const needsAdmin = (await findUser(db, SUPER_ADMIN_USER_ID)) === undefined;
  const generated = needsAdmin && adminPassword === undefined ? randomBytes(12).toString('base64url') : undefined;
  const adminHash = needsAdmin ? await hashPassword(adminPassword ?? (generated as string)) : undefined;

  try {
    await insertFirstStartData(db, adminHash);
  } catch (error) {
    // Another process seeded the store between the looks and the inserts (one started without
    // the start-up lock, lifecycle/startup.ts): a unique key refused the second copy.
    if (await seeded(db)) return {};
    throw error;
  }
  return generated === undefined ? {} : { generatedAdminPassword: generated };
}

const seeded = async (db: Store): Promise<boolean> =>
  (await findAppBySlug(db, MAIN_APP_SLUG)) !== undefined && (await findAppBySlug(db, ROOT_APP_SLUG)) !== undefined
  && (await findUser(db, SUPER_ADMIN_USER_ID)) !== undefined;

async function insertFirstStartData(db: Store, adminHash: string | undefined): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if ((await findAppBySlug(trx, MAIN_APP_SLUG)) === undefined) {
      const mainId = await insertApp(trx, {
        appName: `${PRODUCT_NAME} Main`, appDescription: 'Open application for self-registered builders',
        appSlug: MAIN_APP_SLUG, appOpenRegistration: true,
      });
      if (mainId !== MAIN_APP_ID) throw new Error(`The main application must be appId ${MAIN_APP_ID}, got ${mainId}`);
    }
    if ((await findAppBySlug(trx, ROOT_APP_SLUG)) === undefined) {
      await insertApp(trx, { appName: `${PRODUCT_NAME} Root`, appDescription: 'Root administration', appSlug: ROOT_APP_SLUG, appOpenRegistration: false });
    }
    if ((await findGroupBySlug(trx, String(MAIN_APP_ID), 'member')) === undefined) {
      await insertGroup(trx, { groupName: 'Member', groupAppId: String(MAIN_APP_ID), groupSlug: 'member', isDefault: true });
    }
    let superGroup = await findGroupBySlug(trx, SUPER_ADMIN_MARKER, ADMIN_GROUP_SLUG);
    if (superGroup === undefined) {
      await insertGroup(trx, { groupName: SUPER_ADMIN_MARKER, groupAppId: SUPER_ADMIN_MARKER, groupSlug: ADMIN_GROUP_SLUG });
      superGroup = await findGroupBySlug(trx, SUPER_ADMIN_MARKER, ADMIN_GROUP_SLUG);
    }
    if (adminHash !== undefined && (await findUser(trx, SUPER_ADMIN_USER_ID)) === undefined) {
      await insertUser(trx, SUPER_ADMIN_USER_ID, adminHash, null);
      await addMember(trx, (superGroup as { groupId: number }).groupId, SUPER_ADMIN_USER_ID);
    }
  });
}
