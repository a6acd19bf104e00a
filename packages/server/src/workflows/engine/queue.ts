/**
 * The workflow queue (issue 12): one interface, two engines. The embedded one (default) keeps
 * its jobs in the metadata store (the queued and running workflow_runs rows themselves) and runs
 * workers in the server's process; the BullMQ one (REDIS_URL) keeps job ids in Redis for
 * `npm run worker` processes on any machine. Either way a job is only a run's id: the rows are
 * the truth, and a worker claims a run under a lease before it touches it.
 */
export interface WorkflowQueue {
  /** Tells the workers the run (already recorded 'queued') is waiting. */
  enqueue(runId: number): Promise<void>;
  /** Starts `concurrency` workers in this process. */
  start(concurrency: number): void;
  /** Stops taking runs and waits for the ones under way to stop. */
  close(): Promise<void>;
}

/** What a worker does with a claimed run (the runner). */
export type RunWorker = (runId: number, owner: string) => Promise<unknown>;

let ownerCount = 0;

/** A worker's name in leases: unique across processes and machines. */
export function workerName(prefix: string): string {
  ownerCount += 1;
  return `${prefix}-${process.pid}-${Math.random().toString(36).slice(2, 10)}-${ownerCount}`;
}
