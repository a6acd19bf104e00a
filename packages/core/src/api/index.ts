import { actionCalls } from './actions';
import { apiSourceCalls } from './api-sources';
import { apiTokenCalls, type TokenCallName } from './api-tokens';
import { appCalls } from './apps';
import { auditCalls } from './audit';
import { type AnyCall, lazyCalls } from './contract';
import { authCalls } from './auth';
import { bundleCalls } from './bundles';
import { databaseCalls } from './databases';
import { fileCalls } from './files';
import { functionCalls } from './functions';
import { environmentCalls } from './environments';
import { gitCalls } from './git';
import { groupCalls } from './groups';
import { lookupCalls, schoolCalls } from './lookups';
import { menuCalls } from './menus';
import { pageCalls } from './pages';
import { pageVersionCalls } from './page-versions';
import { pdfTemplateCalls } from './pdf-templates';
import { printCalls } from './print';
import { signInCalls } from './sign-in';
import { secondFactorCalls } from './second-factor';
import { passkeyCalls } from './passkeys';
import { tableCalls } from './tables';
import { thirdPartyCalls } from './third-parties';
import { triggerCalls } from './triggers';
import { userCalls } from './users';
import { variableCalls } from './variables';
import { workflowRunCalls } from './workflow-runs';
import { workflowCalls } from './workflows';
import { stepSecretCalls, workflowHookCalls } from './workflow-hooks';
import { workflowScheduleCalls } from './workflow-schedules';
import { workflowTaskCalls } from './workflow-tasks';

export * from './contract';
export * from './collab';
export * from './actions';
export * from './api-sources';
export * from './api-tokens';
export * from './apps';
export * from './audit';
export * from './auth';
export * from './bundles';
export * from './databases';
export * from './files';
export * from './functions';
export * from './environments';
export * from './git';
export * from './groups';
export * from './lookups';
export * from './menus';
export * from './pages';
export * from './page-versions';
export * from './pdf-templates';
export * from './print';
export * from './sign-in';
export * from './second-factor';
export * from './passkeys';
export * from './tables';
export * from './third-parties';
export * from './triggers';
export * from './users';
export * from './variables';
export * from './workflow-runs';
export * from './workflows';
export * from './workflow-hooks';
export * from './workflow-schedules';
export * from './workflow-tasks';

/** Every call of the API, by name: the server registers a route for each, the web client calls them. */
export const calls = lazyCalls(() => ({
  ...authCalls,
  ...userCalls,
  ...groupCalls,
  ...appCalls,
  ...databaseCalls,
  ...apiSourceCalls,
  ...fileCalls,
  ...menuCalls,
  ...pageCalls,
  ...pageVersionCalls,
  ...actionCalls,
  ...triggerCalls,
  ...tableCalls,
  ...printCalls,
  ...workflowCalls,
  ...thirdPartyCalls,
  ...workflowRunCalls,
  ...functionCalls,
  ...pdfTemplateCalls,
  ...lookupCalls,
  ...schoolCalls,
  ...bundleCalls,
  ...gitCalls,
  ...environmentCalls,
  ...variableCalls,
  ...auditCalls,
  ...signInCalls,
  ...secondFactorCalls,
  ...passkeyCalls,
  ...apiTokenCalls,
  ...workflowHookCalls,
  ...stepSecretCalls,
  ...workflowScheduleCalls,
  ...workflowTaskCalls,
}));

export type CallName = keyof typeof calls;

// Every call a token's ability opens is a call (checked where both are known; api-tokens.ts cannot import calls).
type AbilityCallsAreCalls = TokenCallName extends CallName ? true : never;
export const abilityCallsAreCalls: AbilityCallsAreCalls = true;

let namesOfCalls: Map<AnyCall, CallName> | undefined;

/** A call's name in `calls` (what the audit log records as its action). */
export function callNameOf(call: AnyCall): CallName | undefined {
  namesOfCalls ??= new Map<AnyCall, CallName>(Object.entries(calls).map(([name, each]) => [each as AnyCall, name as CallName]));
  return namesOfCalls.get(call);
}

/**
 * Calls other than GET that change nothing worth recording in the audit log, each with why;
 * every other call other than GET leaves an entry when it succeeds (a test makes each one),
 * as do the GET calls that export or print.
 */
export const UNAUDITED_CALLS: Partial<Record<CallName, string>> = {
  loadTableContent: 'reads rows (POST for its filter body)',
  loadApiOptions: 'reads a widget\'s options from its API (POST for the page\'s values)',
  loadQueryContent: 'reads rows (POST for its filter body)',
  countTableContent: 'counts rows (POST for its filter body)',
  scanBarcode: 'reads the row a code names',
  testRequest: 'tries an HTTP request the administrator is writing; stores nothing',
  testFunction: 'runs a function the administrator is writing in the sandbox, which reaches nothing',
  runFunction: 'runs a saved function in the sandbox, which reaches nothing (its uses in workflows and tables are recorded there)',
  getAddress: 'a lookup of administrative areas',
  getSchool: 'a lookup of the school directory',
  getSchoolAddress: 'a lookup of the school directory',
  extractTemplate: 'reads the fields of an uploaded PDF; stores nothing',
  previewImport: 'tells what an import would change; writes nothing (the import itself is recorded)',
  previewPullFromGit: 'tells what a pull would change; writes nothing (the pull itself is recorded)',
  previewPromotion: 'tells what a promotion would change; writes nothing (the promotion itself is recorded)',
  previewBundlePromotion: 'tells what a CI job\'s promotion would change; writes nothing (the promotion itself is recorded)',
  planSearchIndex: 'shows the statements an index would run; runs nothing (adding it is recorded)',
  redeemSignInTicket: 'trades a one-time ticket for a session; the sign-in was recorded when the provider answered',
  startSecondFactor: 'makes a secret to set up; nothing is in use until it is confirmed (which is recorded)',
  startPasskeyRegistration: 'hands out a challenge; the passkey made with it is recorded when it is kept',
  startPasskeySignIn: 'hands out a challenge; the sign-in made with it is recorded',
  previewSchedule: 'tells when a cron expression would run; saves nothing',
  readOpenApi: 'lists the operations of a document the administrator gives; stores nothing',
  previewApiEndpoint: 'calls an endpoint the administrator is writing and shows its first rows; stores nothing',
};

/** GET calls that are recorded: exports and downloads of what an application holds. */
export const AUDITED_READS: ReadonlySet<CallName> = new Set(['excelFromTableStream', 'exportAuditLog', 'exportAllAuditLog', 'exportApp']);
