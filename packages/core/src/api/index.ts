import { appCalls } from './apps';
import { databaseCalls } from './databases';
import { fileCalls } from './files';
import { menuCalls } from './menus';
import { pageCalls } from './pages';

export * from './contract';
export * from './apps';
export * from './databases';
export * from './files';
export * from './menus';
export * from './pages';

/** Every call of the API, by name: the server registers a route for each, the web client calls them. */
export const calls = {
  ...appCalls,
  ...databaseCalls,
  ...fileCalls,
  ...menuCalls,
  ...pageCalls,
};
