import { menuCalls } from './menus';

export * from './contract';
export * from './menus';

/** Every call of the API, by name: the server registers a route for each, the web client calls them. */
export const calls = {
  ...menuCalls,
};
