import { actionCalls } from './actions';
import { menuCalls } from './menus';
import { printCalls } from './print';
import { tableCalls } from './tables';
import { triggerCalls } from './triggers';

export * from './contract';
export * from './menus';
export * from './actions';
export * from './triggers';
export * from './tables';
export * from './print';

/** Every call of the API, by name: the server registers a route for each, the web client calls them. */
export const calls = {
  ...menuCalls,
  ...actionCalls,
  ...triggerCalls,
  ...tableCalls,
  ...printCalls,
};
