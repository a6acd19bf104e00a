import type { Store } from '../store/db';
import { storeState } from '../store/readiness';

export type NotReadyReason = 'draining' | 'store-unreachable' | 'migrations-pending';

export type ReadinessAnswer = { ready: true } | { ready: false; reason: NotReadyReason; message: string };

/**
 * Whether a balancer should send this replica requests (GET /readyz): not while it drains
 * after SIGTERM, not while its store does not answer within `timeoutMs`, not before the
 * store has this code's migrations (another replica may still be running them).
 */
export class Readiness {
  private drainingSince: number | undefined;

  constructor(private readonly store: Store, private readonly timeoutMs: number) {}

  get draining(): boolean {
    return this.drainingSince !== undefined;
  }

  startDraining(): void {
    this.drainingSince ??= Date.now();
  }

  async check(): Promise<ReadinessAnswer> {
    if (this.draining) return { ready: false, reason: 'draining', message: 'This replica is shutting down: send new requests to another one.' };
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => { timer = setTimeout(() => resolve('late'), this.timeoutMs); });
    const state = await Promise.race([storeState(this.store), late]).finally(() => clearTimeout(timer));
    if (state === 'ready') return { ready: true };
    if (state === 'migrations-pending') return { ready: false, reason: 'migrations-pending', message: 'The metadata store lacks this version\'s migrations: they are running, or failed (see the log).' };
    return {
      ready: false, reason: 'store-unreachable',
      message: state === 'late' ? `The metadata store did not answer within ${this.timeoutMs} ms.` : 'The metadata store cannot be reached.',
    };
  }
}
