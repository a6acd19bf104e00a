import { engineOf } from '../../store/dialect';
import type { Store } from '../../store/db';
import { claimableRunIds, claimRun } from '../../store/repositories/workflow-runs';
import { type RunWorker, workerName, type WorkflowQueue } from './queue';

export interface EmbeddedQueueOptions {
  store: Store;
  work: RunWorker;
  leaseMs: number;
  /** How often an idle worker looks for runs another process queued or a dead worker left. */
  pollMs: number;
  onError?: (error: unknown) => void;
}

/**
 * The embedded queue: the jobs are the workflow_runs rows that are 'queued', or 'running' under
 * a lease that expired (a stalled worker's: reclaimed). A worker claims one atomically: on SQLite
 * one UPDATE … WHERE run_id = (the oldest claimable) RETURNING (the single connection makes it
 * atomic); on PostgreSQL and MariaDB a SELECT … FOR UPDATE SKIP LOCKED in a transaction, so
 * concurrent workers never take the same run. Idle workers poll, and wake at once on enqueue.
 */
export class EmbeddedQueue implements WorkflowQueue {
  private closing = false;
  private readonly loops: Promise<void>[] = [];
  private waiting: (() => void)[] = [];

  constructor(private readonly options: EmbeddedQueueOptions) {}

  async enqueue(_runId: number): Promise<void> {
    this.wake();
  }

  start(concurrency: number): void {
    for (let i = 0; i < concurrency; i += 1) this.loops.push(this.loop(workerName('embedded')));
  }

  async close(): Promise<void> {
    this.closing = true;
    this.wake();
    await Promise.all(this.loops);
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiting = this.waiting.filter((w) => w !== done);
        resolve();
      };
      const timer = setTimeout(done, this.options.pollMs);
      this.waiting.push(done);
    });
  }

  /** Claims the oldest claimable run for `owner`; its id, or undefined when none waits. */
  async claim(owner: string): Promise<number | undefined> {
    const { store, leaseMs } = this.options;
    const now = Date.now();
    const set = { status: 'running', leaseOwner: owner, leaseExpiresAt: now + leaseMs };
    if (engineOf(store as never) === 'sqlite') {
      const row = await store.updateTable('workflowRuns').set(set)
        .where('runId', '=', (eb) => eb.selectFrom('workflowRuns as w').select('w.runId')
          .where((w) => w.or([w('w.status', '=', 'queued'), w.and([w('w.status', '=', 'running'), w('w.leaseExpiresAt', '<', now)])]))
          .orderBy('w.runId').limit(1))
        .returning('runId').executeTakeFirst();
      return row?.runId;
    }
    return store.transaction().execute(async (trx) => {
      const row = await claimableRunIds(trx, now, 1).forUpdate().skipLocked().executeTakeFirst();
      if (row === undefined) return undefined;
      return (await claimRun(trx, row.runId, owner, now, leaseMs)) ? row.runId : undefined;
    });
  }

  private async loop(owner: string): Promise<void> {
    while (!this.closing) {
      let runId: number | undefined;
      try {
        runId = await this.claim(owner);
      } catch (error) {
        this.options.onError?.(error);
      }
      if (runId === undefined) {
        await this.idle();
        continue;
      }
      try {
        await this.options.work(runId, owner);
      } catch (error) {
        this.options.onError?.(error);
      }
    }
  }
}
