import type { FastifyReply } from 'fastify';

/**
 * A signal that aborts when the client goes away before its answer was sent (a newer
 * keystroke, a closed tab): the answer's connection closed while it was still unfinished.
 */
export function abandonedSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new Error('The client went away'));
  });
  return controller.signal;
}
