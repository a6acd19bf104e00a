import { environmentCalls, MAX_BUNDLE_BYTES } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { addEnvironment, createEnvironments, getEnvironments, renameEnvironment } from '../environments/family';
import { previewBundlePromotion, previewPromotion, promote, promoteBundle, undoPromotion } from '../environments/promotion';
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
  // A CI job's promotion carries the source's export: as large as an import's bundle.
  const bodyLimit = MAX_BUNDLE_BYTES + 64 * 1024;
  route(app, environmentCalls.previewBundlePromotion, ({ input: { body }, caller }) => previewBundlePromotion(app.services, caller, body), { bodyLimit });
  route(app, environmentCalls.promoteBundle, ({ input: { body }, caller }) => promoteBundle(app.services, reader, caller, body), { bodyLimit });
  route(app, environmentCalls.undoPromotion, ({ input: { body }, caller }) => undoPromotion(app.services, reader, caller, body.appId));
};

export default environmentRoutes;
