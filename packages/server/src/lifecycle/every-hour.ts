import type { Services } from '../services';

const HOUR_MS = 60 * 60 * 1000;

/**
 * A recurring job of this process: once when the process starts (not awaited: a store that
 * hangs must not keep the server from answering its probes), then every `intervalMs`, its
 * failures logged as `what`. The timer holds no process open and stops with the process.
 */
export function everyInterval({ lifecycle, log }: Pick<Services, 'lifecycle' | 'log'>, intervalMs: number, what: string, job: () => Promise<unknown>): void {
  const run = () => { job().catch((error: unknown) => log.error({ err: error }, what)); };
  let timer: NodeJS.Timeout | undefined;
  lifecycle.whenStarted(() => {
    run();
    timer = setInterval(run, intervalMs);
    timer.unref();
  });
  lifecycle.whenStopped(() => {
    if (timer !== undefined) clearInterval(timer);
  });
}

/** An upkeep job (pruning by age, which is idempotent, so every process may run it), hourly. */
export function everyHour(services: Pick<Services, 'lifecycle' | 'log'>, what: string, job: () => Promise<unknown>): void {
  everyInterval(services, HOUR_MS, what, job);
}
