import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { migrateToLatest, openStore, seed } from '@rakit/server/bench-kit';

/**
 * A fresh metadata store, migrated and seeded (the root administrator's password `password`): a
 * SQLite file in a new data folder, or BENCH_DATABASE_URL (an empty PostgreSQL or MariaDB database).
 */
export async function benchStore(name: string, password: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `rakit-bench-${name}-`));
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const store = openStore(databaseUrl, dataDir);
  await migrateToLatest(store);
  await seed(store, password);
  return { dataDir, databaseUrl, store };
}

/** What a bench calls as an application's administrator: its id and slug, his token, and calls made through inject. */
export interface BenchWorkflowApp {
  appId: number;
  appSlug: string;
  admin: string;
  call: (method: 'POST' | 'GET', url: string, payload?: unknown, token?: string) => Promise<Record<string, unknown>>;
  /** A built workflow of one Set Variable step with the values given (templates of $0). */
  builtWorkflow: (name: string, values: string) => Promise<number>;
}

/**
 * A builder registered in main (seeded with `password`), his new application and his session in
 * it: the setup the workflow benches share.
 */
export async function benchWorkflowApp(app: FastifyInstance, userId: string, password: string, appName: string): Promise<BenchWorkflowApp> {
  const call: BenchWorkflowApp['call'] = async (method, url, payload, token) => {
    const answer = await app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }), headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });
    if (answer.statusCode >= 300) throw new Error(`${url}: ${answer.body}`);
    return answer.json().data as Record<string, unknown>;
  };
  const login = async (appSlug: string) => ((await call('POST', '/auth/login', { userId, password, appSlug })) as unknown as { token: string }[])[0]?.token as string;
  await call('POST', '/auth/register', { data: { userId, password, confirm_password: password, defaultGroupAppId: [1] } });
  const created = await call('POST', '/save/saveApp', { appId: null, appName, appDescription: '' }, await login('main'));
  const appSlug = created.appSlug as string;
  const admin = await login(appSlug);
  const appId = created.appId as number;
  async function builtWorkflow(name: string, values: string): Promise<number> {
    const chainId = (await call('POST', '/save/saveWorkflow', { chainId: null, chainAppId: appId, chainName: name, chainTrigger: null }, admin)).chainId as number;
    await call('POST', '/save/saveAction', { actionId: null, actionChainId: chainId, actionAlias: 'Step', addonName: 'variable', actionParams: JSON.stringify({ values }) }, admin);
    await call('POST', `/action/buildWorkflow/${chainId}`, {}, admin);
    return chainId;
  }
  return { appId, appSlug, admin, call, builtWorkflow };
}
