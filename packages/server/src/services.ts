import type { Hocuspocus } from '@hocuspocus/server';
import type { Redis } from 'ioredis';
import { type BaseLogger, type Bindings, type ChildLoggerOptions, pino } from 'pino';
import { installAuditWriter } from './audit/log';
import { TokenService } from './auth/tokens';
import { type LastUse, sessionUseOf } from './auth/sessions';
import { tokenUseOf } from './auth/machine-tokens';
import { installSessionUpkeep } from './accounts/sessions';
import { type ApiCursorStore, localCursorStore, sharedCursorStore } from './apis/cursor-store';
import { type CollabContext, createCollab } from './coedit/collab';
import { liveDocumentsOf } from './coedit/live-documents';
import { pageKind } from './coedit/page-collab';
import { workflowKind } from './coedit/workflow-collab';
import type { Config } from './config';
import { DataSourceRegistry } from './datasources/registry';
import { SandboxPool } from './functions/sandbox-pool';
import { installHookUpkeep } from './hooks/workflow-hooks';
import { principalOfToken } from './auth/session-principal';
import { ProcessLifecycle } from './lifecycle/process-lifecycle';
import { installProcessPresence, newProcessId } from './lifecycle/process-presence';
import { Readiness } from './lifecycle/readiness';
import { type PageHistoryPolicy, pageHistoryPolicy } from './pages/history';
import { startPageHistoryPruner } from './pages/history-pruner';
import { openSharedState } from './replicas/shared-state';
import { Scheduler, SCHEDULER_TICK_MS } from './schedules/scheduler';
import { SecretBox } from './security/secret-box';
import { openFileStorage } from './storage/open';
import type { FileStorage } from './storage/file-storage';
import { readCacheOf, type Store } from './store/db';
import type { ReadCache } from './store/read-cache';
import { statementLog } from './tables/statement-log';
import { installTaskDeadlines } from './tasks/workflow-tasks';
import type { ExecutorLookup } from './workflows/addons';
import { createWorkflowEngine, type WorkflowEngine } from './workflows/engine';
import type { WorkflowDocumentSync } from './workflows/flow-document';
import { pickUpTriggerRuns } from './workflows/runs';

/** The process's log (pino): what a domain module logs, and the parent of the HTTP requests' loggers. */
export type Logger = BaseLogger & { child(bindings: Bindings, options?: ChildLoggerOptions): Logger };

/**
 * Everything the domain modules work with, built once per process (the composition root): the
 * web server (app.ts) and the workflow worker (worker.ts) both start from it, and domain modules
 * take it as their first argument. Nothing here knows HTTP.
 */
export interface Services {
  config: Config;
  store: Store;
  log: Logger;
  /** Starts and stops the parts below with the process (timers, workers, pools). */
  lifecycle: ProcessLifecycle;
  /** This server process's id in the store's server_processes (lifecycle/process-presence.ts). */
  processId: string;
  tokens: TokenService;
  /** Sessions' last use, written at most once a minute each (auth/sessions.ts). */
  sessionUse: LastUse;
  /** Tokens for machines' last use (issue 36). */
  tokenUse: LastUse;
  /** Starts the runs of due schedules (issue 37). */
  scheduler: Scheduler;
  secretBox: SecretBox;
  /** Pools of the applications' own databases. */
  dataSources: DataSourceRegistry;
  /** Metadata reads every request repeats, emptied by every write of this process. */
  readCache: ReadCache;
  /** The workflow engine: its queue, runner and the news of ended runs. */
  workflows: WorkflowEngine;
  /** Worker threads running the applications' custom functions in QuickJS. */
  sandbox: SandboxPool;
  /** The applications' files (uploads, templates), where every replica reads them. */
  files: FileStorage;
  /** What GET /readyz answers; draining once SIGTERM came (lifecycle/shutdown.ts). */
  readiness: Readiness;
  /** How page versions are kept, and the live documents every page write reaches (co-editing). */
  pageHistory: PageHistoryPolicy;
  /** The live documents every write of a workflow's drawing reaches (co-editing). */
  workflowDocuments: WorkflowDocumentSync;
  /** The cursors of cursor-paged API endpoints, shared by the replicas through Redis (issue 40). */
  apiCursors: ApiCursorStore;
  /** Builders editing one page or one workflow together (issue 33); the web server binds it to its socket. */
  collab: Hocuspocus<CollabContext>;
  /** The connection the replicas share their counts through (REDIS_URL), if any. */
  sharedRedis: Redis | undefined;
}

export interface ServiceOptions {
  /** false: nothing is logged (tests). */
  logger?: boolean;
  /**
   * How many workflow runs this process works at once. Default: the embedded queue's workers
   * (config.workflowWorkers of them) unless REDIS_URL is set (then `npm run worker` does).
   */
  workflowWorkers?: number;
  /** The executors by add-on name (a test's own registry); the built-in ones otherwise. */
  workflowExecutors?: ExecutorLookup;
  /** How often idle embedded workers look for runs (tests shorten it). */
  workflowPollMs?: number;
  /** How long after the last change a co-edited page is stored, and at most (tests lengthen it). */
  collabStoreDelayMs?: { after: number; atMost: number };
  /** How often this process looks for due schedules; null: never by itself (a test ticks with its own clock). */
  schedulerTickMs?: number | null;
}

/**
 * Builds the services of one process over an opened, migrated store. Nothing runs until
 * `services.lifecycle.start()`; `services.lifecycle.stop()` stops it all (the store stays open:
 * its opener closes it).
 */
export async function buildServices(config: Config, store: Store, options: ServiceOptions = {}): Promise<Services> {
  const log: Logger = pino(options.logger === false ? { enabled: false } : { level: config.logLevel });
  const lifecycle = new ProcessLifecycle();
  const readCache = readCacheOf(store);
  readCache.ttlMs = config.readCacheMs;
  statementLog.file = config.statementLog;
  const { redis } = await openSharedState({ config, log, readCache, lifecycle });
  const warn = (what: string) => (error: unknown) => log.warn({ err: error }, what);
  const dataSources = new DataSourceRegistry(config.dataDir, config.lifecycle.dataSourcePoolMax);
  lifecycle.whenStopped(() => dataSources.closeAll());
  // Built in two steps: the parts below (the engine, the scheduler, the co-editing kinds) take
  // the services they are part of.
  const services = {
    config, store, log, lifecycle, readCache, dataSources,
    processId: newProcessId(),
    files: openFileStorage(store),
    tokens: new TokenService(config.secret, config.tokenTtlSeconds),
    sessionUse: sessionUseOf(store, warn('could not record a session\'s last use')),
    tokenUse: tokenUseOf(store, warn('could not record an API token\'s last use')),
    secretBox: new SecretBox(config.secret),
    apiCursors: redis === undefined ? localCursorStore() : sharedCursorStore(redis, config.redisPrefix, warn('API cursors: Redis did not answer, this process\'s own are used')),
    readiness: new Readiness(store, config.lifecycle.readyTimeoutMs),
    sharedRedis: redis,
  } as Services;
  installAuditWriter(services);

  services.workflows = createWorkflowEngine(services, {
    ...(options.workflowExecutors === undefined ? {} : { executorFor: options.workflowExecutors }),
    ...(options.workflowPollMs === undefined ? {} : { pollMs: options.workflowPollMs }),
  });
  const workers = options.workflowWorkers ?? (config.redisUrl === undefined ? config.workflowWorkers : 0);
  lifecycle.whenStarted(async () => {
    services.workflows.startWorkers(workers);
    // The trigger runs recorded before the engine (or while no built workflow listened) start now.
    if (workers > 0) await pickUpTriggerRuns(services).catch((error: unknown) => log.error({ err: error }, 'picking up trigger runs'));
  });
  lifecycle.whenStopped(() => services.workflows.close());

  // Schedules (issue 37): every process looks for due ones; the rows decide which one runs each occurrence.
  services.scheduler = new Scheduler(services);
  const schedulerTickMs = options.schedulerTickMs === undefined ? SCHEDULER_TICK_MS : options.schedulerTickMs;
  if (schedulerTickMs !== null) lifecycle.whenStarted(() => services.scheduler.start(schedulerTickMs));
  lifecycle.whenStopped(() => services.scheduler.stop());

  services.collab = createCollab({
    kinds: [
      pageKind({ store, history: pageHistoryPolicy(config) }),
      workflowKind({ services, onRefusedStore: (chainId, reason) => log.warn({ chainId, reason }, 'co-editing: a workflow\'s live document was not stored') }),
    ],
    // A session that must set up a second factor edits nothing together (issue 36).
    principalOf: async (token) => {
      const principal = await principalOfToken(services, token);
      return principal?.session?.mustSetUpSecondFactor === true ? undefined : principal;
    },
    recheckMs: Math.max(config.readCacheMs, 1000),
    ...(config.redisUrl === undefined ? {} : { redis: { url: config.redisUrl, prefix: config.redisPrefix } }),
    ...(options.collabStoreDelayMs === undefined ? {} : { storeDelayMs: options.collabStoreDelayMs.after, storeMaxDelayMs: options.collabStoreDelayMs.atMost }),
  });
  // Every other write of a page (saveApp, a restore, a deletion) or a workflow (its actions, flow, deletion) reaches the open documents.
  const documents = liveDocumentsOf(services.collab, { store, acrossReplicas: config.redisUrl !== undefined, onError: warn('co-editing: a write did not reach its live document') });
  // Read on each use: the retention is the configuration's as it is now.
  Object.defineProperty(services, 'pageHistory', { enumerable: true, get: () => ({ ...pageHistoryPolicy(config), documents }) });
  services.workflowDocuments = documents;

  services.sandbox = new SandboxPool(config.functionLimits);
  lifecycle.whenStopped(() => services.sandbox.close());

  startPageHistoryPruner(services);
  installSessionUpkeep(services);
  installHookUpkeep(services);
  installTaskDeadlines(services);
  installProcessPresence(services);
  return services;
}
