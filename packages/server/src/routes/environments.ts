import { environmentCalls } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { addEnvironment, createEnvironments, getEnvironments, renameEnvironment } from '../environments/family';
import { previewPromotion, promote, undoPromotion } from '../environments/promotion';
import { route } from '../http/route';
import { PdfReader } from '../pdf-templates/extract';

/** An application's environments and promotions between them (issue 39): its administrators' calls. */
const environmentRoutes: FastifyPluginAsync = async (app) => {
  const reader = new PdfReader();
  route(app, environmentCalls.getEnvironments, ({ input: { params }, caller }) => getEnvironments(app.services, caller, params.appId));
  route(app, environmentCalls.createEnvironments, ({ input: { body }, caller }) => createEnvironments(app.services, reader, caller, body.appId));
  route(app, environmentCalls.addEnvironment, ({ input: { body }, caller }) => addEnvironment(app.services, reader, caller, body));
  route(app, environmentCalls.renameEnvironment, ({ input: { body }, caller }) => renameEnvironment(app.services, caller, body));
  route(app, environmentCalls.previewPromotion, ({ input: { body }, caller }) => previewPromotion(app.services, caller, body));
  route(app, environmentCalls.promote, ({ input: { body }, caller }) => promote(app.services, reader, caller, body));
  route(app, environmentCalls.undoPromotion, ({ input: { body }, caller }) => undoPromotion(app.services, reader, caller, body.appId));
};

export default environmentRoutes;
