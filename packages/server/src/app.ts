import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { PRODUCT_NAME } from '@rakit/core';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { openApiTransforms } from './http/openapi';
import { localisedValidatorCompiler } from './http/validation';
import authPlugin, { principalOfToken } from './auth/plugin';
import { liveDocumentsOf } from './coedit/live-documents';
import { createCollab } from './coedit/collab';
import { pageKind } from './coedit/page-collab';
import { workflowKind } from './coedit/workflow-collab';
import { installCollabSocket } from './http/collab-socket';
import { type PageHistoryPolicy, pageHistoryPolicy } from './pages/history';
import { TokenService } from './auth/tokens';
import { type LastUse, sessionUseOf } from './auth/sessions';
import { tokenUseOf } from './auth/machine-tokens';
import { installSessionUpkeep } from './accounts/sessions';
import { installHookUpkeep } from './hooks/workflow-hooks';
import { installTaskDeadlines } from './tasks/workflow-tasks';
import { installRequestKeyUpkeep } from './http/replay';
import { installProcessPresence, newProcessId } from './lifecycle/process-presence';
import { Scheduler, SCHEDULER_TICK_MS } from './schedules/scheduler';
import { installAuditLog } from './audit/log';
import type { Config } from './config';
import { OneLinePerRequest } from './http/access-log';
import { type FirstPage, installErrorHandler, sendFirstPage } from './http/error-handler';
import { firstPageRenderer } from './http/first-page';
import { publicApplication } from './apps/public-app';
import { rateLimitOptions } from './http/rate-limit';
import { installSecurityHeaders } from './http/security-headers';
import { serializerCompiler } from './http/serializer';
import { DataSourceRegistry } from './datasources/registry';
import { closeConnectionsWhileDraining, Readiness } from './lifecycle/readiness';
import { SandboxPool } from './functions/sandbox-pool';
import functionRoutes from './routes/functions';
import actionRoutes from './routes/actions';
import requestTestRoutes from './routes/request-test';
import triggerRoutes from './routes/triggers';
import workflowRunRoutes from './routes/workflow-runs';
import workflowRoutes from './routes/workflows';
import appRoutes from './routes/apps';
import appManifestRoutes from './routes/app-manifest';
import auditRoutes from './routes/audit';
import authRoutes from './routes/auth';
import bundleRoutes from './routes/bundles';
import databaseRoutes from './routes/databases';
import exportRoutes from './routes/export';
import fileRoutes from './routes/files';
import healthRoutes from './routes/health';
import gitRoutes from './routes/git';
import environmentRoutes from './routes/environments';
import groupRoutes from './routes/groups';
import lookupRoutes from './routes/lookups';
import menuRoutes from './routes/menus';
import pageRoutes from './routes/pages';
import pageVersionRoutes from './routes/page-versions';
import passwordResetRoutes from './routes/password-reset';
import pdfTemplateRoutes from './routes/pdf-templates';
import printRoutes from './routes/print';
import tableRoutes from './routes/tables';
import thirdPartyRoutes from './routes/third-parties';
import apiSourceRoutes from './routes/api-sources';
import signInRoutes from './routes/sign-in';
import secondFactorRoutes from './routes/second-factor';
import passkeyRoutes from './routes/passkeys';
import apiTokenRoutes from './routes/api-tokens';
import hookRoutes from './routes/hooks';
import scheduleRoutes from './routes/schedules';
import taskRoutes from './routes/tasks';
import userRoutes from './routes/users';
import { SecretBox } from './security/secret-box';
import { installSharedState } from './replicas/shared-state';
import { type ApiCursorStore, localCursorStore, sharedCursorStore } from './apis/cursor-store';
import { readCacheOf, type Store } from './store/db';
import { statementLog } from './tables/statement-log';
import type { ReadCache } from './store/read-cache';
import type { ExecutorLookup } from './workflows/addons';
import { startPageHistoryPruner } from './pages/history-pruner';
import { createWorkflowEngine, type WorkflowEngine } from './workflows/engine';
import { pickUpTriggerRuns } from './workflows/runs';
import type { WorkflowDocumentSync } from './workflows/flow-document';
import type { FileStorage } from './storage/file-storage';
import { openFileStorage } from './storage/open';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    store: Store;
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
  }
  interface FastifyContextConfig {
    /** Not an API call (health, the OpenAPI document, the web app's files, single sign-on's redirects): needs no contract. */
    infrastructure?: boolean;
  }
  interface FastifyInstance {
    /** API routes registered without a contract of core's (a test keeps this empty). */
    routesWithoutContract: string[];
  }
  interface FastifyRequest {
    /** The store's write count when the request began (see the onSend hook in buildApp). */
    storeWritesAtStart: number;
  }
}

export const defaultWebDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Builds the whole server: API routes, OpenAPI document and the built web app. */
export interface BuildOptions {
  logger?: boolean;
  /**
   * Whether this process works the workflow queue. Default: the embedded queue's workers
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

export async function buildApp(config: Config, store: Store, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    logController: new OneLinePerRequest(),
    bodyLimit: config.bodyLimitBytes,
    // X-Forwarded-For only from the proxies the operator names: otherwise any caller picks his address.
    trustProxy: config.trustProxy,
    // While draining (lifecycle/shutdown.ts), a request that still arrives on a kept-alive
    // connection is served (with Connection: close) rather than refused: a balancer's POST on
    // its pooled connection would otherwise fail, and it may not retry a non-idempotent one.
    return503OnClosing: false,
  });
  app.setValidatorCompiler(localisedValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installSecurityHeaders(app);
  app.decorate('config', config);
  app.decorate('store', store);
  app.decorate('processId', newProcessId());
  app.decorate('files', openFileStorage(store));
  const readCache = readCacheOf(store);
  readCache.ttlMs = config.readCacheMs;
  app.decorate('readCache', readCache);
  statementLog.file = config.statementLog;
  // Each statement empties the cache, but a transaction's reads may be cached between its last
  // statement and its COMMIT: a request that wrote empties it again before it answers.
  app.decorateRequest('storeWritesAtStart', 0);
  // Callback hooks: a request that wrote nothing (most) makes no promise here.
  app.addHook('onRequest', (request, _reply, done) => {
    request.storeWritesAtStart = readCache.writes;
    done();
  });
  // With REDIS_URL, the other replicas are told then too (replicas/read-cache-sync.ts).
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (readCache.writes === request.storeWritesAtStart) done(null, payload);
    else readCache.written().then(() => done(null, payload), (error: unknown) => done(error as Error));
  });
  const { redis } = await installSharedState(app);
  app.decorate('tokens', new TokenService(config.secret, config.tokenTtlSeconds));
  app.decorate('sessionUse', sessionUseOf(store, (error) => app.log.warn({ err: error }, 'could not record a session\'s last use')));
  app.decorate('tokenUse', tokenUseOf(store, (error) => app.log.warn({ err: error }, 'could not record an API token\'s last use')));
  app.decorate('secretBox', new SecretBox(config.secret));
  app.decorate('apiCursors', redis === undefined ? localCursorStore() : sharedCursorStore(redis, config.redisPrefix, (error) => app.log.warn({ err: error }, 'API cursors: Redis did not answer, this process\'s own are used')));
  app.decorate('dataSources', new DataSourceRegistry(config.dataDir, config.lifecycle.dataSourcePoolMax));
  app.decorate('readiness', new Readiness(store, config.lifecycle.readyTimeoutMs));
  closeConnectionsWhileDraining(app);
  app.addHook('onClose', async () => app.dataSources.closeAll());
  app.decorate('workflows', createWorkflowEngine(app, {
    ...(options.workflowExecutors === undefined ? {} : { executorFor: options.workflowExecutors }),
    ...(options.workflowPollMs === undefined ? {} : { pollMs: options.workflowPollMs }),
  }));
  const workers = options.workflowWorkers ?? (config.redisUrl === undefined ? config.workflowWorkers : 0);
  app.addHook('onReady', async () => {
    app.workflows.startWorkers(workers);
    // The trigger runs recorded before the engine (or while no built workflow listened) start now.
    if (workers > 0) await pickUpTriggerRuns(app).catch((error: unknown) => app.log.error({ err: error }, 'picking up trigger runs'));
  });
  // Registered before the store's users close: the workers stop first.
  app.addHook('onClose', async () => app.workflows.close());
  // Schedules (issue 37): every process looks for due ones; the rows decide which one runs each occurrence.
  app.decorate('scheduler', new Scheduler(app));
  const schedulerTickMs = options.schedulerTickMs === undefined ? SCHEDULER_TICK_MS : options.schedulerTickMs;
  if (schedulerTickMs !== null) app.addHook('onReady', async () => app.scheduler.start(schedulerTickMs));
  app.addHook('onClose', async () => app.scheduler.stop());
  // Builders editing one page or one workflow together (issue 33): its Yjs document over a socket on this port.
  const collab = createCollab({
    kinds: [
      pageKind({ store, history: pageHistoryPolicy(config) }),
      workflowKind({ app, onRefusedStore: (chainId, reason) => app.log.warn({ chainId, reason }, 'co-editing: a workflow\'s live document was not stored') }),
    ],
    // A session that must set up a second factor edits nothing together (issue 36).
    principalOf: async (token) => {
      const principal = await principalOfToken(app, token);
      return principal?.session?.mustSetUpSecondFactor === true ? undefined : principal;
    },
    recheckMs: Math.max(config.readCacheMs, 1000),
    ...(config.redisUrl === undefined ? {} : { redis: { url: config.redisUrl, prefix: config.redisPrefix } }),
    ...(options.collabStoreDelayMs === undefined ? {} : { storeDelayMs: options.collabStoreDelayMs.after, storeMaxDelayMs: options.collabStoreDelayMs.atMost }),
  });
  // Every other write of a page (saveApp, a restore, a deletion) or a workflow (its actions, flow, deletion) reaches the open documents.
  const documents = liveDocumentsOf(collab, {
    store, acrossReplicas: config.redisUrl !== undefined, onError: (error) => app.log.warn({ err: error }, 'co-editing: a write did not reach its live document'),
  });
  // Read on each use: the retention is the configuration's as it is now.
  app.decorate('pageHistory', { getter: () => ({ ...pageHistoryPolicy(config), documents }) });
  app.decorate('workflowDocuments', documents);
  installCollabSocket(app, collab);
  startPageHistoryPruner(app);
  app.decorate('sandbox', new SandboxPool(config.functionLimits));
  app.addHook('onClose', async () => app.sandbox.close());
  const webDir = config.webDir ?? defaultWebDir;
  const hasWebApp = existsSync(path.join(webDir, 'index.html'));
  const firstPage = hasWebApp
    ? firstPageRenderer(webDir, (slug) => publicApplication(app.store, slug))
    : undefined;
  installErrorHandler(app, { firstPage });

  await app.register(swagger, {
    openapi: {
      info: { title: `${PRODUCT_NAME} API`, version: '0.1.0', description: 'Every answer is { status, data?, error? }.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    ...openApiTransforms,
  });
  // Every API route comes from a contract (http/route.ts), so none can forget its access rule.
  // Read lazily: later onRoute hooks (the web app's files) still mark their routes.
  const registered: RouteOptions[] = [];
  app.addHook('onRoute', (route) => { registered.push(route); });
  app.decorate('routesWithoutContract', {
    getter: () => registered
      .filter((route) => route.config?.call === undefined && route.config?.infrastructure !== true && route.method !== 'HEAD')
      .map((route) => `${String(route.method)} ${route.url}`),
  });
  await app.register(rateLimit, rateLimitOptions(redis, config.redisPrefix));
  await app.register(authPlugin);

  await app.register(authRoutes);
  await app.register(passwordResetRoutes);
  await app.register(appRoutes);
  await app.register(databaseRoutes);
  await app.register(groupRoutes);
  await app.register(userRoutes);
  await app.register(menuRoutes);
  await app.register(pageRoutes);
  await app.register(pageVersionRoutes);
  await app.register(fileRoutes);
  await app.register(actionRoutes);
  await app.register(triggerRoutes);
  await app.register(workflowRoutes);
  await app.register(workflowRunRoutes);
  await app.register(requestTestRoutes);
  await app.register(tableRoutes);
  await app.register(exportRoutes);
  await app.register(printRoutes);
  await app.register(thirdPartyRoutes);
  await app.register(apiSourceRoutes);
  await app.register(signInRoutes);
  await app.register(secondFactorRoutes);
  await app.register(passkeyRoutes);
  await app.register(apiTokenRoutes);
  await app.register(hookRoutes);
  await app.register(scheduleRoutes);
  await app.register(taskRoutes);
  await app.register(lookupRoutes);
  await app.register(bundleRoutes);
  await app.register(gitRoutes);
  await app.register(environmentRoutes);
  await app.register(functionRoutes);
  await app.register(pdfTemplateRoutes);
  await app.register(auditRoutes);
  await app.register(healthRoutes);
  await app.register(appManifestRoutes);
  installAuditLog(app);
  installSessionUpkeep(app);
  installHookUpkeep(app);
  installTaskDeadlines(app);
  installRequestKeyUpkeep(app);
  installProcessPresence(app);
  app.get('/health', { config: { public: true, infrastructure: true }, schema: { hide: true } }, async () => ({ status: true, data: 'ok' }));
  app.get('/openapi.json', { config: { public: true, infrastructure: true }, schema: { hide: true } }, async () => app.swagger());

  if (firstPage !== undefined) await serveWebFiles(app, webDir, firstPage);
  return app;
}

/**
 * The built web app's files, open to anyone like any website's; index.html for client
 * routes comes from the not-found handler.
 */
async function serveWebFiles(app: FastifyInstance, webDir: string, firstPage: FirstPage): Promise<void> {
  let registering = true;
  app.addHook('onRoute', (route) => {
    if (registering) route.config = { ...(route.config ?? {}), public: true, infrastructure: true };
  });
  const assetsDir = path.join(path.resolve(webDir), 'assets') + path.sep;
  // wildcard: files are looked up on each request, so a rebuilt web app is served without a restart.
  // preCompressed: the build writes each file's .br and .gz beside it, sent to browsers that accept them.
  await app.register(fastifyStatic, {
    root: webDir, wildcard: true, index: false, preCompressed: true, cacheControl: false,
    // Vite names the files under assets/ by their content: a changed file is a new address, so
    // they are kept a year without asking again. Anything else (index.html) is checked each time.
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', filePath.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // The site's root is a folder to the static plugin (403): it is the app's home page.
  app.get('/', { schema: { hide: true } }, (request, reply) => sendFirstPage(request, reply, firstPage));
  registering = false;
}
