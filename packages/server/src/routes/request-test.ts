import { requestHttpMethod, TestRequestBodySchema } from '@rakit/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../auth/plugin';
import { bodyOf, outboundUrl, sendToAddress, vetHost } from '../outbound/safe-request';

/**
 * The Request section's Test through the server (spec 2 §2): the author sees what his URL
 * answers without the browser's CORS rules. At runtime a REQUEST still runs in the member's
 * browser (spec 2 §4); only an application's administrators may make the server call out.
 */
const requestTestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/action/testRequest', {
    schema: {
      tags: ['actions'],
      summary: 'Send a REQUEST action\'s call from the server for an administrator of the application (public http(s) addresses only unless RAKIT_ALLOW_PRIVATE_URLS)',
      body: TestRequestBodySchema,
    },
  }, async (request) => {
    const body = request.body;
    principalOf(request).assertAppAdmin(body.appId);
    const url = outboundUrl(body.url);
    const target = await vetHost(url.hostname, app.config.allowPrivateUrls);
    // The spec's methods are GET, POST, UPDATE and DELETE: UPDATE goes on the wire as PUT.
    // A GET sends no body, as in the browser.
    const method = requestHttpMethod(body.method);
    const answer = await sendToAddress({ url, method, headers: body.headers, body: method === 'GET' ? undefined : body.body }, target);
    return { status: true, data: { status: answer.status, headers: answer.headers, body: bodyOf(answer.text) } };
  });
};

export default requestTestRoutes;
