import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Store } from '../../store/db';
import { claimRun } from '../../store/repositories/workflow-runs';
import { type RunWorker, workerName, type WorkflowQueue } from './queue';

export interface BullQueueOptions {
  store: Store;
  redisUrl: string;
  /** The queue's name in Redis; tests use their own. */
  name?: string;
  work: RunWorker;
  leaseMs: number;
  /** How often a worker process looks for runs left behind (queued without a job, a stalled lease). */
  sweepMs: number;
  onError?: (error: unknown) => void;
}

interface RunJob { runId: number }

/**
 * The BullMQ queue (REDIS_URL): a job carries only a run's id. The web processes only enqueue;
 * `npm run worker` processes start workers. A worker claims the run under the same lease as the
 * embedded queue before running it, so a job delivered twice (BullMQ redelivers a stalled job)
 * runs nothing twice; the rows stay the truth. Each worker process also sweeps the store for
 * runs no job stands for (queued while Redis was away, a lease a dead worker left) and enqueues
 * them again.
 */
export class BullQueue implements WorkflowQueue {
  private readonly connection: Redis;
  private readonly queue: Queue<RunJob>;
  private readonly workers: { worker: Worker<RunJob>; connection: Redis }[] = [];
  private sweeper: NodeJS.Timeout | undefined;

  constructor(private readonly options: BullQueueOptions) {
    this.connection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
    this.queue = new Queue<RunJob>(options.name ?? 'rakit-workflow-runs', { connection: this.connection });
  }

  async enqueue(runId: number): Promise<void> {
    await this.queue.add('run', { runId }, { removeOnComplete: true, removeOnFail: 1000 });
  }

  start(concurrency: number): void {
    const owner = workerName('bullmq');
    const connection = new Redis(this.options.redisUrl, { maxRetriesPerRequest: null });
    const worker = new Worker<RunJob>(this.queue.name, async (job) => this.handle(job.data.runId, owner), {
      connection,
      concurrency,
      lockDuration: Math.max(5000, this.options.leaseMs),
    });
    worker.on('error', (error) => this.options.onError?.(error));
    this.workers.push({ worker, connection });
    this.sweeper ??= setInterval(() => { void this.sweep().catch((error: unknown) => this.options.onError?.(error)); }, this.options.sweepMs);
    void this.sweep().catch((error: unknown) => this.options.onError?.(error));
  }

  /** Claims and runs the run; a run another live worker holds, or one already ended, is nothing to do. */
  private async handle(runId: number, owner: string): Promise<void> {
    const { store, leaseMs } = this.options;
    // Not claimed: ended already, or a live worker holds it (the sweep enqueues it again if that worker dies).
    if (await claimRun(store, runId, owner, Date.now(), leaseMs)) await this.options.work(runId, owner);
  }

  /** Enqueues the runs left behind: queued for longer than a sweep, or running under an expired lease. */
  async sweep(): Promise<number> {
    const { store } = this.options;
    const now = Date.now();
    const before = new Date(now - this.options.sweepMs).toISOString();
    const rows = await store.selectFrom('workflowRuns').select('runId')
      .where((eb) => eb.or([
        eb.and([eb('status', '=', 'queued'), eb('createdAt', '<', before)]),
        eb.and([eb('status', '=', 'running'), eb('leaseExpiresAt', '<', now)]),
      ]))
      .orderBy('runId').limit(500).execute();
    for (const row of rows) await this.enqueue(row.runId);
    return rows.length;
  }

  async close(): Promise<void> {
    if (this.sweeper !== undefined) clearInterval(this.sweeper);
    for (const { worker } of this.workers) await worker.close();
    for (const { connection } of this.workers) await connection.quit().catch(() => undefined);
    await this.queue.close();
    await this.connection.quit().catch(() => undefined);
  }
}
