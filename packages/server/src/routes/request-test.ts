import { actionCalls, answerBodyOf, requestHttpMethod } from '@rakit/core';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../http/route';
import { outboundUrl, sendToAddress, vetHost, withOutboundSlot } from '../outbound/safe-request';
import { perUserRateLimit, REQUEST_TEST_RATE_LIMIT } from '../http/rate-limit';

/**
 * The Request section's Test through the server (spec 2 §2): the author sees what his URL
 * answers without the browser's CORS rules. At runtime a REQUEST still runs in the member's
 * browser (spec 2 §4); only an application's administrators may make the server call out, each
 * a limited number of times a minute, and only a few such calls are under way at once.
 */
const requestTestRoutes: FastifyPluginAsync = async (app) => {
  route(app, actionCalls.testRequest, async ({ input: { body } }) => {
    const url = outboundUrl(body.url);
    // The spec's methods are GET, POST, UPDATE and DELETE: UPDATE goes on the wire as PUT.
    // A GET sends no body, as in the browser.
    const method = requestHttpMethod(body.method);
    const answer = await withOutboundSlot(async () => {
      const targets = await vetHost(url.hostname, app.services.config.allowPrivateUrls);
      return sendToAddress({ url, method, headers: body.headers, body: method === 'GET' ? undefined : body.body }, targets);
    });
    return { status: answer.status, headers: answer.headers, body: answerBodyOf(answer.text) };
  }, { config: { rateLimit: perUserRateLimit(REQUEST_TEST_RATE_LIMIT) } });
};

export default requestTestRoutes;
