import { variableCalls } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../http/route';
import { pageVariables } from '../pages/page-variables';
import { listVariables, removeVariable, saveVariable } from '../variables/variables';

/** An environment's named variables (issue 39): its administrators' calls. */
const variableRoutes: FastifyPluginAsync = async (app) => {
  route(app, variableCalls.listVariables, ({ input: { params } }) => listVariables(app.services, params.appId));
  route(app, variableCalls.saveVariable, async ({ input: { body }, reply, audit }) => {
    const { created, ...saved } = await saveVariable(app.services, audit, body);
    if (created) reply.code(201);
    return saved;
  });
  route(app, variableCalls.pageVariables, ({ input: { params }, caller }) => pageVariables(app.services, caller, params.id));
  route(app, variableCalls.deleteVariable, ({ input: { body }, audit }) => removeVariable(app.services, audit, body.variableId));
};

export { variableOwners as owners } from '../variables/variables';

export default variableRoutes;
