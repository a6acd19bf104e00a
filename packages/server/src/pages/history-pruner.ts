import type { FastifyInstance } from 'fastify';
import { prunePageHistory } from './history';

const HOUR_MS = 60 * 60 * 1000;

/** Page versions' age retention (RAKIT_PAGE_VERSION_DAYS): at start, then hourly (each save prunes its page by count). */
export function startPageHistoryPruner(app: FastifyInstance): void {
  let pruner: NodeJS.Timeout | undefined;
  const prune = () => prunePageHistory(app.store, app.pageHistory)
    .catch((error: unknown) => app.log.error({ err: error }, 'pruning page versions'));
  app.addHook('onReady', async () => {
    void prune();
    pruner = setInterval(() => { void prune(); }, HOUR_MS);
    pruner.unref();
  });
  app.addHook('onClose', async () => {
    if (pruner !== undefined) clearInterval(pruner);
  });
}
