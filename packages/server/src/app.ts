import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { PRODUCT_NAME } from '@rakit/core';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import { openApiTransforms } from './http/openapi';
import { CallOwners } from './security/call-owners';
import { registerRouteModules } from './http/route-modules';
import { localisedValidatorCompiler } from './http/validation';
import authPlugin from './http/auth-plugin';
import { buildServices, type ServiceOptions, type Services } from './services';
import { installCollabSocket } from './http/collab-socket';
import { installRequestKeyUpkeep } from './http/replay';
import type { Config } from './config';
import { OneLinePerRequest } from './http/access-log';
import { type FirstPage, installErrorHandler, sendFirstPage } from './http/error-handler';
import { firstPageRenderer } from './http/first-page';
import { publicApplication } from './apps/public-app';
import { rateLimitOptions } from './http/rate-limit';
import { installSecurityHeaders } from './http/security-headers';
import { serializerCompiler } from './http/serializer';
import { closeConnectionsWhileDraining } from './http/shutdown';
import type { Store } from './store/db';

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's services (services.ts): routes hand them to the domain modules. */
    services: Services;
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

/** Builds the whole server over its services: API routes, OpenAPI document and the built web app. */
export type BuildOptions = ServiceOptions;

export async function buildApp(config: Config, store: Store, options: BuildOptions = {}): Promise<FastifyInstance> {
  const services = await buildServices(config, store, options);
  const app = Fastify({
    ...(options.logger === false ? {} : { loggerInstance: services.log as FastifyBaseLogger }),
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
  app.decorate('services', services);
  const { readCache } = services;
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
  closeConnectionsWhileDraining(app);
  installCollabSocket(app, services.collab);
  installRequestKeyUpkeep(services);
  app.addHook('onReady', () => services.lifecycle.start());
  app.addHook('onClose', () => services.lifecycle.stop());
  const webDir = config.webDir ?? defaultWebDir;
  const hasWebApp = existsSync(path.join(webDir, 'index.html'));
  const firstPage = hasWebApp
    ? firstPageRenderer(webDir, (slug) => publicApplication(store, slug))
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
  await app.register(rateLimit, rateLimitOptions(services.sharedRedis, config.redisPrefix));
  app.decorate('callOwners', new CallOwners());
  await app.register(authPlugin);
  await registerRouteModules(app, path.join(path.dirname(fileURLToPath(import.meta.url)), 'routes'));

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
