import { apiSourceCalls } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../http/route';
import { previewApiEndpoint, removeApiEndpoint, saveApiEndpoint } from '../apis/endpoints';
import { readOpenApi } from '../apis/openapi-import';
import { listApiSources, removeApiSource, saveApiSource } from '../apis/sources';
import { loadApiOptions } from '../tables/api-options';

/** An application's APIs and their endpoints (issue 40): its administrators' calls. */
const apiSourceRoutes: FastifyPluginAsync = async (app) => {
  route(app, apiSourceCalls.listApiSources, ({ input: { params } }) => listApiSources(app.services, params.appId));
  route(app, apiSourceCalls.saveApiSource, async ({ input: { body }, reply, audit }) => {
    const { created, ...saved } = await saveApiSource(app.services, audit, body);
    if (created) reply.code(201);
    return saved;
  });
  route(app, apiSourceCalls.deleteApiSource, ({ input: { body }, audit }) => removeApiSource(app.services, audit, body.sourceId));
  route(app, apiSourceCalls.saveApiEndpoint, async ({ input: { body }, reply, audit }) => {
    const { created, ...saved } = await saveApiEndpoint(app.services, audit, body);
    if (created) reply.code(201);
    return saved;
  });
  route(app, apiSourceCalls.deleteApiEndpoint, ({ input: { body }, audit }) => removeApiEndpoint(app.services, audit, body.endpointId));
  route(app, apiSourceCalls.readOpenApi, ({ input: { body } }) => readOpenApi(body.document));
  route(app, apiSourceCalls.loadApiOptions, ({ input: { body }, caller }) => loadApiOptions(app.services, caller, body));
  route(app, apiSourceCalls.previewApiEndpoint, ({ input: { body }, caller }) => previewApiEndpoint(app.services, caller.userId, body));
};

export { apiSourceOwners as owners } from '../apis/sources';

export default apiSourceRoutes;
