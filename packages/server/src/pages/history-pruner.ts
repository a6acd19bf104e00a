import { everyHour } from '../lifecycle/every-hour';
import type { Services } from '../services';
import { prunePageHistory } from './history';

/** Page versions' age retention (RAKIT_PAGE_VERSION_DAYS): at start, then hourly (each save prunes its page by count). */
export function startPageHistoryPruner(services: Services): void {
  everyHour(services, 'pruning page versions', () => prunePageHistory(services.store, services.pageHistory));
}
