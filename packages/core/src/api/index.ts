import { actionCalls } from './actions';
import { appCalls } from './apps';
import { authCalls } from './auth';
import { bundleCalls } from './bundles';
import { databaseCalls } from './databases';
import { fileCalls } from './files';
import { functionCalls } from './functions';
import { groupCalls } from './groups';
import { lookupCalls, schoolCalls } from './lookups';
import { menuCalls } from './menus';
import { pageCalls } from './pages';
import { pageVersionCalls } from './page-versions';
import { pdfTemplateCalls } from './pdf-templates';
import { printCalls } from './print';
import { tableCalls } from './tables';
import { thirdPartyCalls } from './third-parties';
import { triggerCalls } from './triggers';
import { userCalls } from './users';
import { workflowRunCalls } from './workflow-runs';
import { workflowCalls } from './workflows';

export * from './contract';
export * from './actions';
export * from './apps';
export * from './auth';
export * from './bundles';
export * from './databases';
export * from './files';
export * from './functions';
export * from './groups';
export * from './lookups';
export * from './menus';
export * from './pages';
export * from './page-versions';
export * from './pdf-templates';
export * from './print';
export * from './tables';
export * from './third-parties';
export * from './triggers';
export * from './users';
export * from './workflow-runs';
export * from './workflows';

/** Every call of the API, by name: the server registers a route for each, the web client calls them. */
export const calls = {
  ...authCalls,
  ...userCalls,
  ...groupCalls,
  ...appCalls,
  ...databaseCalls,
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
};
