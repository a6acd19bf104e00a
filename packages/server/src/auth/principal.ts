import { ADMIN_GROUP_SLUG, type Group, isSuperAdminGroup, MAIN_APP_SLUG, Messages } from '@rakit/core';
import { forbidden } from '../http/errors';

/** The signed-in caller of a request, with his groups read from the store on each request. */
export class Principal {
  readonly isSuperAdmin: boolean;

  constructor(readonly userId: string, readonly tokenAppSlug: string, readonly groups: Group[]) {
    this.isSuperAdmin = groups.some(isSuperAdminGroup);
  }

  /** Administrator of the application: the super administrator, or a member of its 'admin' group. */
  isAppAdmin(appId: number): boolean {
    return this.isSuperAdmin || this.groupsIn(appId).some((g) => g.groupSlug === ADMIN_GROUP_SLUG);
  }

  /** Member of the application through any of its groups (administrators included). */
  isAppMember(appId: number): boolean {
    return this.isAppAdmin(appId) || this.groupsIn(appId).length > 0;
  }

  /** The caller's groups of the application (the super administrator's marker group is in none). */
  groupsIn(appId: number): Group[] {
    return this.groups.filter((g) => g.groupAppId === String(appId));
  }

  /** The ids of the caller's groups of the application: what his page and menu reach is read by. */
  groupIdsIn(appId: number): number[] {
    return this.groupsIn(appId).map((g) => g.groupId);
  }

  /** Signed in through the main or root application, where applications are built. */
  get mayCreateApps(): boolean {
    return this.isSuperAdmin || this.tokenAppSlug === MAIN_APP_SLUG;
  }

  /**
   * Whether the caller may set or reset the user's password: only when he administers
   * every application the user belongs to. A user who is also in main, in another
   * builder's application or a super administrator is out of an application admin's reach.
   */
  administersAccount(targetGroups: readonly Group[]): boolean {
    if (this.isSuperAdmin) return true;
    return targetGroups.length > 0 && targetGroups.every((g) => this.isAppAdmin(Number(g.groupAppId)));
  }

  assertAppAdmin(appId: number): void {
    if (!this.isAppAdmin(appId)) throw forbidden(Messages.forbidden);
  }

  assertAppMember(appId: number): void {
    if (!this.isAppMember(appId)) throw forbidden(Messages.forbidden);
  }

  assertSuperAdmin(): void {
    if (!this.isSuperAdmin) throw forbidden(Messages.forbidden);
  }
}
