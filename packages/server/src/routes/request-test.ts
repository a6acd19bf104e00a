import { answerBodyOf, requestHttpMethod, TestRequestBodySchema } from '@rakit/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../auth/plugin';
import { outboundUrl, sendToAddress, vetHost, withOutboundSlot } from '../outbound/safe-request';
import { perUserRateLimit, REQUEST_TEST_RATE_LIMIT } from '../http/rate-limit';

/**
 * The Request section's Test through the server (spec 2 §2): the author sees what his URL
 * answers without the browser's CORS rules. At runtime a REQUEST still runs in the member's
 * browser (spec 2 §4); only an application's administrators may make the server call out, each
 * a limited number of times a minute, and only a few such calls are under way at once.
 */
const requestTestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/action/testRequest', {
    schema: {
      tags: ['actions'],
      summary: 'Send a REQUEST action\'s call from the server for an administrator of the application (public http(s) addresses only unless RAKIT_ALLOW_PRIVATE_URLS)',
      body: TestRequestBodySchema,
    },
    config: { rateLimit: perUserRateLimit(REQUEST_TEST_RATE_LIMIT) },
  }, async (request) => {
    const body = request.body;
    principalOf(request).assertAppAdmin(body.appId);
    const url = outboundUrl(body.url);
    // The spec's methods are GET, POST, UPDATE and DELETE: UPDATE goes on the wire as PUT.
    // A GET sends no body, as in the browser.
    const method = requestHttpMethod(body.method);
    const answer = await withOutboundSlot(async () => {
      const targets = await vetHost(url.hostname, app.config.allowPrivateUrls);
      return sendToAddress({ url, method, headers: body.headers, body: method === 'GET' ? undefined : body.body }, targets);
    });
    return { status: true, data: { status: answer.status, headers: answer.headers, body: answerBodyOf(answer.text) } };
  });
};

export default requestTestRoutes;
