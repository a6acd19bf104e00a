import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openStore } from './store/db';

/** Writes the OpenAPI document generated from the routes' zod schemas to docs/openapi.json. */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rakit-openapi-'));
const store = openStore(undefined, dataDir);
const app = await buildApp(loadConfig({}, { dataDir }), store, { logger: false });
await app.ready();
const target = path.resolve(process.argv[2] ?? '../../docs/openapi.json');
writeFileSync(target, JSON.stringify(app.swagger(), null, 2) + '\n');
await app.close();
await store.destroy();
console.log(`OpenAPI document written to ${target}`);
