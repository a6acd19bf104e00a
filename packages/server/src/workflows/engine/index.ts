import { EventEmitter } from 'node:events';
import { executorFor as defaultExecutors, type ExecutorLookup } from '../addons';
import { pruneFinishedRuns } from '../../store/repositories/workflow-runs';
import { BullQueue } from './bullmq-queue';
import { EmbeddedQueue } from './embedded-queue';
import type { WorkflowQueue } from './queue';
import { advanceRun, type RunnerOptions } from './runner';
import type { Services } from '../../services';

/**
 * The workflow engine of one process (issue 12): its queue (embedded, or BullMQ when REDIS_URL is
 * set), the runner its workers use, and the in-process news of ended runs that waiting callers
 * listen to (callers in other processes read the rows).
 */
export interface WorkflowEngine {
  queue: WorkflowQueue;
  runner: RunnerOptions;
  /** Emits 'finished' with a run id when a worker of this process ends a run. */
  events: EventEmitter;
  /** Starts this process's workers: the embedded queue's, or BullMQ's in a worker process. */
  startWorkers(concurrency: number): void;
  /** Prunes finished runs past the retention; answers how many. */
  prune(): Promise<number>;
  close(): Promise<void>;
}

export interface EngineOptions {
  /** The executors by add-on name; a test passes its own registry. */
  executorFor?: ExecutorLookup;
  /** The BullMQ queue's name (tests); the default one otherwise. */
  queueName?: string;
  /** How often idle embedded workers look for runs (and BullMQ workers sweep). */
  pollMs?: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function createWorkflowEngine(services: Services, options: EngineOptions = {}): WorkflowEngine {
  const { config } = services;
  const events = new EventEmitter();
  events.setMaxListeners(0);
  const runner: RunnerOptions = {
    services,
    executorFor: options.executorFor ?? defaultExecutors,
    leaseMs: config.workflowLeaseMs,
    backoffBaseMs: config.workflowBackoffMs,
    backoffMaxMs: 60_000,
    onRunFinished: (runId) => events.emit('finished', runId),
  };
  const work = (runId: number, owner: string) => advanceRun(runner, runId, owner);
  const onError = (error: unknown) => services.log.error({ err: error }, 'workflow queue');
  const pollMs = options.pollMs ?? 1000;
  const queue: WorkflowQueue = config.redisUrl === undefined
    ? new EmbeddedQueue({ store: services.store, work, leaseMs: config.workflowLeaseMs, pollMs, onError })
    : new BullQueue({
      store: services.store, redisUrl: config.redisUrl, name: options.queueName ?? config.workflowQueueName, work, leaseMs: config.workflowLeaseMs,
      sweepMs: Math.max(pollMs, Math.floor(config.workflowLeaseMs / 2)), onError,
    });
  let pruner: NodeJS.Timeout | undefined;
  const prune = () => pruneFinishedRuns(services.store, new Date(Date.now() - config.workflowRunRetentionDays * DAY_MS).toISOString());
  return {
    queue,
    runner,
    events,
    prune,
    startWorkers(concurrency) {
      if (concurrency <= 0) return;
      queue.start(concurrency);
      // Retention: at start, then hourly, by whichever process works the queue.
      void prune().catch(onError);
      pruner = setInterval(() => { void prune().catch(onError); }, 60 * 60 * 1000);
      pruner.unref();
    },
    async close() {
      if (pruner !== undefined) clearInterval(pruner);
      await queue.close();
    },
  };
}
