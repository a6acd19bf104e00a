import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { OwnerLookups } from '../security/call-owners';

const ROUTE_MODULE = /^[\w-]+\.ts$/;

/**
 * Registers every module of `dir` (routes/): each is one area's routes, its default export a
 * plugin binding its contracts, registered encapsulated as app.register does, and its `owners`
 * say how the entities its contracts name lead to their application (the access check's lookups).
 * A new area adds its file, with no list to edit. Imported by our own code rather than
 * @fastify/autoload, whose native import() would load the modules outside the test runner's module graph (a second copy
 * of every module they import).
 */
export async function registerRouteModules(app: FastifyInstance, dir: string): Promise<void> {
  const files = (await readdir(dir)).filter((name) => ROUTE_MODULE.test(name) && !name.endsWith('.test.ts')).sort();
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(dir, file)).href)) as { default?: unknown; owners?: OwnerLookups };
    if (typeof module.default !== 'function') throw new Error(`${path.join(dir, file)} has no default export of a Fastify plugin`);
    if (module.owners !== undefined) app.callOwners.declare(module.owners, `routes/${file}`);
    await app.register(module.default as FastifyPluginAsync);
  }
  app.callOwners.assertEveryCallHasOwner();
}
