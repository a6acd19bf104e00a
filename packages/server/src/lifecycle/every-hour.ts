import type { FastifyInstance } from 'fastify';

const HOUR_MS = 60 * 60 * 1000;

/**
 * An upkeep job of this process (pruning by age, which is idempotent, so every process may run
 * it): once when the server is ready, then hourly, its failures logged as `what`. The timer holds
 * no process open and stops on close.
 */
export function everyHour(app: FastifyInstance, what: string, job: () => Promise<unknown>): void {
  const run = () => { job().catch((error: unknown) => app.log.error({ err: error }, what)); };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, HOUR_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer !== undefined) clearInterval(timer);
  });
}
