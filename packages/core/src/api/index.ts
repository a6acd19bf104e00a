import { authCalls } from './auth';
import { groupCalls } from './groups';
import { menuCalls } from './menus';
import { userCalls } from './users';

export * from './contract';
export * from './auth';
export * from './groups';
export * from './menus';
export * from './users';

/** Every call of the API, by name: the server registers a route for each, the web client calls them. */
export const calls = {
  ...authCalls,
  ...userCalls,
  ...groupCalls,
  ...menuCalls,
};
