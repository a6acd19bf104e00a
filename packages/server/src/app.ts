import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { PRODUCT_NAME } from '@rakit/core';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import authPlugin from './auth/plugin';
import { TokenService } from './auth/tokens';
import type { Config } from './config';
import { installErrorHandler } from './http/error-handler';
import appRoutes from './routes/apps';
import authRoutes from './routes/auth';
import passwordResetRoutes from './routes/password-reset';
import type { Store } from './store/db';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    store: Store;
    tokens: TokenService;
  }
}

export const defaultWebDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Builds the whole server: API routes, OpenAPI document and the built web app. */
export async function buildApp(config: Config, store: Store, options: { logger?: boolean } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('store', store);
  app.decorate('tokens', new TokenService(config.secret, config.tokenTtlSeconds));
  installErrorHandler(app);

  await app.register(swagger, {
    openapi: {
      info: { title: `${PRODUCT_NAME} API`, version: '0.1.0', description: 'Every answer is { status, data?, error? }.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(rateLimit, { global: false });
  await app.register(authPlugin);

  await app.register(authRoutes);
  await app.register(passwordResetRoutes);
  await app.register(appRoutes);
  app.get('/health', { config: { public: true }, schema: { hide: true } }, async () => ({ status: true, data: 'ok' }));
  app.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());

  const webDir = config.webDir ?? defaultWebDir;
  if (existsSync(path.join(webDir, 'index.html'))) await serveWebApp(app, webDir);
  return app;
}

/**
 * The single-page app: files from the build, and index.html for any other GET that a
 * browser navigates to, so client routes like /main/auth/login load the app.
 */
async function serveWebApp(app: FastifyInstance, webDir: string): Promise<void> {
  await app.register(fastifyStatic, { root: webDir, wildcard: false, index: false });
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (wantsPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.code(404).send({ status: false, error: [`Route ${request.method} ${request.url.split('?')[0]} not found`] });
  });
}
