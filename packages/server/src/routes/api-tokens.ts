import { apiTokenCalls } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { createApiToken, listApiTokens, revokeApiToken } from '../accounts/api-tokens';
import { route } from '../http/route';

/** Tokens for machines (issue 36): an application administrator's. */
const apiTokenRoutes: FastifyPluginAsync = async (app) => {
  route(app, apiTokenCalls.listApiTokens, ({ input: { params } }) => listApiTokens(app.services, params.appId));
  route(app, apiTokenCalls.createApiToken, ({ input: { body }, caller, audit }) => createApiToken(app.services, caller, audit, body));
  route(app, apiTokenCalls.revokeApiToken, ({ input: { body }, audit }) => revokeApiToken(app.services, audit, body.tokenId));
};

export { apiTokenOwners as owners } from '../accounts/api-tokens';

export default apiTokenRoutes;
