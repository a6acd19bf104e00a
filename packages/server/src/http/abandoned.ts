import type { FastifyReply } from 'fastify';

/**
 * A signal that aborts when the client goes away before its answer was sent (a newer
 * keystroke, a closed tab): the answer's connection closed while it was still unfinished. A
 * client that left while the request waited for its handler (auth, a busy thread) has its
 * signal aborted from the start.
 */
export function abandonedSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const abandon = () => {
    if (!reply.raw.writableFinished) controller.abort(new Error('The client went away'));
  };
  if (reply.raw.destroyed || reply.raw.socket === null || reply.raw.socket.destroyed) abandon();
  else reply.raw.once('close', abandon);
  return controller.signal;
}
