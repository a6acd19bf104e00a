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
 * the oldest claimable id, then an UPDATE that takes it only while it is still claimable
 * (compare-and-set: two processes on one file cannot both win); on PostgreSQL and MariaDB a
 * SELECT … FOR UPDATE SKIP LOCKED in a transaction, so concurrent workers never even contend. Idle workers poll, and wake at once on enqueue.
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
    if (engineOf(store as never) === 'sqlite') {
      // One connection runs every statement in turn: the first claimable id, then a
      // compare-and-set that claims it only if it is still claimable. An idle poll only reads
      // (a write would empty the process's read cache every time).
      for (let tries = 0; tries < 3; tries += 1) {
        const row = await claimableRunIds(store, now, 1).executeTakeFirst();
        if (row === undefined) return undefined;
        if (await claimRun(store, row.runId, owner, now, leaseMs)) return row.runId;
      }
      return undefined;
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
