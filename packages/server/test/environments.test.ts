import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { type AppBundle, createComponent, type Environments, type PromotionPreview, VARIABLE_VALUE } from '@rakit/core';
import { createConnection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushAudit } from '../src/audit/record';
import { stableJson } from '../src/bundles/files';
import type { TestServer } from './support/build';
import { bundleOf as appBundleOf, componentsOf as appComponentsOf, demoServer, retitle as retitleComponent, type TitledComponent as Titled } from './support/demo-app';
import { availableEngines, MYSQL_ADMIN_URL } from './support/engines';
import { leaseEnvironment, releaseEnvironment } from '../src/store/repositories/app-environments';
import { rakitAs } from './support/rakit-cli';
import { startGitServer, type TestGitServer } from './support/git-server';
import { hostileBuilder } from './trust-boundary/hostile';

/**
 * Issue 39, environments: the demo gets Development, Staging and Production (each an application
 * of its own), a change made in Development is promoted to Production with each environment
 * keeping where its connections lead (two real MariaDB databases), undone, refused once
 * Production was changed meanwhile; a connection new to the target is typed for it; and a hostile
 * author reaches no other application's environments. On each store engine; the operator lets
 * authors reach 127.0.0.1 (the test's databases) and no other private address.
 */
const engines = await availableEngines();
const GIT_TOKEN = 'git-token-envs-5d1e';

describe.each(engines)('environments on a %s store', (engine) => {
  let server: TestServer;
  let gitServer: TestGitServer;
  let root: string;
  let demoId: number;
  const suffix = randomBytes(3).toString('hex');
  const databases = { production: `rakit_env_prod_${suffix}`, development: `rakit_env_dev_${suffix}`, moved: `rakit_env_moved_${suffix}` };

  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, token = root) => server.call(method, url, body, token);
  const ok = async <T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> => {
    const answer = await call(method, url, body);
    expect(answer.statusCode, `${url}: ${answer.body}`).toBeLessThan(300);
    return answer.json().data as T;
  };
  const bundleOf = (appId: number) => appBundleOf(server, root, appId);
  const componentsOf = (appId: number, slug: string) => appComponentsOf(server, root, appId, slug);
  const retitle = (appId: number, slug: string, componentId: string, title: string) => retitleComponent(server, root, appId, slug, componentId, title);
  const connectionsOf = (appId: number) => ok<{ dbId: number; dbType: string; dbHost: string; dbDatabase: string; dbTimeLimit: number | null }[]>('GET', `/get/getDbConf/${appId}`);
  /** The server's address for `npx rakit`, listening from the first test that asks. */
  const listeningUrl = async () => {
    if (server.app.server.address() === null) await server.app.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  };
  /** Each environment's address by its application id. */
  const familySlugs = async () => {
    const family = (await ok<Environments>('GET', `/get/environments/${ids.development}`)).environments;
    return (appId: number) => family.find((e) => e.appId === appId)?.appSlug as string;
  };
  /** An API token of the application (a CI job's), of these abilities. */
  const tokenOf = async (appId: number, name: string, abilities = ['deployApp']) => {
    const pageIds = abilities.includes('readTables') ? [(await call('GET', `/get/listAppPages/${appId}`)).json().data[0].pageId as number] : [];
    const made = await call('POST', '/save/createApiToken', { appId, tokenName: `${name} ${engine}`, abilities, pageIds, expiresInDays: 30 });
    expect(made.statusCode, made.body).toBe(201);
    return made.json().data.secret as string;
  };
  const mysqlAdmin = async (statements: string) => {
    const connection = await createConnection({ uri: MYSQL_ADMIN_URL, multipleStatements: true });
    await connection.query(statements);
    await connection.end();
  };

  beforeAll(async () => {
    await mysqlAdmin(Object.values(databases).map((name) => `CREATE DATABASE ${name};`).join(' '));
    gitServer = await startGitServer({ token: GIT_TOKEN });
    ({ server, root, demoId } = await demoServer(engine));
  }, 60_000);
  afterAll(async () => {
    await server.close();
    await gitServer.close();
    await mysqlAdmin(Object.values(databases).map((name) => `DROP DATABASE IF EXISTS ${name};`).join(' '));
  });

  let ids: { development: number; staging: number; production: number };
  let productsTitle: { id: string; title: string };

  it('makes Development and Staging as copies of the application, which becomes Production', async () => {
    // The application's own MariaDB connection, to Production's database.
    await ok('POST', '/save/saveDbConfig', { dbId: null, dbAppId: demoId, dbType: 'mysql', dbHost: '127.0.0.1', dbPort: 3306, dbUser: 'root', dbDatabase: databases.production });
    expect((await ok<Environments>('GET', `/get/environments/${demoId}`)).environments).toEqual([]);
    // A function, whose slug is unique on the server: each environment's copy has its own.
    await ok('POST', '/function/saveFunction', { appId: demoId, name: 'Harga Grosir', parameter: [{ name: 'value', type: 'int' }], content: 'return value * 0.9;' });

    const made = await ok<Environments>('POST', '/save/createEnvironments', { appId: demoId });
    expect(made.environments.map((e) => [e.name, e.order, e.appName])).toEqual([
      ['Development', 1, 'Demo Toko (Development)'], ['Staging', 2, 'Demo Toko (Staging)'], ['Production', 3, 'Demo Toko'],
    ]);
    const [development, staging, production] = made.environments.map((e) => e.appId) as [number, number, number];
    ids = { development, staging, production };
    // Copies just made: nothing to promote, each environment's function slug its own.
    expect((await ok<PromotionPreview>('POST', '/save/previewPromotion', { appId: development, targetAppId: production })).changes).toEqual([]);
    const slugs = await Promise.all([development, production].map(async (id) => (await bundleOf(id)).functions.map((f) => f.slug)));
    expect(slugs[0]).not.toEqual(slugs[1]);
    expect(production).toBe(demoId);
    // Twice is refused; the family stays as it is.
    const again = await call('POST', '/save/createEnvironments', { appId: development });
    expect(again.statusCode).toBe(409);
    expect((await ok<Environments>('GET', `/get/environments/${development}`)).environments).toHaveLength(3);

    // A copy holds the same structure and the embedded shop's rows; no member of Production.
    const [copy, original] = [await bundleOf(development), await bundleOf(demoId)];
    expect(copy.pages.map((p) => p.pageSlug)).toEqual(original.pages.map((p) => p.pageSlug));
    const rowsOf = (bundle: AppBundle) => bundle.connections.flatMap((c) => c.sqliteTables ?? []).map((t) => [t.name, t.rows.length]);
    expect(rowsOf(await ok<AppBundle>('GET', `/get/exportApp/${development}?data=true`))).toEqual(rowsOf(await ok<AppBundle>('GET', `/get/exportApp/${demoId}?data=true`)));
    expect((await server.login('demo-user', 'demo-password-1', 'demo')).length).toBeGreaterThan(0);
    const member = await server.call('POST', '/auth/login', { userId: 'demo-user', password: 'demo-password-1', appSlug: made.environments[0]?.appSlug });
    expect(member.statusCode).toBeGreaterThanOrEqual(400);

    // Development is pointed at its own database.
    const devMysql = (await connectionsOf(development)).find((c) => c.dbType === 'mysql');
    await ok('POST', '/save/saveDbConfig', { dbId: devMysql?.dbId, dbAppId: development, dbType: 'mysql', dbHost: '127.0.0.1', dbPort: 3306, dbUser: 'root', dbDatabase: databases.development });
    const listed = await ok<Environments>('GET', `/get/environments/${development}`);
    expect(listed.environments.map((e) => e.connections.find((c) => c.dbType === 'mysql')?.dbDatabase)).toEqual([databases.development, databases.production, databases.production]);
  });

  it('promotes a changed page and a new workflow to Production, keeping each environment\'s connections, and undoes it', async () => {
    const products = await componentsOf(ids.development, 'products');
    const titled = products.find((c) => typeof c.title === 'string' && c.title !== '') as { id: string; title: string };
    productsTitle = { id: titled.id, title: titled.title };
    await retitle(ids.development, 'products', titled.id, 'Daftar Barang (baru)');
    await ok('POST', '/save/saveWorkflow', { chainId: null, chainAppId: ids.development, chainName: 'Kirim Laporan', chainTrigger: null });

    const preview = await ok<PromotionPreview>('POST', '/save/previewPromotion', { appId: ids.development, targetAppId: ids.production });
    expect(preview).toMatchObject({ source: 'Development', target: 'Production', changedInTarget: [], newConnections: [] });
    const page = preview.changes.find((c) => c.path === 'pages/products.json');
    expect(page).toMatchObject({ thing: 'page', status: 'changed' });
    expect(page?.components).toEqual([expect.objectContaining({ id: titled.id, status: 'changed', properties: [{ property: 'title', before: titled.title, after: 'Daftar Barang (baru)' }] })]);
    // Both sides of the page, to draw: Production's as it is, and as it will be.
    const drawn = (text: string | null | undefined) => (JSON.parse(text ?? '[]') as { id: string; title?: string }[]).find((c) => c.id === titled.id)?.title;
    expect([drawn(page?.drawing?.before), drawn(page?.drawing?.after)]).toEqual([titled.title, 'Daftar Barang (baru)']);
    expect(preview.changes.find((c) => c.thing === 'workflow')).toMatchObject({ name: 'Kirim Laporan', status: 'added' });
    // Where a connection leads is each environment's own: no change to show.
    expect(preview.changes.filter((c) => c.thing === 'connection' || c.thing === 'application')).toEqual([]);

    // A preview of a target that moved since is refused.
    const stale = await call('POST', '/save/promote', { appId: ids.development, targetAppId: ids.production, targetState: '0'.repeat(64) });
    expect(stale.statusCode).toBe(409);
    expect((await componentsOf(ids.production, 'products')).find((c) => c.id === titled.id)?.title).toBe(titled.title);

    const promoted = await ok<{ target: string; changedFiles: string[] }>('POST', '/save/promote', { appId: ids.development, targetAppId: ids.production, targetState: preview.targetState });
    expect(promoted.changedFiles).toEqual(expect.arrayContaining(['pages/products.json']));
    expect((await componentsOf(ids.production, 'products')).find((c) => c.id === titled.id)?.title).toBe('Daftar Barang (baru)');
    expect((await bundleOf(ids.production)).workflows.map((w) => w.name)).toContain('Kirim Laporan');
    // Each environment still leads to its own database; Production's members still sign in.
    expect((await connectionsOf(ids.production)).find((c) => c.dbType === 'mysql')?.dbDatabase).toBe(databases.production);
    expect((await connectionsOf(ids.development)).find((c) => c.dbType === 'mysql')?.dbDatabase).toBe(databases.development);
    expect((await server.login('demo-user', 'demo-password-1', 'demo')).length).toBeGreaterThan(0);
    // The replaced page is in Production's page history; the promotion in its audit log.
    const kept = await server.store.selectFrom('pageVersions').select('pageSlug').where('appId', '=', ids.production).where('pageSlug', '=', 'products').execute();
    expect(kept.length).toBeGreaterThan(0);
    await flushAudit(server.store);
    const audit = await server.store.selectFrom('auditLog').select(['appId', 'actorId']).where('action', '=', 'promote').execute();
    expect(audit).toContainEqual({ appId: ids.production, actorId: 'admin' });
    const production = (await ok<Environments>('GET', `/get/environments/${ids.production}`)).environments.find((e) => e.appId === ids.production);
    expect(production?.lastPromotion).toMatchObject({ from: 'Development', by: 'admin', undoable: true });
    // Nothing more to carry: a second promotion changes nothing.
    expect((await ok<PromotionPreview>('POST', '/save/previewPromotion', { appId: ids.development, targetAppId: ids.production })).changes).toEqual([]);

    const undone = await ok<{ changedFiles: string[] }>('POST', '/save/undoPromotion', { appId: ids.production });
    expect(undone.changedFiles).toEqual(expect.arrayContaining(['pages/products.json']));
    expect((await componentsOf(ids.production, 'products')).find((c) => c.id === titled.id)?.title).toBe(titled.title);
    expect((await bundleOf(ids.production)).workflows.map((w) => w.name)).not.toContain('Kirim Laporan');
    expect((await connectionsOf(ids.production)).find((c) => c.dbType === 'mysql')?.dbDatabase).toBe(databases.production);
    expect((await call('POST', '/save/undoPromotion', { appId: ids.production })).statusCode).toBe(409);
  });

  it('refuses a promotion into Production changed meanwhile, naming what changed there', async () => {
    // A fix made right in Production, on the component Development changed too.
    const other = { id: productsTitle.id };
    await retitle(ids.production, 'products', other.id, 'Diperbaiki langsung di Production');
    const preview = await ok<PromotionPreview>('POST', '/save/previewPromotion', { appId: ids.development, targetAppId: ids.production });
    expect(preview.changedInTarget.map((c) => c.path)).toEqual(['pages/products.json']);
    expect(preview.changedInTarget[0]?.components.map((c) => c.id)).toEqual([other.id]);
    const refused = await call('POST', '/save/promote', { appId: ids.development, targetAppId: ids.production, targetState: preview.targetState });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error[0]).toMatch(/Production was changed since its last promotion/);
    // Nothing was written.
    const components = await componentsOf(ids.production, 'products');
    expect(components.find((c) => c.id === other.id)?.title).toBe('Diperbaiki langsung di Production');
    // Development → Staging is not held up by Production.
    expect((await call('POST', '/save/promote', { appId: ids.development, targetAppId: ids.staging })).statusCode).toBe(200);

    // Development takes the same fix: nothing of Production's is undone any more, and the promotion goes through.
    await retitle(ids.development, 'products', other.id, 'Diperbaiki langsung di Production');
    const again = await ok<PromotionPreview>('POST', '/save/previewPromotion', { appId: ids.development, targetAppId: ids.production });
    expect(again.changedInTarget).toEqual([]);
    expect(again.changes.map((c) => c.path)).not.toContain('pages/products.json');
    await ok('POST', '/save/promote', { appId: ids.development, targetAppId: ids.production, targetState: again.targetState });
    expect((await componentsOf(ids.production, 'products')).find((c) => c.id === other.id)?.title).toBe('Diperbaiki langsung di Production');
  });

  it('lets Production\'s own parts change without holding a promotion up, and keeps them', async () => {
    // Production's database moves and its application gets a new description: its own, not a promotion's.
    const productionMysql = (await connectionsOf(ids.production)).find((c) => c.dbType === 'mysql');
    await ok('POST', '/save/saveDbConfig', { dbId: productionMysql?.dbId, dbAppId: ids.production, dbType: 'mysql', dbHost: '127.0.0.1', dbPort: 3306, dbUser: 'root', dbDatabase: databases.moved, dbTimeLimit: 45 });
    await ok('POST', '/save/saveApp', { appId: ids.production, appName: 'Demo Toko', appDescription: 'Toko demo, di server baru' });
    // Only its own parts differ from its last promotion; Development changes the title once more.
    await retitle(ids.development, 'products', productsTitle.id, 'Daftar Barang (baru)');
    const preview = await ok<PromotionPreview>('POST', '/save/previewPromotion', { appId: ids.development, targetAppId: ids.production });
    expect(preview.changedInTarget).toEqual([]);
    await ok('POST', '/save/promote', { appId: ids.development, targetAppId: ids.production, targetState: preview.targetState });
    expect((await componentsOf(ids.production, 'products')).find((c) => c.id === productsTitle.id)?.title).toBe('Daftar Barang (baru)');
    expect((await connectionsOf(ids.production)).find((c) => c.dbType === 'mysql')).toMatchObject({ dbDatabase: databases.moved, dbTimeLimit: 45 });
    expect((await bundleOf(ids.production)).app.appDescription).toBe('Toko demo, di server baru');

    // Moved back after the promotion, then the promotion undone: the page goes back, the connection stays where it is now.
    // (A promotion gives the target's rows new ids, as an import does.)
    const movedBack = (await connectionsOf(ids.production)).find((c) => c.dbType === 'mysql');
    await ok('POST', '/save/saveDbConfig', { dbId: movedBack?.dbId, dbAppId: ids.production, dbType: 'mysql', dbHost: '127.0.0.1', dbPort: 3306, dbUser: 'root', dbDatabase: databases.production });
    await ok('POST', '/save/undoPromotion', { appId: ids.production });
    expect((await componentsOf(ids.production, 'products')).find((c) => c.id === productsTitle.id)?.title).toBe('Diperbaiki langsung di Production');
    expect((await connectionsOf(ids.production)).find((c) => c.dbType === 'mysql')?.dbDatabase).toBe(databases.production);
    expect((await bundleOf(ids.production)).app.appDescription).toBe('Toko demo, di server baru');
  });

  it('asks where a connection new to the target leads there, never taking the source\'s', async () => {
    await ok('POST', '/save/saveDbConfig', { dbId: null, dbAppId: ids.development, dbType: 'mysql', dbHost: '127.0.0.1', dbPort: 3306, dbUser: 'root', dbDatabase: databases.development });
    const preview = await ok<PromotionPreview>('POST', '/save/previewPromotion', { appId: ids.development, targetAppId: ids.staging });
    expect(preview.newConnections).toEqual([expect.objectContaining({ dbType: 'mysql', sourceDatabase: databases.development })]);
    const link = preview.newConnections[0]?.link as string;
    const missing = await call('POST', '/save/promote', { appId: ids.development, targetAppId: ids.staging });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error[0]).toContain(databases.development);
    const typed = { [link]: { dbHost: '127.0.0.1', dbPort: 3306, dbUser: 'root', dbPassword: '', dbDatabase: databases.production } };
    await ok('POST', '/save/promote', { appId: ids.development, targetAppId: ids.staging, newConnections: typed });
    const staging = (await connectionsOf(ids.staging)).filter((c) => c.dbType === 'mysql').map((c) => c.dbDatabase);
    expect(staging).toEqual([databases.production, databases.production]);
    // Known by its link from now on: the next promotion asks nothing.
    expect((await ok<PromotionPreview>('POST', '/save/previewPromotion', { appId: ids.development, targetAppId: ids.staging })).newConnections).toEqual([]);
  });

  it('keeps each environment\'s variables: a promotion asks the target\'s values of new ones and never carries the source\'s', async () => {
    type Listed = { variableId: number; name: string; secret: boolean; value: string; hasValue: boolean }[];
    const variablesOf = (appId: number) => ok<Listed>('GET', `/get/listVariables/${appId}`);
    await ok('POST', '/save/saveVariable', { appId: ids.development, name: 'BRANCH', value: 'DEV-JKT' });
    await ok('POST', '/save/saveVariable', { appId: ids.development, name: 'API_KEY', secret: true, value: 'dev-secret-91c' });
    // Development's products page gets a button whose query takes both.
    const pages = await ok<{ pageId: number; pageSlug: string }[]>('GET', `/get/listAppPages/${ids.development}`);
    const dbId = (await connectionsOf(ids.development))[0]?.dbId as number;
    const button = createComponent('button', 'branch-button', 'Cabang');
    button.custom_action = [{
      name: 'branch', action: 'QUERY', cause: '', show: true,
      stored: { database: dbId, query: 'SELECT ? AS branch, ? AS apiKey', params: [{ source: VARIABLE_VALUE, custom: 'BRANCH' }, { source: VARIABLE_VALUE, custom: 'API_KEY' }] },
    }];
    const withButton = [...await componentsOf(ids.development, 'products'), button];
    await ok('POST', '/save/saveApp', { appId: ids.development, pages: [{ pageId: pages.find((p) => p.pageSlug === 'products')?.pageId, pageComponents: JSON.stringify(withButton) }] });

    const preview = await ok<PromotionPreview>('POST', '/save/previewPromotion', { appId: ids.development, targetAppId: ids.staging });
    expect(preview.newVariables).toEqual([{ name: 'API_KEY', secret: true }, { name: 'BRANCH', secret: false }]);
    // Without Staging's values: refused, naming them; nothing is written.
    const missing = await call('POST', '/save/promote', { appId: ids.development, targetAppId: ids.staging });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error[0]).toMatch(/Give Staging a value for the variables its pages will use: API_KEY, BRANCH/);
    expect(await variablesOf(ids.staging)).toEqual([]);
    expect((await componentsOf(ids.staging, 'products')).some((c) => c.id === 'branch-button')).toBe(false);

    await ok('POST', '/save/promote', { appId: ids.development, targetAppId: ids.staging, newVariables: { API_KEY: 'stg-secret-4d2', BRANCH: 'STG-BDG' } });
    expect((await componentsOf(ids.staging, 'products')).some((c) => c.id === 'branch-button')).toBe(true);
    expect((await variablesOf(ids.staging)).map((v) => [v.name, v.secret, v.value, v.hasValue])).toEqual([['API_KEY', true, '', true], ['BRANCH', false, 'STG-BDG', true]]);
    const stored = await server.store.selectFrom('appVariables').select(['varName', 'varValue']).where('appId', '=', ids.staging).execute();
    expect(JSON.stringify(stored)).not.toContain('stg-secret-4d2');
    expect(JSON.stringify(await server.store.selectFrom('auditLog').select('details').execute())).not.toMatch(/stg-secret-4d2|dev-secret-91c/);

    // Each environment keeps its own from now on: a later promotion asks nothing and changes no value.
    await ok('POST', '/save/saveVariable', { appId: ids.development, variableId: (await variablesOf(ids.development)).find((v) => v.name === 'BRANCH')?.variableId, name: 'BRANCH', value: 'DEV-2' });
    await retitle(ids.development, 'products', 'branch-button', 'Cabang (baru)');
    const later = await ok<PromotionPreview>('POST', '/save/previewPromotion', { appId: ids.development, targetAppId: ids.staging });
    expect(later.newVariables).toEqual([]);
    await ok('POST', '/save/promote', { appId: ids.development, targetAppId: ids.staging, targetState: later.targetState });
    expect((await variablesOf(ids.staging)).find((v) => v.name === 'BRANCH')?.value).toBe('STG-BDG');
    // Undone, the page goes back and Staging's values stay Staging's.
    await ok('POST', '/save/undoPromotion', { appId: ids.staging });
    expect((await variablesOf(ids.staging)).map((v) => v.name)).toEqual(['API_KEY', 'BRANCH']);
    await ok('POST', '/save/promote', { appId: ids.development, targetAppId: ids.staging });
  });

  it('promotes from a terminal with `npx rakit promote`, and refuses there as the screen does', async () => {
    const serverUrl = await listeningUrl();
    const developmentSlug = (await familySlugs())(ids.development);
    const rakit = (...args: string[]) => rakitAs(root, ['promote', '--app', developmentSlug, '--server', serverUrl, ...args]);
    await retitle(ids.development, 'products', productsTitle.id, 'Dari terminal');

    const checked = await rakit('--to', 'staging', '--check');
    expect(checked.code, checked.out).toBe(1);
    expect(checked.out).toContain('changed  page');
    expect(checked.out).toContain(`changed component ${productsTitle.id}`);
    expect((await componentsOf(ids.staging, 'products')).find((c) => c.id === productsTitle.id)?.title).not.toBe('Dari terminal');

    const promoted = await rakit('--to', 'Staging');
    expect(promoted.code, promoted.out).toBe(0);
    expect(promoted.out).toMatch(/Promoted to Staging: \d+ files changed/);
    expect((await componentsOf(ids.staging, 'products')).find((c) => c.id === productsTitle.id)?.title).toBe('Dari terminal');
    expect((await rakit('--to', 'Staging', '--check')).code).toBe(0);

    // Production fixed by hand: refused, naming what changed there.
    await retitle(ids.production, 'products', productsTitle.id, 'Diperbaiki lagi di Production');
    const refused = await rakit('--to', 'Production');
    expect(refused.code).toBe(2);
    expect(refused.out).toContain('Production was changed since its last promotion');
    expect((await rakit('--to', 'Nowhere')).out).toContain('choose one of Staging, Production');
  });

  it('promotes from a CI job with two API tokens, each reaching its own environment alone', async () => {
    const serverUrl = await listeningUrl();
    const slugOf = await familySlugs();
    const [fromDevelopment, intoStaging, intoProduction] = [
      await tokenOf(ids.development, 'CI development'), await tokenOf(ids.staging, 'CI staging'), await tokenOf(ids.production, 'CI production'),
    ];
    const rakit = (source: string, target: string, toApp: string, ...args: string[]) =>
      rakitAs(source, ['promote', '--app', slugOf(ids.development), '--to-app', toApp, '--server', serverUrl, ...args], { RAKIT_TARGET_TOKEN: target });
    await retitle(ids.development, 'products', productsTitle.id, 'Dari CI');

    const checked = await rakit(fromDevelopment, intoStaging, slugOf(ids.staging), '--check');
    expect(checked.code, checked.out).toBe(1);
    expect(checked.out).toContain(`changed component ${productsTitle.id}`);
    expect((await componentsOf(ids.staging, 'products')).find((c) => c.id === productsTitle.id)?.title).not.toBe('Dari CI');
    const promoted = await rakit(fromDevelopment, intoStaging, slugOf(ids.staging));
    expect(promoted.code, promoted.out).toBe(0);
    expect(promoted.out).toMatch(/Promoted to Staging: \d+ files changed/);
    expect((await componentsOf(ids.staging, 'products')).find((c) => c.id === productsTitle.id)?.title).toBe('Dari CI');
    const staging = (await ok<Environments>('GET', `/get/environments/${ids.staging}`)).environments.find((e) => e.appId === ids.staging);
    expect(staging?.lastPromotion).toMatchObject({ from: 'Development', by: `token:CI staging ${engine}`, undoable: true });
    // Production, fixed by hand earlier, refuses it as the screen does.
    const refused = await rakit(fromDevelopment, intoProduction, slugOf(ids.production));
    expect(refused.code).toBe(2);
    expect(refused.out).toContain('Production was changed since its last promotion');

    // Neither token reaches the other's application: Development's cannot promote into Staging,
    // Staging's cannot export Development, a token that may not deploy Staging cannot either.
    expect((await rakit(fromDevelopment, fromDevelopment, slugOf(ids.staging))).out).toMatch(/previewBundlePromotion: 403/);
    expect((await server.call('GET', `/get/exportApp/${ids.development}?users=false&data=false`, undefined, intoStaging)).statusCode).toBe(403);
    const reader = await tokenOf(ids.staging, 'Reader staging', ['readTables']);
    expect((await rakit(fromDevelopment, reader, slugOf(ids.staging))).out).toMatch(/previewBundlePromotion: 403/);
    // A bundle said to come from outside the family, or from the target itself, is refused; nothing changes.
    const bundle = await bundleOf(ids.development);
    const hostile = await hostileBuilder(server);
    const outside = await server.call('POST', '/save/previewBundlePromotion', { appId: ids.staging, sourceAppSlug: hostile.appSlug, bundle }, intoStaging);
    expect(outside.statusCode, outside.body).toBe(400);
    const itself = await server.call('POST', '/save/promoteBundle', { appId: ids.staging, sourceAppSlug: slugOf(ids.staging), bundle }, intoStaging);
    expect(itself.statusCode, itself.body).toBe(400);
    const notBundle = await server.call('POST', '/save/promoteBundle', { appId: ids.staging, sourceAppSlug: slugOf(ids.development), bundle: { format: 'nope' } }, intoStaging);
    expect(notBundle.statusCode, notBundle.body).toBe(400);
    // The hostile author may not promote into Staging at all.
    expect((await server.call('POST', '/save/promoteBundle', { appId: ids.staging, sourceAppSlug: slugOf(ids.development), bundle }, hostile.token)).statusCode).toBe(403);
    expect((await componentsOf(ids.staging, 'products')).find((c) => c.id === productsTitle.id)?.title).toBe('Dari CI');
    // Development's title back as the terminal's promotion left it, promoted again: the next tests start where they did.
    await retitle(ids.development, 'products', productsTitle.id, 'Dari terminal');
    expect((await rakit(fromDevelopment, intoStaging, slugOf(ids.staging))).code).toBe(0);
    expect((await componentsOf(ids.staging, 'products')).find((c) => c.id === productsTitle.id)?.title).toBe('Dari terminal');
  });

  it('lets a CI job set the variables a promotion asks of the target, with the target\'s token and never on its command line', async () => {
    const serverUrl = await listeningUrl();
    const slugOf = await familySlugs();
    const [fromDevelopment, intoStaging] = [await tokenOf(ids.development, 'Vars development'), await tokenOf(ids.staging, 'Vars staging')];
    const promote = (...args: string[]) =>
      rakitAs(fromDevelopment, ['promote', '--app', slugOf(ids.development), '--to-app', slugOf(ids.staging), '--server', serverUrl, ...args], { RAKIT_TARGET_TOKEN: intoStaging });
    const setVariable = (token: string, appId: number, env: Record<string, string>, ...args: string[]) =>
      rakitAs(token, ['variable', '--app', slugOf(appId), '--server', serverUrl, ...args], env);
    type Listed = { name: string; secret: boolean; value: string; hasValue: boolean }[];
    const stagingVariables = async () => (await ok<Listed>('GET', `/get/listVariables/${ids.staging}`)).map((v) => [v.name, v.secret, v.value, v.hasValue]);

    // Development's products page gets a button whose query takes a secret Staging lacks.
    await ok('POST', '/save/saveVariable', { appId: ids.development, name: 'SHIP_KEY', secret: true, value: 'dev-ship-31a' });
    const dbId = (await connectionsOf(ids.development))[0]?.dbId as number;
    const button = createComponent('button', 'ship-button', 'Kirim');
    button.custom_action = [{ name: 'ship', action: 'QUERY', cause: '', show: true, stored: { database: dbId, query: 'SELECT ? AS shipKey', params: [{ source: VARIABLE_VALUE, custom: 'SHIP_KEY' }] } }];
    const pages = await ok<{ pageId: number; pageSlug: string }[]>('GET', `/get/listAppPages/${ids.development}`);
    await ok('POST', '/save/saveApp', { appId: ids.development, pages: [{ pageId: pages.find((p) => p.pageSlug === 'products')?.pageId, pageComponents: JSON.stringify([...await componentsOf(ids.development, 'products'), button]) }] });

    // The check names it; the promotion is refused, telling how to set it; Staging is unchanged.
    expect((await promote('--check')).out).toContain('Variables Staging does not have: SHIP_KEY');
    const refused = await promote();
    expect(refused.code).toBe(2);
    expect(refused.out).toContain('Staging does not have the variables its promoted pages use: SHIP_KEY. Set each in Staging first (rakit variable');
    expect((await componentsOf(ids.staging, 'products')).some((c) => c.id === 'ship-button')).toBe(false);

    // No value, or one named but unset: refused before anything is asked of the server.
    expect((await setVariable(intoStaging, ids.staging, {}, '--name', 'SHIP_KEY', '--secret', '--from-env', 'NO_SUCH_VARIABLE_SET')).out).toContain('NO_SUCH_VARIABLE_SET is not set or empty');
    expect((await setVariable(intoStaging, ids.staging, {}, '--secret', '--from-env', 'STAGING_SHIP_KEY')).out).toContain('name the variable with --name');
    // Other tokens and a hostile author may not set Staging's: Development's deploys Development only, a reader deploys nothing.
    const reader = await tokenOf(ids.staging, 'Vars reader', ['readTables']);
    for (const token of [fromDevelopment, reader]) {
      const other = await setVariable(token, ids.staging, { STAGING_SHIP_KEY: 'stolen-1' }, '--name', 'SHIP_KEY', '--from-env', 'STAGING_SHIP_KEY');
      expect(other.code).toBe(2);
      expect(other.out).toMatch(/listVariables\/\d+: 403/);
    }
    const hostile = await hostileBuilder(server);
    expect((await call('POST', '/save/saveVariable', { appId: ids.staging, name: 'SHIP_KEY', value: 'stolen-2' }, hostile.token)).statusCode).toBe(403);
    expect((await stagingVariables()).map(([name]) => name)).toEqual(['API_KEY', 'BRANCH']);

    // Staging's token sets it from the job's secret: sealed, never printed, recorded by the token.
    const set = await setVariable(intoStaging, ids.staging, { STAGING_SHIP_KEY: 'stg-ship-88e' }, '--name', 'SHIP_KEY', '--secret', '--from-env', 'STAGING_SHIP_KEY');
    expect(set, set.out).toEqual({ code: 0, out: `${slugOf(ids.staging)}: variable SHIP_KEY added (secret)` });
    expect(await stagingVariables()).toContainEqual(['SHIP_KEY', true, '', true]);
    // Set again without --secret: changed, and still secret.
    expect((await setVariable(intoStaging, ids.staging, { STAGING_SHIP_KEY: 'stg-ship-99f' }, '--name', 'SHIP_KEY', '--from-env', 'STAGING_SHIP_KEY')).out).toContain('variable SHIP_KEY changed (secret)');
    expect(await stagingVariables()).toContainEqual(['SHIP_KEY', true, '', true]);
    const promoted = await promote();
    expect(promoted.code, promoted.out).toBe(0);
    expect((await componentsOf(ids.staging, 'products')).some((c) => c.id === 'ship-button')).toBe(true);
    await flushAudit(server.store);
    const entries = await server.store.selectFrom('auditLog').select(['actorId', 'details']).where('action', '=', 'saveVariable').where('appId', '=', ids.staging).execute();
    expect(entries.map((e) => e.actorId)).toContain(`token:Vars staging ${engine}`);
    expect(JSON.stringify(entries)).not.toMatch(/stg-ship-88e|stg-ship-99f/);
    expect(JSON.stringify(await server.store.selectFrom('appVariables').select('varValue').where('appId', '=', ids.staging).execute())).not.toMatch(/stg-ship-/);
  });

  it('renames and adds environments within bounds', async () => {
    const renamed = await ok<Environments>('POST', '/save/renameEnvironment', { appId: ids.staging, name: 'Uji Coba' });
    expect(renamed.environments.map((e) => e.name)).toEqual(['Development', 'Uji Coba', 'Production']);
    expect((await call('POST', '/save/renameEnvironment', { appId: ids.staging, name: 'production' })).statusCode).toBe(409);
    expect((await call('POST', '/save/renameEnvironment', { appId: ids.staging, name: ' ' })).statusCode).toBe(400);
    const added = await ok<Environments>('POST', '/save/addEnvironment', { appId: ids.development, name: 'QA' });
    expect(added.environments.map((e) => e.name)).toEqual(['Development', 'QA', 'Uji Coba', 'Production']);
    // A new environment starts with the variables of the one it copies, a secret one still sealed.
    const qa = added.environments.find((e) => e.name === 'QA')?.appId as number;
    expect((await ok<{ name: string; value: string; secret: boolean }[]>('GET', `/get/listVariables/${qa}`)).map((v) => [v.name, v.secret, v.value])).toEqual([['API_KEY', true, ''], ['BRANCH', false, 'DEV-2'], ['SHIP_KEY', true, '']]);
    expect((await call('POST', '/save/promote', { appId: ids.development, targetAppId: ids.development })).statusCode).toBe(400);
  });

  it('lets a hostile author reach no other application\'s environments', async () => {
    const hostile = await hostileBuilder(server);
    const as = (url: string, body?: unknown) => server.call(body === undefined ? 'GET' : 'POST', url, body, hostile.token);
    const mine = (await as('/save/createEnvironments', { appId: hostile.appId })).json().data as Environments;
    expect(mine.environments.map((e) => e.name)).toEqual(['Development', 'Staging', 'Production']);
    // His copies are his to administer from the first answer.
    expect(mine.environments.map((e) => e.administered)).toEqual([true, true, true]);
    const myDevelopment = mine.environments[0]?.appId as number;
    // Another application's family: not listed, not promoted from or to, not renamed, not copied.
    expect((await as(`/get/environments/${ids.production}`)).statusCode).toBe(403);
    for (const [url, body] of [
      ['/save/previewPromotion', { appId: myDevelopment, targetAppId: ids.production }],
      ['/save/promote', { appId: myDevelopment, targetAppId: ids.production }],
      ['/save/promote', { appId: ids.development, targetAppId: hostile.appId }],
      ['/save/undoPromotion', { appId: ids.production }],
      ['/save/renameEnvironment', { appId: ids.production, name: 'Mine' }],
      ['/save/addEnvironment', { appId: ids.development, name: 'Mine' }],
      ['/save/createEnvironments', { appId: 1 }],
    ] as const) expect((await as(url, body)).statusCode, url).toBe(403);
    // A root token's view lists his environments' connections only where he administers them.
    const inFamily = (await ok<Environments>('GET', `/get/environments/${ids.production}`)).environments;
    expect(inFamily.map((e) => e.appId)).not.toContain(myDevelopment);
    // Two applications of his own, not of one family: no promotion between them.
    const other = await server.call('POST', '/save/saveApp', { appId: null, appName: `Other ${randomBytes(3).toString('hex')}` }, hostile.mainToken);
    const otherId = (other.json().data as { appId: number }).appId;
    const hostileAgain = await server.login(hostile.userId, hostile.password, hostile.appSlug);
    expect((await server.call('POST', '/save/promote', { appId: myDevelopment, targetAppId: otherId }, hostileAgain)).statusCode).toBe(400);
    // A family stays small: he cannot make applications without end through it.
    for (let n = 0; n < 3; n++) expect((await server.call('POST', '/save/addEnvironment', { appId: myDevelopment, name: `Extra ${n}` }, hostileAgain)).statusCode).toBe(200);
    const beyond = await server.call('POST', '/save/addEnvironment', { appId: myDevelopment, name: 'One too many' }, hostileAgain);
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().error[0]).toMatch(/at most 6 environments/);
  });

  it('keeps each environment on a branch of its own in one repository; a change merged into Staging\'s reaches Staging on pull', async () => {
    const repository = await gitServer.createRepository(`environments-${engine}`);
    for (const [appId, branch] of [[ids.development, 'development'], [ids.staging, 'staging']] as const) {
      await ok('POST', '/save/gitSettings', { appId, repositoryUrl: repository, branch, token: GIT_TOKEN });
      await ok('POST', '/save/pushToGit', { appId, message: `${branch} as it is` });
    }
    // A pull request merged into Staging's branch, as a reviewer's commit there.
    const clone = await gitServer.clone(`environments-${engine}`);
    await gitServer.git(clone, 'checkout', '-q', 'staging');
    const file = path.join(clone, 'pages', 'products.json');
    const page = JSON.parse(await readFile(file, 'utf8')) as { pageComponents: Titled[] };
    const reviewed = page.pageComponents.find((c) => c.id === productsTitle.id) as Titled;
    reviewed.title = 'Ditinjau untuk Staging';
    await writeFile(file, stableJson(page));
    await gitServer.git(clone, 'commit', '-q', '-am', 'Retitle the products for Staging');
    await gitServer.git(clone, 'push', '-q', 'origin', 'staging');

    await ok('POST', '/save/pullFromGit', { appId: ids.staging });
    expect((await componentsOf(ids.staging, 'products')).find((c) => c.id === productsTitle.id)?.title).toBe('Ditinjau untuk Staging');
    // Development and its branch are as they were.
    expect((await componentsOf(ids.development, 'products')).find((c) => c.id === productsTitle.id)?.title).toBe('Dari terminal');
    expect(await gitServer.git(clone, 'show', 'origin/development:pages/products.json')).toContain('Dari terminal');
    // Staging now differs from its last promotion: a promotion into it waits.
    expect((await ok<PromotionPreview>('POST', '/save/previewPromotion', { appId: ids.development, targetAppId: ids.staging })).changedInTarget.map((c) => c.path))
      .toEqual(['pages/products.json']);
  });

  it('holds a target for one promotion or undo at a time, on every replica, until the hold runs out', async () => {
    const at = Date.now();
    // Another replica's promotion under way: its hold is on the target's row in the store.
    expect(await leaseEnvironment(server.store, ids.production, new Date(at).toISOString(), new Date(at + 60_000).toISOString())).toBe(true);
    for (const [url, body] of [['/save/promote', { appId: ids.development, targetAppId: ids.production }], ['/save/undoPromotion', { appId: ids.production }]] as const) {
      const busy = await call('POST', url, body);
      expect(busy.statusCode, url).toBe(409);
      expect(busy.json().error[0]).toMatch(/already under way/);
    }
    // A replica that died holding it: the hold runs out, and the target is answered as it is (here: changed by hand, so refused for that).
    await releaseEnvironment(server.store, ids.production);
    expect(await leaseEnvironment(server.store, ids.production, new Date(at).toISOString(), new Date(at - 1000).toISOString())).toBe(true);
    const after = await call('POST', '/save/promote', { appId: ids.development, targetAppId: ids.production });
    expect(after.json().error?.[0] ?? '').not.toMatch(/already under way/);
  });
});
