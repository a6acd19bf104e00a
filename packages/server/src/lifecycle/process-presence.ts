import { randomUUID } from 'node:crypto';
import { forgetProcessesNotSeenSince, markProcessSeen, processLastSeen } from '../store/repositories/server-processes';
import { everyHour, everyInterval } from './every-hour';
import type { Services } from '../services';

/**
 * This server process's presence in the store (issue 38), for what another process must know of
 * it: an Idempotency-Key claim it left running is still being carried out only while it is alive.
 * The row is refreshed every PRESENCE_REFRESH_MS while the process serves and goes stale when it
 * stops (a process stopped gracefully has drained its requests first, so none of its claims is
 * left running; the store may be gone by then anyway); stale rows are forgotten after a day.
 */
const PRESENCE_REFRESH_MS = 10_000;
/** Not seen for this long: the process is gone (three refreshes missed). */
const PRESENCE_STALE_MS = 3 * PRESENCE_REFRESH_MS;
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

export function installProcessPresence(services: Services): void {
  const seen = () => markProcessSeen(services.store, services.processId, new Date().toISOString());
  everyInterval(services, PRESENCE_REFRESH_MS, 'recording that this server process is alive', seen);
  everyHour(services, 'forgetting server processes long gone', () => forgetProcessesNotSeenSince(services.store, new Date(Date.now() - FORGET_AFTER_MS).toISOString()));
}

/** A new process's id (one per built app: two apps in one Node process are two servers). */
export const newProcessId = (): string => randomUUID();

/**
 * Whether the process is alive, as far as the store knows: seen within PRESENCE_STALE_MS, its
 * `lastSign` of life (a claim it made, ms) counting as a sighting: a process just started may
 * claim before its first row is written.
 */
export async function processAlive(services: Services, processId: string, lastSign: number): Promise<boolean> {
  if (processId === services.processId) return true;
  const seenAt = await processLastSeen(services.store, processId);
  return Date.now() - Math.max(seenAt === null ? 0 : Date.parse(seenAt), lastSign) < PRESENCE_STALE_MS;
}
