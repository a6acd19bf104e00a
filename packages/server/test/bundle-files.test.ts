import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type AppBundle, BUNDLE_FORMAT_NAME, BUNDLE_FORMAT_VERSION, type Component } from '@rakit/core';
import { createConnection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleFromFiles, bundleToFiles, stableJson, withStableIds } from '../src/bundles/files';
import { mergePage } from '../src/bundles/merge';
import { runCli } from '../src/cli/rakit';
import { seedDemo } from '../src/store/demo';
import { ADMIN_PASSWORD, buildTestServer, type TestServer } from './support/build';
import { availableEngines } from './support/engines';
import { MYSQL_TEST_DB } from './support/fixtures';
import { hostileBuilder } from './trust-boundary/hostile';

/**
 * Issue 39, an application kept in git: the bundle as readable files (one per page, workflow,
 * function…, code as code files, ids that stay), and `rakit export|diff|import` against a
 * listening server, with a real git repository (a bare one, and clones a builder and a reviewer
 * work in).
 */
const engines = await availableEngines();
const DEMO_PASSWORD = 'demo-password-1';

/** A bundle with one of each thing that becomes its own file. */
const sample: AppBundle = {
  format: BUNDLE_FORMAT_NAME, formatVersion: BUNDLE_FORMAT_VERSION, exportedAt: '2026-12-01T00:00:00.000Z',
  app: { appName: 'Gudang', appDescription: '', appSlug: 'gudang', appOpenRegistration: false, appLanguage: 'id', appTimeZone: 'Asia/Jakarta' },
  connections: [{ id: 7, dbType: 'mysql', dbHost: 'db.example.com', dbPort: 3306, dbUser: 'gudang', dbDatabase: 'gudang', hadPassword: true }],
  pages: [{ id: 41, pageName: 'Barang Masuk', pageSlug: 'barang-masuk', pageComponents: [{ id: 'c1', type: 'text', title: 'Barang', database_used: 7 }] }],
  menus: [{ id: 3, menuName: 'Gudang', pageId: 0, parentId: 0, order: 0 }, { id: 4, menuName: 'Masuk', pageId: 41, parentId: 3, order: 1 }],
  groups: [{ id: 9, groupName: 'Staf', groupSlug: 'staf', isDefault: true, pageIds: [41], queryIds: [12], menuIds: [3, 4] }],
  queries: [{ id: 12, slug: 'stok', dbId: 7, pageId: 41, name: 'Stok', sql: 'SELECT *\nFROM stok\n', format: '' }],
  functions: [{ id: 5, slug: 'tambah', name: 'Tambah', parameter: [], content: 'return 1 + 1;\n' }],
  triggers: [{ id: 2, name: 'masuk', params: ['id'] }],
  workflows: [{
    id: 8, name: 'Catat Masuk', triggerId: 2, triggerActionId: 100, published: false,
    actions: [
      { id: 100, alias: '$1', name: 'Ambil', addonName: 'query', script: '', params: { queryId: '12' }, x: 0, y: 0 },
      { id: 101, alias: '$2', name: 'Hitung', addonName: 'function', script: 'const total = 2;\n', params: { functionId: '5' }, x: 0, y: 100 },
    ],
    edges: [{ from: 100, to: 101, branch: null }],
  }],
  printTemplates: [],
  pdfTemplates: [],
  apis: [],
};

describe('an application as files', () => {
  it('writes each page, query, function and workflow as its own file, code as code, and reads them back', () => {
    const files = bundleToFiles(sample);
    expect(files.map((f) => f.path)).toEqual([
      'connections/mysql-gudang.json', 'functions/tambah.js', 'functions/tambah.json', 'groups.json', 'menus.json', 'pages/barang-masuk.json',
      'queries/stok.json', 'queries/stok.sql', 'rakit.json', 'triggers.json', 'workflows/catat-masuk.json',
      `workflows/catat-masuk/${withStableIds(sample).workflows[0]?.actions[1]?.id}.js`,
    ]);
    const file = (p: string) => files.find((f) => f.path === p)?.content.toString('utf8');
    expect(file('queries/stok.sql')).toBe('SELECT *\nFROM stok\n');
    expect(file('functions/tambah.js')).toBe('return 1 + 1;\n');
    expect(file('functions/tambah.json')).not.toContain('return');
    // Sorted keys, two spaces, a final newline; no export time (it would change every export).
    expect(file('rakit.json')).toBe(stableJson({ format: BUNDLE_FORMAT_NAME, formatVersion: BUNDLE_FORMAT_VERSION, app: sample.app }));
    const back = bundleFromFiles(new Map(files.map((f) => [f.path, f.content])));
    expect(back).toEqual({ ...withStableIds(sample), exportedAt: '' });
  });

  it('gives ids by name, so references follow them and two exports of one application agree', () => {
    const stable = withStableIds(sample);
    const page = stable.pages[0];
    const connection = stable.connections[0];
    expect(page?.id).not.toBe(41);
    expect((page?.pageComponents[0] as Component & { database_used: number }).database_used).toBe(connection?.id);
    expect(stable.menus.find((m) => m.menuName === 'Masuk')?.pageId).toBe(page?.id);
    expect(stable.groups[0]?.pageIds).toEqual([page?.id]);
    expect(stable.queries[0]).toMatchObject({ dbId: connection?.id, pageId: page?.id });
    const [query, fn] = [stable.queries[0]?.id, stable.functions[0]?.id];
    expect(stable.workflows[0]?.actions.map((a) => a.params)).toEqual([{ queryId: String(query) }, { functionId: String(fn) }]);
    // The same application under other ids (another instance, or after an import): the same ids here.
    const renumbered = structuredClone(sample);
    renumbered.pages[0]!.id = 900;
    renumbered.menus[1]!.pageId = 900;
    renumbered.groups[0]!.pageIds = [900];
    renumbered.queries[0]!.pageId = 900;
    expect(bundleToFiles(renumbered)).toEqual(bundleToFiles(sample));
  });

  it('refuses a file that does not read, naming it', () => {
    const files = new Map(bundleToFiles(sample).map((f) => [f.path, f.content]));
    files.set('pages/barang-masuk.json', Buffer.from('{ "id": 1, '));
    expect(() => bundleFromFiles(files)).toThrow(/pages\/barang-masuk\.json/);
    files.delete('rakit.json');
    expect(() => bundleFromFiles(files)).toThrow(/rakit\.json/);
  });
});

describe('a page changed on both sides', () => {
  const base = { pageName: 'Barang', pageComponents: [{ id: 'a', title: 'A' }, { id: 'b', title: 'B' }, { id: 'c', title: 'C' }] };

  it('keeps both builders\' changes to different components, in the folder\'s order, with the application\'s new one after its neighbour', () => {
    const application = { ...base, pageComponents: [{ id: 'a', title: 'A' }, { id: 'b', title: 'B (app)' }, { id: 'n', title: 'New' }, { id: 'c', title: 'C' }] };
    const folder = { ...base, pageName: 'Barang Masuk', pageComponents: [{ id: 'c', title: 'C' }, { id: 'a', title: 'A (folder)' }, { id: 'b', title: 'B' }] };
    expect(mergePage(base, application, folder)).toEqual({
      page: { pageName: 'Barang Masuk', pageComponents: [{ id: 'c', title: 'C' }, { id: 'a', title: 'A (folder)' }, { id: 'b', title: 'B (app)' }, { id: 'n', title: 'New' }] },
    });
  });

  it('names each component both changed in two ways, and one removed on a side and changed on the other', () => {
    const application = { ...base, pageComponents: [{ id: 'a', title: 'A1' }, { id: 'c', title: 'C1' }] };
    const folder = { ...base, pageComponents: [{ id: 'a', title: 'A2' }, { id: 'b', title: 'B2' }] };
    expect(mergePage(base, application, folder)).toEqual({ conflicts: ['component a (A1)', 'component b (B2)', 'component c (C1)'] });
  });
});

describe.each(engines)('rakit export, diff and import on a %s store', (engine) => {
  let server: TestServer;
  let root: string;
  let work: string;
  let origin: string;
  const env = { ...process.env };

  /** Runs the command line in this process against the listening server; answers its exit code and what it printed. */
  async function rakit(...args: string[]): Promise<{ code: number; out: string }> {
    const out: string[] = [];
    const log = console.log;
    const error = console.error;
    const write = process.stdout.write.bind(process.stdout);
    console.log = (...parts: unknown[]) => { out.push(parts.join(' ')); };
    console.error = console.log;
    process.stdout.write = ((chunk: string) => { out.push(chunk); return true; }) as typeof process.stdout.write;
    try {
      const code = await runCli([...args, '--server', `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`]);
      return { code, out: out.join('\n') };
    } finally {
      console.log = log;
      console.error = error;
      process.stdout.write = write;
    }
  }
  const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=Reviewer', '-c', 'user.email=reviewer@example.com', ...args], { cwd, encoding: 'utf8' });
  const tree = (dir: string) => Object.fromEntries(readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !path.join(e.parentPath, e.name).includes(`${path.sep}.git${path.sep}`))
    .map((e) => [path.relative(dir, path.join(e.parentPath, e.name)), readFileSync(path.join(e.parentPath, e.name), 'utf8')]));

  beforeAll(async () => {
    server = await buildTestServer(engine, { allowPrivateDatabases: true, allowPrivateUrls: true });
    await seedDemo(server.store, { dataDir: server.app.services.config.dataDir, password: DEMO_PASSWORD });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    root = await server.login('admin', ADMIN_PASSWORD, '_root');
    work = mkdtempSync(path.join(os.tmpdir(), 'rakit-cli-'));
    origin = path.join(work, 'origin.git');
    execFileSync('git', ['init', '-q', '--bare', '-b', 'main', origin]);
  }, 60_000);
  afterAll(async () => {
    process.env = env;
    await server.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('exports the demo into a git work tree; exported again after an import over itself, nothing differs', async () => {
    process.env.RAKIT_TOKEN = root;
    const builder = path.join(work, 'builder');
    git(work, 'clone', '-q', origin, builder);
    writeFileSync(path.join(builder, 'README.md'), '# Demo Toko\n');
    const exported = await rakit('export', builder, '--app', 'demo');
    expect(exported.code, exported.out).toBe(0);
    const files = tree(builder);
    expect(Object.keys(files).sort()).toEqual(expect.arrayContaining(['README.md', 'rakit.json', 'pages/products.json', 'pages/orders.json', 'menus.json', 'groups.json']));
    expect(JSON.parse(files['pages/products.json'] as string)).toMatchObject({ pageSlug: 'products' });
    git(builder, 'add', '-A');
    git(builder, 'commit', '-q', '-m', 'Demo Toko as files');
    git(builder, 'push', '-q', 'origin', 'main');

    const same = await rakit('diff', builder, '--app', 'demo');
    expect(same, same.out).toMatchObject({ code: 0 });
    expect(same.out).toContain('No differences.');
    // Imported over itself: every row gets a new id, and yet the files are the same.
    const imported = await rakit('import', builder, '--app', 'demo');
    expect(imported.code, imported.out).toBe(0);
    expect((await rakit('export', builder, '--app', 'demo')).code).toBe(0);
    expect(git(builder, 'status', '--porcelain')).toBe('');
    expect(tree(builder)).toEqual(files);
  });

  it('brings a reviewer\'s change made in git into the application, shown first by diff', async () => {
    process.env.RAKIT_TOKEN = root;
    const reviewer = path.join(work, 'reviewer');
    git(work, 'clone', '-q', origin, reviewer);
    const pagePath = path.join(reviewer, 'pages/products.json');
    const page = JSON.parse(readFileSync(pagePath, 'utf8')) as { pageComponents: { title?: string }[] };
    const first = page.pageComponents.find((c) => typeof c.title === 'string' && c.title !== '') as { title: string };
    const before = first.title;
    first.title = 'Daftar Barang (ditinjau)';
    writeFileSync(pagePath, stableJson(page));
    git(reviewer, 'commit', '-q', '-am', 'A clearer title');
    git(reviewer, 'push', '-q', 'origin', 'main');

    const builder = path.join(work, 'builder');
    git(builder, 'pull', '-q', 'origin', 'main');
    const diff = await rakit('diff', builder, '--app', 'demo');
    expect(diff.code, diff.out).toBe(1);
    expect(diff.out).toContain(`-      "title": ${JSON.stringify(before)}`);
    expect(diff.out).toContain('+      "title": "Daftar Barang (ditinjau)"');
    expect(diff.out).toContain('1 file differs.');
    expect((await rakit('import', builder, '--app', 'demo')).code).toBe(0);
    const demoId = (await server.call('GET', '/get/getApp/slug/demo')).json().data.appId as number;
    const demo = (await server.call('GET', `/get/exportApp/${demoId}`, undefined, root)).json().data as AppBundle;
    expect(JSON.stringify(demo.pages.find((p) => p.pageSlug === 'products')?.pageComponents)).toContain('Daftar Barang (ditinjau)');
    expect((await rakit('diff', builder, '--app', 'demo')).code).toBe(0);
  });

  it('writes no secret into the repository, and an import of the same files keeps the connection\'s password', async () => {
    if (!engines.includes('mysql')) return;
    const user = `rakit_cli_${Date.now().toString(36)}`;
    const password = 'cli-secret-pass-1';
    const admin = await createConnection({ uri: MYSQL_TEST_DB });
    await admin.query(`CREATE USER '${user}'@'%' IDENTIFIED BY '${password}'`);
    await admin.query(`GRANT SELECT ON test.* TO '${user}'@'%'`);
    try {
      const bundle = { ...sample, app: { ...sample.app, appName: `Gudang ${engine}`, appSlug: '' }, connections: [{ ...sample.connections[0]!, dbHost: '127.0.0.1', dbUser: user, dbDatabase: 'test' }] };
      const created = await server.call('POST', '/save/importApp', { bundle, target: { kind: 'new', appName: `Gudang ${engine}` }, passwords: { 7: password } }, root);
      expect(created.statusCode, created.body).toBe(201);
      const { appSlug } = created.json().data as { appSlug: string };
      process.env.RAKIT_TOKEN = root;
      const folder = path.join(work, `gudang-${engine}`);
      const exported = await rakit('export', folder, '--app', appSlug);
      expect(exported.code, exported.out).toBe(0);
      git(work, 'init', '-q', folder);
      git(folder, 'add', '-A');
      git(folder, 'commit', '-q', '-m', 'Gudang');
      // `git grep` exits 1 when nothing in the committed tree matches.
      const grep = spawnSync('git', ['grep', '-I', '-l', password, 'HEAD'], { cwd: folder, encoding: 'utf8' });
      expect(grep.stdout).toBe('');
      expect(grep.status).toBe(1);

      // No --password: the application has this very connection, with its password, and keeps it (the import tests it).
      const again = await rakit('import', folder, '--app', appSlug);
      expect(again.code, again.out).toBe(0);
      // Another user on the same host is another connection: it needs its own password.
      const connectionFile = readdirSync(path.join(folder, 'connections'))[0] as string;
      const connection = JSON.parse(readFileSync(path.join(folder, 'connections', connectionFile), 'utf8')) as { dbUser: string };
      writeFileSync(path.join(folder, 'connections', connectionFile), stableJson({ ...connection, dbUser: `${user}x` }));
      const refused = await rakit('import', folder, '--app', appSlug);
      expect(refused.code).toBe(2);
      expect(refused.out).toContain('Connections that need a password');
    } finally {
      await admin.query(`DROP USER IF EXISTS '${user}'@'%'`);
      await admin.end();
    }
  });

  it('keeps an API\'s secret on an import over its application only while the secret would go where it went', async () => {
    const api = {
      id: 30, name: 'Gudang API', baseUrl: 'http://127.0.0.1:9/api', hadSecret: true, headers: [], endpoints: [], timeLimitS: 15, maxKb: 2048,
      auth: { kind: 'oauth2' as const, username: '', keyName: '', keyIn: 'header' as const, tokenUrl: 'http://127.0.0.1:9/token', clientId: 'rakit', scope: '' },
    };
    const bundle: AppBundle = { ...sample, app: { ...sample.app, appName: `API ${engine}`, appSlug: '' }, connections: [{ id: 7, dbType: 'sqlite', dbHost: '', dbPort: 0, dbUser: '', dbDatabase: 'gudang-api', hadPassword: false }], apis: [api] };
    const created = await server.call('POST', '/save/importApp', { bundle, target: { kind: 'new', appName: `API ${engine}` }, apiSecrets: { 30: 'client-secret-1' } }, root);
    expect(created.statusCode, created.body).toBe(201);
    const target = { kind: 'replace', appId: created.json().data.appId as number };
    const preview = await server.call('POST', '/save/previewImport', { bundle, target }, root);
    expect(preview.json().data.apis).toEqual([expect.objectContaining({ name: 'Gudang API', needsSecret: false })]);
    expect((await server.call('POST', '/save/importApp', { bundle, target }, root)).statusCode).toBe(200);
    // The same API whose token now comes from elsewhere: the secret would go there, so it is typed again.
    const elsewhere = { ...bundle, apis: [{ ...api, auth: { ...api.auth, tokenUrl: 'http://127.0.0.1:9/elsewhere' } }] };
    expect((await server.call('POST', '/save/previewImport', { bundle: elsewhere, target }, root)).json().data.apis[0].needsSecret).toBe(true);
    const refused = await server.call('POST', '/save/importApp', { bundle: elsewhere, target }, root);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Gudang API');
  });

  it('an import merges the application\'s changes made meanwhile, component by component, and refuses one both made', async () => {
    process.env.RAKIT_TOKEN = root;
    const folder = path.join(work, 'merging');
    expect((await rakit('export', folder, '--app', 'demo')).code).toBe(0);
    expect(readFileSync(path.join(folder, '.rakit/.gitignore'), 'utf8')).toBe('*\n');
    const demoId = (await server.call('GET', '/get/getApp/slug/demo')).json().data.appId as number;
    type Page = { pageComponents: { id: string; title: string }[] };
    const stored = async () => {
      const page = (await server.call('GET', `/get/exportApp/${demoId}`, undefined, root)).json().data.pages.find((p: { pageSlug: string }) => p.pageSlug === 'customers');
      return page as Page & { id: number };
    };
    /** A builder in the editor, meanwhile: one component of the customers page retitled. */
    const editInApplication = async (index: number, title: string) => {
      const page = await stored();
      page.pageComponents[index]!.title = title;
      const saved = await server.call('POST', '/save/saveApp', { appId: demoId, pages: [{ pageId: page.id, pageComponents: JSON.stringify(page.pageComponents) }] }, root);
      expect(saved.statusCode, saved.body).toBe(200);
    };
    const file = path.join(folder, 'pages/customers.json');
    const editInFolder = (index: number, title: string) => {
      const page = JSON.parse(readFileSync(file, 'utf8')) as Page;
      page.pageComponents[index]!.title = title;
      writeFileSync(file, stableJson(page));
    };
    const count = (await stored()).pageComponents.length;
    expect(count).toBeGreaterThan(1);

    editInFolder(0, 'Dari Folder');
    await editInApplication(count - 1, 'Dari Editor');
    // diff shows what the import would write: her change, not his undone.
    const diff = await rakit('diff', folder, '--app', 'demo');
    expect(diff.code, diff.out).toBe(1);
    expect(diff.out).toContain('+      "title": "Dari Folder"');
    expect(diff.out).not.toContain('"title": "Dari Editor"');
    const merged = await rakit('import', folder, '--app', 'demo');
    expect(merged.code, merged.out).toBe(0);
    expect(merged.out).toContain('Kept the application\'s changes to: pages/customers.json');
    expect((await stored()).pageComponents.map((c) => c.title)).toEqual(expect.arrayContaining(['Dari Folder', 'Dari Editor']));
    expect(readFileSync(file, 'utf8')).toContain('Dari Editor');

    // Both retitle the same component: refused, named, and the application keeps its own.
    editInFolder(0, 'Folder Lagi');
    await editInApplication(0, 'Editor Lagi');
    expect((await rakit('diff', folder, '--app', 'demo')).code).toBe(2);
    const refused = await rakit('import', folder, '--app', 'demo');
    expect(refused.code).toBe(2);
    expect(refused.out).toMatch(/pages\/customers\.json: component \S+ \(Editor Lagi\)/);
    expect(refused.out).toContain('+      "title": "Editor Lagi"');
    expect((await stored()).pageComponents[0]?.title).toBe('Editor Lagi');
  });

  it('a CI job deploys with a token of the application whose abilities say so, and with no other', async () => {
    const demoId = (await server.call('GET', '/get/getApp/slug/demo')).json().data.appId as number;
    const tokenOf = async (abilities: string[]) => {
      // A token that only deploys names no page; one that reads tables names the demo's pages as they are now (an import gives them new ids).
      const pageIds = abilities.includes('readTables') ? [(await server.call('GET', `/get/exportApp/${demoId}`, undefined, root)).json().data.pages[0].id as number] : [];
      const made = await server.call('POST', '/save/createApiToken', { appId: demoId, tokenName: `CI ${abilities.join(' ')}`, abilities, pageIds, expiresInDays: 30 }, root);
      expect(made.statusCode, made.body).toBe(201);
      return made.json().data.secret as string;
    };
    // A token that acts on pages must name them.
    const pageless = await server.call('POST', '/save/createApiToken', { appId: demoId, tokenName: 'Tanpa halaman', abilities: ['deployApp', 'readTables'], pageIds: [], expiresInDays: 30 }, root);
    expect(pageless.statusCode).toBe(400);
    expect(pageless.body).toContain('Pick the pages the token may use');
    const folder = path.join(work, 'ci-job');
    process.env.RAKIT_TOKEN = await tokenOf(['deployApp']);
    expect((await rakit('export', folder, '--app', 'demo')).code).toBe(0);
    expect((await rakit('diff', folder, '--app', 'demo')).code).toBe(0);
    const imported = await rakit('import', folder, '--app', 'demo');
    expect(imported.code, imported.out).toBe(0);
    // Its members are not a token's to read or bring.
    const withUsers = await rakit('export', path.join(work, 'ci-users'), '--app', 'demo', '--users');
    expect(withUsers.code).toBe(2);
    expect(withUsers.out).toMatch(/403/);
    // Nor is another application, or a new one.
    expect((await server.call('POST', '/save/importApp', { bundle: sample, target: { kind: 'new', appName: 'Dari Token' } }, process.env.RAKIT_TOKEN)).statusCode).toBe(403);
    const hostile = await hostileBuilder(server);
    expect((await rakit('import', folder, '--app', hostile.appSlug)).out).toMatch(/403/);
    // A token that reads tables does not deploy.
    process.env.RAKIT_TOKEN = await tokenOf(['readTables']);
    const refused = await rakit('export', path.join(work, 'ci-reader'), '--app', 'demo');
    expect(refused.code).toBe(2);
    expect(refused.out).toMatch(/403/);
  });

  it('the installed `rakit` command runs, and a hostile builder can neither export nor import another application', async () => {
    const hostile = await hostileBuilder(server);
    const folder = path.join(work, 'hostile');
    const port = (server.app.server.address() as { port: number }).port;
    const bin = path.resolve(import.meta.dirname, '../bin/rakit.mjs');
    // Asynchronously: the server answering it runs in this process.
    const run = (...args: string[]) => new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, [bin, ...args, '--server', `http://127.0.0.1:${port}`], { encoding: 'utf8', env: { ...env, RAKIT_TOKEN: hostile.token } }, (error, stdout, stderr) => {
        resolve({ status: error === null ? 0 : Number(error.code), stdout, stderr });
      });
    });
    const refusedExport = await run('export', folder, '--app', 'demo');
    expect(refusedExport.status, refusedExport.stdout + refusedExport.stderr).toBe(2);
    expect(refusedExport.stderr).toMatch(/rakit export: GET \/get\/exportApp\/\d+\S*: 403 You do not have access/);
    expect(() => readdirSync(folder)).toThrow();
    // His own application he may export; then he points it at the demo.
    const own = await run('export', folder, '--app', hostile.appSlug);
    expect(own.status, own.stderr).toBe(0);
    const before = (await server.call('GET', `/get/exportApp/${(await server.call('GET', '/get/getApp/slug/demo')).json().data.appId}`, undefined, root)).json().data as AppBundle;
    const refusedImport = await run('import', folder, '--app', 'demo');
    expect(refusedImport.status).toBe(2);
    expect(refusedImport.stderr).toMatch(/403/);
    const after = (await server.call('GET', `/get/exportApp/${(await server.call('GET', '/get/getApp/slug/demo')).json().data.appId}`, undefined, root)).json().data as AppBundle;
    expect(bundleToFiles(after)).toEqual(bundleToFiles(before));
  });
});
