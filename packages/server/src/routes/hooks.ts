import { stepSecretCalls, workflowHookCalls } from '@rakit/core';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { cachedHook, type HookRefusal, logHookCall, receiveHook } from '../hooks/receive-hook';
import { listStepSecrets, removeStepSecret, setStepSecret } from '../hooks/step-secrets';
import { listWorkflowHooks, removeWorkflowHook, rotateHookSecret, saveWorkflowHook } from '../hooks/workflow-hooks';
import { requestLanguage } from '../http/language';
import { route } from '../http/route';

/** Webhooks (issue 37): the administrator's calls (incoming hooks, Send Webhook steps' secrets), and the public one other systems make. */
const hookRoutes: FastifyPluginAsync = async (app) => {
  route(app, workflowHookCalls.listWorkflowHooks, ({ input: { params } }) => listWorkflowHooks(app.services, params.id));
  route(app, workflowHookCalls.saveWorkflowHook, async ({ input: { body }, audit, reply }) => {
    const { created, ...saved } = await saveWorkflowHook(app.services, audit, body);
    if (created) reply.code(201);
    return saved;
  });
  route(app, workflowHookCalls.rotateHookSecret, ({ input: { body }, audit }) => rotateHookSecret(app.services, audit, body.hookId));
  route(app, workflowHookCalls.deleteWorkflowHook, ({ input: { body }, audit }) => removeWorkflowHook(app.services, audit, body.hookId));
  route(app, stepSecretCalls.listStepSecrets, ({ input: { params } }) => listStepSecrets(app.services, params.id));
  route(app, stepSecretCalls.setStepSecret, ({ input: { body }, audit }) => setStepSecret(app.services, audit, body));
  route(app, stepSecretCalls.deleteStepSecret, ({ input: { body }, audit }) => removeStepSecret(app.services, audit, body.actionId));
  await app.register(receivingRoutes);
};

/**
 * The public call, in a context of its own: it reads the body as raw bytes, whatever its type
 * (the signature is over them), up to RAKIT_HOOK_BODY_LIMIT_BYTES, and is counted per hook.
 * A call refused before its handler runs (too large, too many) is still kept in the hook's log.
 */
const receivingRoutes: FastifyPluginAsync = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => { done(null, body); });
  const hookIdOf = (request: FastifyRequest) => (request.params as { hookId?: string }).hookId ?? '';
  const refusedEarly: Record<number, HookRefusal> = { 413: 'bodyTooLarge', 429: 'rateLimited' };
  app.addHook('onResponse', async (request, reply) => {
    const outcome = refusedEarly[reply.statusCode];
    if (outcome === undefined) return;
    const found = await cachedHook(app.services, hookIdOf(request)).catch(() => undefined);
    if (found !== undefined) await logHookCall(app.services, found.hook.hookId, outcome, null, request.ip);
  });
  route(app, workflowHookCalls.receiveHook, ({ input: { params }, request, audit }) => {
    // The entries of the call say which hook was called, never the bytes it was sent.
    audit.input = { params };
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    return receiveHook(app.services, audit, { ...params, headers: request.headers, body, sourceAddress: request.ip }, requestLanguage(request));
  }, {
    bodyLimit: app.services.config.hookBodyLimitBytes,
    config: {
      rateLimit: {
        max: app.services.config.hookRateLimit, timeWindow: '1 minute', keyGenerator: (request: FastifyRequest) => `hook:${hookIdOf(request)}`,
      },
    },
  });
};

export { workflowHookOwners as owners } from '../hooks/workflow-hooks';

export default hookRoutes;
