import { type AppMarker, type GroupMarker, MAIN_APP_SLUG, mayUseScreen, type MessageKey, ROOT_APP_SLUG, type ScreenAccess } from '@rakit/core';
import type { ReactElement } from 'react';

/** One administration screen: its route under the application, its top bar label (a catalog key), who it is for, its code. */
export interface AdminScreen {
  route: string;
  label: MessageKey;
  /** The access level of the calls the screen makes (core's contracts): who may use it. */
  access: ScreenAccess;
  /** Applications whose top bar does not link it (spec 1 screen 4: Home and Database hidden in main; root's own screens). */
  linkedIn: (appSlug: string) => boolean;
  load: () => Promise<ReactElement>;
}

const everywhere = () => true;
const exceptMain = (appSlug: string) => appSlug !== MAIN_APP_SLUG;
const rootOnly = (appSlug: string) => appSlug === ROOT_APP_SLUG;
const builtApps = (appSlug: string) => appSlug !== MAIN_APP_SLUG && appSlug !== ROOT_APP_SLUG;

/**
 * The admin screens of spec 1 §2, in the top bar's order (the order a builder works:
 * applications, then the pages and who sees them, then data and logic). The routes and the top
 * bar are both read from this list, so a screen is linked exactly where its route is guarded.
 */
export const ADMIN_SCREENS: readonly AdminScreen[] = [
  { route: 'home', label: 'shell.screens.home', access: 'signedIn', linkedIn: exceptMain, load: async () => { const { AppListScreen } = await import('../admin/apps/AppListScreen'); return <AppListScreen />; } },
  { route: 'form-editor', label: 'shell.screens.editor', access: 'appAdmin', linkedIn: everywhere, load: async () => { const { FormEditorScreen } = await import('../editor/FormEditorScreen'); return <FormEditorScreen />; } },
  { route: 'menu', label: 'shell.screens.menu', access: 'appAdmin', linkedIn: everywhere, load: async () => { const { MenuListScreen } = await import('../admin/menus/MenuListScreen'); return <MenuListScreen />; } },
  { route: 'group', label: 'shell.screens.group', access: 'appAdmin', linkedIn: everywhere, load: async () => { const { GroupListScreen } = await import('../admin/groups/GroupListScreen'); return <GroupListScreen />; } },
  { route: 'user', label: 'shell.screens.user', access: 'appAdmin', linkedIn: everywhere, load: async () => { const { UserListScreen } = await import('../admin/users/UserListScreen'); return <UserListScreen />; } },
  { route: 'database', label: 'shell.screens.database', access: 'appAdmin', linkedIn: exceptMain, load: async () => { const { DatabaseListScreen } = await import('../admin/databases/DatabaseListScreen'); return <DatabaseListScreen />; } },
  { route: 'apis', label: 'shell.screens.apis', access: 'appAdmin', linkedIn: exceptMain, load: async () => { const { ApiListScreen } = await import('../admin/apis/ApiListScreen'); return <ApiListScreen />; } },
  { route: 'workflow', label: 'shell.screens.workflow', access: 'appAdmin', linkedIn: everywhere, load: async () => { const { WorkflowEditorScreen } = await import('../admin/workflow/WorkflowEditorScreen'); return <WorkflowEditorScreen />; } },
  { route: 'function', label: 'shell.screens.function', access: 'appAdmin', linkedIn: everywhere, load: async () => { const { FunctionScreen } = await import('../admin/functions/FunctionScreen'); return <FunctionScreen />; } },
  { route: 'libraries', label: 'shell.screens.libraries', access: 'signedIn', linkedIn: everywhere, load: async () => { const { LibrariesScreen } = await import('../admin/libraries/LibrariesScreen'); return <LibrariesScreen />; } },
  { route: 'api-tokens', label: 'shell.screens.apiTokens', access: 'appAdmin', linkedIn: builtApps, load: async () => { const { ApiTokenListScreen } = await import('../admin/api-tokens/ApiTokenListScreen'); return <ApiTokenListScreen />; } },
  { route: 'git', label: 'shell.screens.git', access: 'appAdmin', linkedIn: builtApps, load: async () => { const { GitScreen } = await import('../admin/git/GitScreen'); return <GitScreen />; } },
  { route: 'environments', label: 'shell.screens.environments', access: 'appAdmin', linkedIn: builtApps, load: async () => { const { EnvironmentsScreen } = await import('../admin/environments/EnvironmentsScreen'); return <EnvironmentsScreen />; } },
  { route: 'audit', label: 'shell.screens.audit', access: 'appAdmin', linkedIn: everywhere, load: async () => { const { AuditLogScreen } = await import('../admin/audit/AuditLogScreen'); return <AuditLogScreen />; } },
  { route: 'third-parties', label: 'shell.screens.thirdParties', access: 'superAdmin', linkedIn: rootOnly, load: async () => { const { ThirdPartyListScreen } = await import('../admin/third-parties/ThirdPartyListScreen'); return <ThirdPartyListScreen />; } },
  { route: 'schools', label: 'shell.screens.schools', access: 'superAdmin', linkedIn: rootOnly, load: async () => { const { SchoolDirectoryScreen } = await import('../admin/schools/SchoolDirectoryScreen'); return <SchoolDirectoryScreen />; } },
];

/** The screens the top bar links for this user in this application: linked there, and his to use. */
export const linkedScreens = (groups: readonly GroupMarker[], app: AppMarker): AdminScreen[] =>
  ADMIN_SCREENS.filter((screen) => screen.linkedIn(app.appSlug) && mayUseScreen(screen.access, groups, app));
