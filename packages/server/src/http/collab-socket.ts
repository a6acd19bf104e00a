import type { Hocuspocus } from '@hocuspocus/server';
import { COLLAB_PATH } from '@rakit/core';
import type { FastifyInstance } from 'fastify';
import { type RawData, WebSocketServer } from 'ws';
import type { CollabContext } from '../coedit/collab';


/** The largest message a builder's editor may send: a whole 200-component page (or 200-card workflow) is far below. */
const MAX_MESSAGE_BYTES = 2 * 1024 * 1024;

/** How long closing waits for the documents' pending stores. */
const STORE_ON_CLOSE_MS = 5000;

const bytesOf = (data: RawData): Uint8Array =>
  new Uint8Array(Array.isArray(data) ? Buffer.concat(data) : data instanceof ArrayBuffer ? Buffer.from(data) : data);

/**
 * Binds the co-editing documents (coedit/collab.ts) to WebSocket upgrades of COLLAB_PATH on
 * the HTTP server; any other upgrade is refused. Closing the server stores what is pending and
 * closes the sockets.
 */
export function installCollabSocket(app: FastifyInstance, collab: Hocuspocus<CollabContext>): void {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  app.server.on('upgrade', (request, socket, head) => {
    if (new URL(request.url ?? '/', 'http://localhost').pathname !== COLLAB_PATH) {
      socket.destroy();
      return;
    }
    sockets.handleUpgrade(request, socket, head, (websocket) => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers.set(name, value);
      const connection = collab.handleConnection(websocket, new Request(new URL(request.url ?? '/', 'http://localhost'), { headers }), {
        sourceAddress: request.socket.remoteAddress ?? null,
      });
      websocket.on('message', (data) => connection.handleMessage(bytesOf(data)));
      websocket.on('close', (code, reason) => connection.handleClose({ code, reason: reason.toString() }));
      websocket.on('error', (error) => app.log.warn({ err: error }, 'co-editing socket'));
    });
  });
  // Every acknowledged edit is stored before the process ends: the pending stores run now, and
  // the documents unload once stored.
  app.addHook('preClose', async () => {
    for (const websocket of sockets.clients) websocket.terminate();
    collab.flushPendingStores();
    const until = Date.now() + STORE_ON_CLOSE_MS;
    while (collab.getDocumentsCount() > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise<void>((resolve) => sockets.close(() => resolve()));
    // The extensions' own connections (Redis between replicas).
    await collab.hooks('onDestroy', { instance: collab });
  });
}
