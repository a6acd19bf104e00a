import { describe, expect, it } from 'vitest';
import { administersApp, groupsForApp, isAdminGroup, isAdminInApp, mayEnterApp, mayUseScreen } from './access';
import { slugify } from './slug';

const superAdmin = { groupAppId: 'Super Admin', groupSlug: 'admin' };
const mainMember = { groupAppId: '1', groupSlug: 'member' };
const shopAdmin = { groupAppId: '5', groupSlug: 'admin' };
const shopClerk = { groupAppId: '5', groupSlug: 'clerk' };
const main = { appId: 1, appSlug: 'main' };
const root = { appId: 2, appSlug: '_root' };
const shop = { appId: 5, appSlug: 'shop' };

describe('access rules of spec 1 §5', () => {
  it('lets super administrators into _root only', () => {
    expect(mayEnterApp([superAdmin], root)).toBe(true);
    expect(mayEnterApp([superAdmin], main)).toBe(false);
    expect(mayEnterApp([superAdmin], shop)).toBe(false);
    expect(mayEnterApp([mainMember], root)).toBe(false);
  });

  it('lets any valid user into main and members into their applications', () => {
    expect(mayEnterApp([], main)).toBe(true);
    expect(mayEnterApp([mainMember], shop)).toBe(false);
    expect(mayEnterApp([mainMember, shopClerk], shop)).toBe(true);
    expect(groupsForApp([mainMember, shopClerk, shopAdmin], shop)).toEqual([shopClerk, shopAdmin]);
  });

  it('makes the admin group of the application an administrator whichever of his groups it is, and everyone in main', () => {
    expect(isAdminInApp([shopAdmin, shopClerk], shop)).toBe(true);
    expect(isAdminInApp([shopClerk, shopAdmin], shop)).toBe(true);
    expect(isAdminInApp([shopClerk], shop)).toBe(false);
    expect(isAdminInApp([mainMember], main)).toBe(true);
    expect(isAdminInApp([superAdmin], root)).toBe(true);
    // Another application's admin group makes no one an administrator here.
    expect(isAdminInApp([{ groupAppId: '6', groupSlug: 'admin' }, shopClerk], shop)).toBe(false);
  });

  it('answers the server\'s question (administersApp) as the browser\'s for every application he enters', () => {
    const other = { groupAppId: '6', groupSlug: 'admin' };
    const cases = [[shopAdmin], [shopClerk], [shopClerk, shopAdmin], [other], [other, shopClerk], [mainMember, shopClerk, shopAdmin]];
    for (const groups of cases) expect(isAdminInApp(groups, shop)).toBe(administersApp(groups, shop.appId));
    // The super administrator administers every application, and enters _root only.
    expect(administersApp([superAdmin], shop.appId)).toBe(true);
    expect(isAdminInApp([superAdmin], shop)).toBe(false);
  });

  it('knows the admin group by its exact slug, which a group named Admin gets', () => {
    expect(isAdminGroup({ groupSlug: slugify('Admin') })).toBe(true);
    // Not a slug we make: a group stored as 'Admin' or 'ADMIN' is not the admin group.
    expect(isAdminGroup({ groupSlug: 'Admin' })).toBe(false);
    expect(isAdminInApp([{ groupAppId: '5', groupSlug: 'ADMIN' }], shop)).toBe(false);
    expect(isAdminGroup({ groupSlug: 'admins' })).toBe(false);
  });

  it("opens a screen to those the server lets make its calls: main's builders administer their applications, not main", () => {
    const mainAdmin = { groupAppId: '1', groupSlug: 'admin' };
    for (const [groups, app, signedIn, appAdmin, superOnly] of [
      [[mainMember], main, true, false, false],
      [[], main, true, false, false],
      [[mainAdmin], main, true, true, false],
      [[mainMember, shopAdmin], shop, true, true, false],
      [[shopClerk], shop, true, false, false],
      [[superAdmin], root, true, true, true],
      [[shopAdmin], root, true, false, false],
    ] as const) {
      expect([mayUseScreen('signedIn', groups, app), mayUseScreen('appAdmin', groups, app), mayUseScreen('superAdmin', groups, app)]).toEqual([signedIn, appAdmin, superOnly]);
    }
  });
});
