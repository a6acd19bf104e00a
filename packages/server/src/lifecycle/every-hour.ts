import type { FastifyInstance } from 'fastify';

const HOUR_MS = 60 * 60 * 1000;

/**
 * A recurring job of this process: once when the server is ready (not awaited: a store that
 * hangs must not keep the server from answering its probes), then every `intervalMs`, its
 * failures logged as `what`. The timer holds no process open and stops on close.
 */
export function everyInterval(app: FastifyInstance, intervalMs: number, what: string, job: () => Promise<unknown>): void {
  const run = () => { job().catch((error: unknown) => app.log.error({ err: error }, what)); };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer !== undefined) clearInterval(timer);
  });
}

/** An upkeep job (pruning by age, which is idempotent, so every process may run it), hourly. */
export function everyHour(app: FastifyInstance, what: string, job: () => Promise<unknown>): void {
  everyInterval(app, HOUR_MS, what, job);
}
