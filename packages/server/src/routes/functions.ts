import { functionCalls } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import {
  changeFunction, getFunction, listFunctions, removeFunction, runStoredFunction, saveFunction,
} from '../functions/functions';
import { testFunction } from '../tables/test-function';
import { route } from '../http/route';

/** Custom functions (spec 1 screen 9, §7 /function/*) and their runs in the sandbox. */
const functionRoutes: FastifyPluginAsync = async (app) => {
  route(app, functionCalls.listFunction, async ({ input: { params } }) => listFunctions(app.services, params.appId));

  route(app, functionCalls.getFunction, async ({ input: { params } }) => getFunction(app.services, params.slug));

  route(app, functionCalls.saveFunction, async ({ input: { body }, audit }) => saveFunction(app.services, audit, body.appId, body));

  route(app, functionCalls.updateFunction, async ({ input: { body }, audit }) => changeFunction(app.services, audit, body.id, body, body.revision));

  route(app, functionCalls.deleteFunction, async ({ input: { params }, audit }) => removeFunction(app.services, audit, params.slug));

  route(app, functionCalls.runFunction, async ({ input: { params, body }, caller }) => runStoredFunction(app.services, caller, params.slug, body.params));

  route(app, functionCalls.testFunction, async ({ input: { body }, caller }) => testFunction(app.services, caller, body.appId, body));
};

export { functionOwners as owners } from '../functions/functions';

export default functionRoutes;
