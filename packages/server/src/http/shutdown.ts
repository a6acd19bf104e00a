import type { FastifyInstance } from 'fastify';
import type { Store } from '../store/db';

/**
 * How a replica leaves its balancer (SIGTERM, as an orchestrator or a rolling restart sends):
 * /readyz turns 503 at once while everything is still served for RAKIT_SHUTDOWN_DELAY_MS, so the
 * balancer stops sending first; then the listener closes (new connections are refused, requests
 * on kept-alive ones are still served, with Connection: close), the requests in flight finish,
 * the pools close (application connections, workflow queue and Redis, the function sandbox: the
 * app's onClose hooks; then the metadata store) and the process exits 0. Whatever is still
 * running RAKIT_SHUTDOWN_GRACE_MS after the signal is cut and the process exits 1.
 *
 * SIGINT (Ctrl+C at a terminal: no balancer to tell) skips the delay. A second signal finds no
 * handler and stops the process at once, as Ctrl+C pressed twice should.
 */
export function drainOnSignals(app: FastifyInstance, store: Store, exit: (code: number) => void = (code) => process.exit(code)): void {
  let stopping = false;
  const drain = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const { shutdownDelayMs, shutdownGraceMs } = app.services.config.lifecycle;
    const delayMs = signal === 'SIGINT' ? 0 : Math.min(shutdownDelayMs, shutdownGraceMs);
    app.services.readiness.startDraining();
    app.log.info({ signal, delayMs, graceMs: shutdownGraceMs }, 'draining: /readyz answers 503; requests in flight are finished');
    const deadline = setTimeout(() => {
      app.log.error({ graceMs: shutdownGraceMs }, 'requests still running at the end of RAKIT_SHUTDOWN_GRACE_MS: cut');
      app.server.closeAllConnections();
      exit(1);
    }, shutdownGraceMs);
    deadline.unref();
    try {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      await app.close();
      await store.destroy();
    } catch (error) {
      app.log.error({ err: error }, 'closing after SIGTERM');
      exit(1);
      return;
    }
    clearTimeout(deadline);
    exit(0);
  };
  process.once('SIGTERM', (signal) => { void drain(signal); });
  process.once('SIGINT', (signal) => { void drain(signal); });
}

/** One line of the start-up notice: what this replica's pools are (README "Scaling out" has the arithmetic). */
export function poolsLine(app: FastifyInstance): string {
  const { storePoolMax, dataSourcePoolMax } = app.services.config.lifecycle;
  const store = app.services.config.databaseUrl === undefined ? 'the embedded SQLite store (one connection)' : `up to ${storePoolMax} connections to the metadata store`;
  return `  Pools: ${store}, up to ${dataSourcePoolMax} to each application's MySQL/PostgreSQL connection (RAKIT_STORE_POOL_MAX, RAKIT_DATASOURCE_POOL_MAX)`;
}

/**
 * Once draining, every answer says Connection: close, so a kept-alive connection ends with the
 * answer of its request in flight: the listener's close (which waits for every connection) then
 * completes as soon as the last answer is sent, and no client reuses a connection about to go.
 */
export function closeConnectionsWhileDraining(app: FastifyInstance): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (app.services.readiness.draining) reply.header('connection', 'close');
    done(null, payload);
  });
}
