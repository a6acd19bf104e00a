import { loadConfig } from './config';
import { buildApp } from './app';
import { commandExists } from './documents/pdf-convert';
import { drainOnSignals, poolsLine } from './http/shutdown';
import { prepareStore } from './lifecycle/startup';
import { sharedStateNotice } from './replicas/shared-state';
import { openStore } from './store/db';
import { DEMO_ADMIN_USER_ID, DEMO_APP_SLUG, DEMO_MEMBER_USER_ID } from './store/demo';
import { SUPER_ADMIN_USER_ID } from './store/seed';

// Whatever this process creates (the data directory's files, LibreOffice's work files) is its
// account's alone; the data directory's own files are also created owner-only explicitly.
process.umask(0o077);
const config = loadConfig();
const store = openStore(config.databaseUrl, config.dataDir, { poolMax: config.lifecycle.storePoolMax });
// Migrations and the first seeding, once however many replicas start together.
const { demoSeeded, ...seeded } = await prepareStore(store, config);
const app = await buildApp(config, store);
drainOnSignals(app, store);

await app.listen({ port: config.port, host: config.host });
const shownHost = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
const address = app.server.address();
const base = `http://${shownHost}:${typeof address === 'object' && address !== null ? address.port : config.port}`;
const lines = [
  '',
  `Rakit is running on ${base}`,
  `  Sign in as super administrator: ${base}/_root/auth/login  (user: ${SUPER_ADMIN_USER_ID})`,
  `  Register a builder account:     ${base}/main/auth/register`,
];
lines.push(`  Demo application:               ${base}/${DEMO_APP_SLUG}/auth/login  (users: ${DEMO_ADMIN_USER_ID}, ${DEMO_MEMBER_USER_ID}; same password as admin)`);
if (demoSeeded) lines.push('  (the demo application was created on this start)');
lines.push(config.redisUrl === undefined
  ? `  Workflows: the embedded queue, ${config.workflowWorkers} run(s) at once in this process`
  : `  Workflows: queued on BullMQ at ${new URL(config.redisUrl).host}; run them with \`npm run worker\``);
lines.push(poolsLine(app));
const replicas = sharedStateNotice(config);
if (replicas !== undefined) lines.push(replicas);
if (!commandExists(config.soffice)) {
  lines.push(`  Printing to PDF needs LibreOffice: '${config.soffice}' was not found (apt-get install --no-install-recommends libreoffice-writer-nogui)`);
}
const { folderMove } = seeded;
if (folderMove.moved + folderMove.alreadyStored > 0) {
  lines.push(`  Moved ${folderMove.moved + folderMove.alreadyStored} file(s) from ${config.dataDir} into the store (the folder's copies are removed)`);
}
if (folderMove.leftBehind.length > 0) {
  lines.push(`  ${folderMove.leftBehind.length} file(s) in ${config.dataDir} belong to nothing in the store and were left there: ${folderMove.leftBehind.slice(0, 5).join(', ')}${folderMove.leftBehind.length > 5 ? ', …' : ''}`);
}
if (seeded.generatedAdminPassword !== undefined) {
  lines.push(`  Generated password for '${SUPER_ADMIN_USER_ID}' (shown once, keep it): ${seeded.generatedAdminPassword}`);
}
console.log(lines.join('\n') + '\n');
