import { APP_MANIFEST_FILE, appSlugFromHost, Messages } from '@rakit/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APP_ICONS, type AppFile, appIcon, appManifest, isAppIconFile } from '../apps/manifest';
import { notFound } from '../errors/http-errors';

/** A phone asks again after ten minutes (a renamed application shows its new name soon), and the tag spares the bytes. */
const CACHE_CONTROL = 'public, max-age=600';

/**
 * Each application's web app manifest and icons (issue 38): at `/{slug}/manifest.webmanifest`,
 * or `/manifest.webmanifest` when the subdomain names the application. Public like the
 * application's name (getAppBySlug); not calls of the contract (a browser reads them, nothing
 * parses them as answers), out of the API's document.
 */
export default async function appManifestRoutes(app: FastifyInstance): Promise<void> {
  const config = { public: true, infrastructure: true } as const;
  const schema = { hide: true } as const;

  const send = (request: FastifyRequest, reply: FastifyReply, file: AppFile | undefined) => {
    if (file === undefined) throw notFound(Messages.appNotFound);
    reply.header('cache-control', CACHE_CONTROL).header('etag', file.etag).type(file.contentType);
    if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
    return reply.send(file.body);
  };
  /** The application the subdomain names; none: not found. */
  const hostSlug = (request: FastifyRequest): string => {
    const slug = appSlugFromHost(request.hostname);
    if (slug === null) throw notFound(Messages.appNotFound);
    return slug;
  };

  app.get<{ Params: { appSlug: string } }>(`/:appSlug/${APP_MANIFEST_FILE}`, { config, schema }, async (request, reply) =>
    send(request, reply, await appManifest(app.services.store, request.params.appSlug, false)));
  app.get(`/${APP_MANIFEST_FILE}`, { config, schema }, async (request, reply) =>
    send(request, reply, await appManifest(app.services.store, hostSlug(request), true)));

  for (const file of Object.keys(APP_ICONS).filter(isAppIconFile)) {
    app.get<{ Params: { appSlug: string } }>(`/:appSlug/${file}`, { config, schema }, async (request, reply) =>
      send(request, reply, await appIcon(app.services.store, request.params.appSlug, file)));
    app.get(`/${file}`, { config, schema }, async (request, reply) => send(request, reply, await appIcon(app.services.store, hostSlug(request), file)));
  }
}
