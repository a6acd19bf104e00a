import { loadConfig } from './config';
import { buildApp } from './app';
import { migrateToLatest, openStore } from './store/db';
import { seed, SUPER_ADMIN_USER_ID } from './store/seed';

const config = loadConfig();
const store = openStore(config.databaseUrl, config.dataDir);
await migrateToLatest(store);
const seeded = await seed(store, config.adminPassword);
const app = await buildApp(config, store);

const shutdown = async () => {
  await app.close();
  await store.destroy();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
const shownHost = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
const base = `http://${shownHost}:${config.port}`;
const lines = [
  '',
  `Rakit is running on ${base}`,
  `  Sign in as super administrator: ${base}/_root/auth/login  (user: ${SUPER_ADMIN_USER_ID})`,
  `  Register a builder account:     ${base}/main/auth/register`,
];
if (seeded.generatedAdminPassword !== undefined) {
  lines.push(`  Generated password for '${SUPER_ADMIN_USER_ID}' (shown once, keep it): ${seeded.generatedAdminPassword}`);
}
console.log(lines.join('\n') + '\n');
