import { bundleCalls, MAX_BUNDLE_BYTES } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { exportApp } from '../bundles/export';
import { importBundle, previewImport } from '../bundles/import';
import { route } from '../http/route';
import { PdfReader } from '../pdf-templates/extract';

/** Application export and import (issue 17, docs/bundle-format.md). */
const bundleRoutes: FastifyPluginAsync = async (app) => {
  const reader = new PdfReader();
  // A bundle's JSON, with room for the request's other fields.
  const bodyLimit = MAX_BUNDLE_BYTES + 64 * 1024;

  route(app, bundleCalls.exportApp, ({ input: { params, query }, caller }) => exportApp(app.services, caller, params.appId, query));

  route(app, bundleCalls.previewImport, ({ input: { body }, caller }) => previewImport(app.services, caller, body), { bodyLimit });

  route(app, bundleCalls.importApp, async ({ input: { body }, caller, reply }) => {
    const { created, ...imported } = await importBundle(app.services, reader, caller, body);
    if (created) reply.code(201);
    return imported;
  }, { bodyLimit });
};

export default bundleRoutes;
