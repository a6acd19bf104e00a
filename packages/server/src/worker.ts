import { pathToFileURL } from 'node:url';
import { loadConfig } from './config';
import { migrateUnderLock } from './lifecycle/startup';
import { openStore } from './store/db';
import { executorFor, type ExecutorLookup } from './workflows/addons';
import type { AddonExecutor } from './workflows/addons/executor';
import { buildServices } from './services';

/**
 * A workflow worker process (`npm run worker`, issue 12): works the BullMQ queue on REDIS_URL
 * with the same runner as the embedded queue, over the same metadata store as the web
 * processes, which then only enqueue. It serves no HTTP: it builds the services (services.ts) without Fastify. SIGTERM/SIGINT let the runs under way
 * finish; a worker killed outright leaves its runs under a lease another worker reclaims.
 *
 * RAKIT_WORKFLOW_WORKER_EXECUTORS names a module whose `executors` (add-on name → executor)
 * replace the built-in ones: for the tests' crash test only, never an operator's setting.
 */
process.umask(0o077);
const config = loadConfig();
if (config.redisUrl === undefined) {
  console.error('npm run worker works the BullMQ queue: set REDIS_URL (without it, `npm start` runs the workflows itself)');
  process.exit(1);
}
const store = openStore(config.databaseUrl, config.dataDir, { poolMax: config.lifecycle.storePoolMax });
await migrateUnderLock(store, config);

let lookup: ExecutorLookup = executorFor;
const extra = process.env.RAKIT_WORKFLOW_WORKER_EXECUTORS;
if (extra !== undefined && extra !== '') {
  const loaded = (await import(pathToFileURL(extra).href)) as { executors: Record<string, AddonExecutor> };
  const own = new Map(Object.entries(loaded.executors));
  lookup = (name) => own.get(name) ?? executorFor(name);
}

// The services alone, without HTTP: this process works the queue and the upkeep every process does.
const concurrency = Math.max(1, config.workflowWorkers);
const services = await buildServices(config, store, { workflowWorkers: concurrency, workflowExecutors: lookup });
await services.lifecycle.start();

const shutdown = async () => {
  await services.lifecycle.stop();
  await store.destroy();
  process.exit(0);
};
process.once('SIGINT', () => { void shutdown(); });
process.once('SIGTERM', () => { void shutdown(); });
// Said once a SIGTERM would drain it: an orchestrator may stop it the moment it reads this.
console.log(`Rakit workflow worker ${process.pid}: ${concurrency} at once, queue on ${new URL(config.redisUrl).host}`);
