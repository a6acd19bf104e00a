import { administersApp, type CallName, type Group, isSuperAdminGroup, MAIN_APP_SLUG, Messages } from '@rakit/core';
import { type AuditContext, auditAppIs } from '../audit/context';
import { forbidden } from '../errors/http-errors';

/** The account a call is about (as cachedAccount reads it): where it belongs, and its groups. */
export interface TargetAccount {
  user: { homeAppId: number | null };
  groups: readonly Group[];
}

/** The session a caller's token names (issue 36). */
export interface PrincipalSession {
  id: string;
  /** Started with a second factor. */
  secondFactor: boolean;
  /** May only set up a second factor (his application requires one of its administrators). */
  mustSetUpSecondFactor: boolean;
}

/**
 * What a token for machines may do (issue 36): the calls its abilities open, on the pages it
 * names, in its one application. It is never an administrator and belongs to no group.
 */
export interface MachineGrant {
  tokenId: string;
  tokenName: string;
  appId: number;
  calls: ReadonlySet<CallName>;
  pageIds: ReadonlySet<number>;
}

/** The signed-in caller of a request, with his groups read from the store on each request. */
export class Principal {
  readonly isSuperAdmin: boolean;
  /** The call he is making, for its audit entries: set by the route layer (http/route.ts) once it has validated the call. */
  audit: AuditContext | undefined;

  /** session: the session the caller's token names (issue 36); null for a principal made without one. */
  /** A token for machines (issue 36): null for a person. */
  readonly machine: MachineGrant | null;

  constructor(readonly userId: string, readonly tokenAppSlug: string, readonly groups: Group[], readonly session: PrincipalSession | null = null, machine: MachineGrant | null = null) {
    this.machine = machine;
    // A token's principal has no groups: nothing a group grants reaches it.
    this.isSuperAdmin = machine === null && groups.some(isSuperAdminGroup);
  }

  /** A token for machines as a caller: no groups, no session; its id names it (`token:<id>`) in per-caller limits and the audit log. */
  static ofMachine(grant: MachineGrant, appSlug: string): Principal {
    return new Principal(`token:${grant.tokenId}`, appSlug, [], null, grant);
  }

  /** Who the audit log says made a call: the user, or `token:<name>` for a token for machines. */
  get auditActor(): string {
    return this.machine === null ? this.userId : `token:${this.machine.tokenName}`;
  }

  get sessionId(): string | null {
    return this.session?.id ?? null;
  }

  /** Administrator of the application: the super administrator, or a member of its 'admin' group (core's one rule). */
  isAppAdmin(appId: number): boolean {
    return this.machine === null && administersApp(this.groups, appId);
  }

  /**
   * A token of the application whose abilities deploy it (core's `deployApp`, issue 39): it
   * exports the application and imports over it. auth/plugin.ts lets a token make no call outside
   * its abilities, so this reaches the bundle calls alone.
   */
  deploysApp(appId: number): boolean {
    return this.machine !== null && this.machine.appId === appId && this.machine.calls.has('importApp');
  }

  /** Who an administrator's call is open to: the application's administrators, and a token that deploys it. */
  administers(appId: number): boolean {
    return this.isAppAdmin(appId) || this.deploysApp(appId);
  }

  /** Member of the application through any of its groups (administrators included); a token of its own application. */
  isAppMember(appId: number): boolean {
    if (this.machine !== null) return this.machine.appId === appId;
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
    return this.isSuperAdmin || (this.machine === null && this.tokenAppSlug === MAIN_APP_SLUG);
  }

  /**
   * Whether the caller may set or reset the user's password. Adding someone to a group is no
   * consent: the account must have joined the caller's application (registered into it or
   * created there by its administrator), and the caller must administer every application it
   * belongs to, so a user also in main, in another builder's application or a super
   * administrator stays out of an application admin's reach.
   */
  administersAccount(account: TargetAccount): boolean {
    if (this.isSuperAdmin) return true;
    const home = account.user.homeAppId;
    return home !== null && this.isAppAdmin(home)
      && account.groups.every((g) => this.isAppAdmin(Number(g.groupAppId)));
  }

  /**
   * Whether the caller may put the user into a group of the application: a user of that
   * application (his home, or already a member of one of its groups); anyone for the super
   * administrator. Others are answered as if they did not exist.
   */
  mayAddMember(appId: number, account: TargetAccount): boolean {
    if (this.isSuperAdmin) return true;
    return this.isAppAdmin(appId)
      && (account.user.homeAppId === appId || account.groups.some((g) => g.groupAppId === String(appId)));
  }

  /** Refuses a caller who does not administer the application; the call then acts in it (its audit entries go there). */
  assertAppAdmin(appId: number): void {
    if (!this.administers(appId)) throw forbidden(Messages.forbidden);
    auditAppIs(this.audit, appId);
  }

  /** Refuses a caller who is not a member; the call then acts in the application (its audit entries go there). */
  assertAppMember(appId: number): void {
    if (!this.isAppMember(appId)) throw forbidden(Messages.forbidden);
    auditAppIs(this.audit, appId);
  }

  assertSuperAdmin(): void {
    if (!this.isSuperAdmin) throw forbidden(Messages.forbidden);
  }
}
