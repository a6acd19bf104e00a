import { thirdPartyCalls } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../http/route';
import { listThirdParties, removeThirdParty, saveThirdParty, testThirdParty } from '../third-parties/services';

/** The root application's Third Parties screen (spec 1 screen 4): the super administrator's only. */
const thirdPartyRoutes: FastifyPluginAsync = async (app) => {
  route(app, thirdPartyCalls.listThirdParties, () => listThirdParties(app.services));
  route(app, thirdPartyCalls.saveThirdParty, async ({ input: { body }, reply, audit }) => {
    const { created, ...saved } = await saveThirdParty(app.services, audit, body);
    if (created) reply.code(201);
    return saved;
  });
  route(app, thirdPartyCalls.deleteThirdParty, ({ input: { body }, audit }) => removeThirdParty(app.services, audit, body.serviceId));
  route(app, thirdPartyCalls.testThirdParty, ({ input: { body } }) => testThirdParty(app.services, body.serviceId));
};

export default thirdPartyRoutes;
