import { mkdir, readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Component, GitPullPreview } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushAudit } from '../src/audit/record';
import { stableJson } from '../src/bundles/files';
import type { TestServer } from './support/build';
import { bundleOf, componentsOf as demoComponentsOf, demoServer, retitle as retitleComponent } from './support/demo-app';
import { availableEngines } from './support/engines';
import { startGitServer, type TestGitServer } from './support/git-server';
import { rakitAs } from './support/rakit-cli';
import { hostileBuilder } from './trust-boundary/hostile';

/**
 * Issue 39, an application kept in git from the product: connected to a repository served by
 * git's own http-backend (token required), pushed in the builder's name, edited there with the
 * `git` command as a reviewer would, pulled back and merged component by component with what
 * the application changed meanwhile. The operator lets authors reach the git server's address
 * (RAKIT_ALLOWED_URL_HOSTS=127.0.0.1) and no other private one.
 */
const engines = await availableEngines();
const GIT_TOKEN = 'git-token-secret-7f3a';
const API_SECRET = 'api-secret-never-in-git-91c2';
const VARIABLE_SECRET = 'variable-secret-never-in-git-3e7a';

interface PageFile { pageComponents: (Component & { title?: string })[] }

describe.each(engines)('an application kept in git on a %s store', (engine) => {
  let server: TestServer;
  let gitServer: TestGitServer;
  let root: string;
  let demoId: number;

  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, token = root) => server.call(method, url, body, token);
  const connect = async (appId: number, repositoryUrl: string, extra: Record<string, unknown> = {}) =>
    call('POST', '/save/gitSettings', { appId, repositoryUrl, token: GIT_TOKEN, ...extra });
  const demoBundle = () => bundleOf(server, root, demoId);
  const componentsOf = (slug: string) => demoComponentsOf(server, root, demoId, slug);
  const retitle = (slug: string, componentId: string, title: string) => retitleComponent(server, root, demoId, slug, componentId, title);
  /** A reviewer's change to one component's title in the repository, committed and pushed with git. */
  async function reviewerRetitles(repository: string, slug: string, index: number, title: string): Promise<string> {
    const clone = await gitServer.clone(repository);
    const file = path.join(clone, 'pages', `${slug}.json`);
    const page = JSON.parse(await readFile(file, 'utf8')) as PageFile;
    const component = page.pageComponents.filter((c) => typeof c.title === 'string' && c.title !== '')[index] as { id: string; title: string };
    component.title = title;
    await writeFile(file, stableJson(page));
    await gitServer.git(clone, 'commit', '-q', '-am', `Retitle ${component.id}`);
    await gitServer.git(clone, 'push', '-q', 'origin', 'main');
    return component.id;
  }

  beforeAll(async () => {
    gitServer = await startGitServer({ token: GIT_TOKEN });
    ({ server, root, demoId } = await demoServer(engine));
  }, 60_000);
  afterAll(async () => {
    await server.close();
    await gitServer.close();
  });

  it('pushes the application as files in the builder\'s name, and never a secret', async () => {
    const repository = await gitServer.createRepository(`push-${engine}`);
    // An API with a secret: it must stay in the application.
    const api = await call('POST', '/save/saveApiSource', { sourceId: null, appId: demoId, name: 'Kurir', baseUrl: 'http://127.0.0.1:9/kurir', auth: { kind: 'bearer' }, secret: API_SECRET });
    expect(api.statusCode, api.body).toBe(201);
    // The environment's variables (issue 39) are its own values, a secret one above all.
    expect((await call('POST', '/save/saveVariable', { appId: demoId, name: 'KURIR_KEY', secret: true, value: VARIABLE_SECRET })).statusCode).toBe(201);
    expect((await call('GET', `/get/gitSettings/${demoId}`)).json().data).toMatchObject({ repositoryUrl: '', syncedCommit: null });
    const saved = await connect(demoId, repository);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ repositoryUrl: repository, branch: 'main', hasToken: true, syncedCommit: null });
    expect(saved.body).not.toContain(GIT_TOKEN);

    const pushed = await call('POST', '/save/pushToGit', { appId: demoId, message: 'Demo Toko, first commit' });
    expect(pushed.statusCode, pushed.body).toBe(200);
    const { commit, changedFiles } = pushed.json().data as { commit: string; changedFiles: number };
    expect(changedFiles).toBeGreaterThan(5);
    const clone = await gitServer.clone(`push-${engine}`);
    expect((await gitServer.git(clone, 'rev-parse', 'HEAD')).trim()).toBe(commit);
    expect(await gitServer.git(clone, 'log', '-1', '--format=%an <%ae>|%s')).toBe('admin <admin@rakit.invalid>|Demo Toko, first commit\n');
    const tracked = (await gitServer.git(clone, 'ls-files')).split('\n');
    expect(tracked).toEqual(expect.arrayContaining(['rakit.json', 'menus.json', 'groups.json', 'pages/products.json', 'apis/kurir.json']));
    // Neither the API's secret, a secret variable nor the repository's token is anywhere in the history.
    for (const secret of [API_SECRET, VARIABLE_SECRET, GIT_TOKEN]) {
      expect(await gitServer.git(clone, 'log', '--all', '-p', '--format=%H')).not.toContain(secret);
    }
    expect((await call('GET', `/get/gitSettings/${demoId}`)).json().data.syncedCommit).toBe(commit);

    // Nothing changed: no empty commit.
    const again = (await call('POST', '/save/pushToGit', { appId: demoId, message: 'Nothing' })).json().data as { commit: string; changedFiles: number };
    expect(again).toEqual({ commit, changedFiles: 0 });
    // The log names the pushes, never the token.
    await flushAudit(server.store);
    const log = await server.store.selectFrom('auditLog').select(['action', 'details']).where('action', 'in', ['saveGitSettings', 'pushToGit']).execute();
    expect(log.map((e) => e.action)).toEqual(expect.arrayContaining(['saveGitSettings', 'pushToGit']));
    expect(JSON.stringify(log)).not.toContain(GIT_TOKEN);
    await call('DELETE', '/delete/deleteApiSource', { sourceId: (api.json().data as { sourceId: number }).sourceId });
  });

  it('pulls a reviewer\'s change made in git; a push waits until the branch\'s changes are pulled', async () => {
    const repository = await gitServer.createRepository(`pull-${engine}`);
    await connect(demoId, repository);
    expect((await call('POST', '/save/pushToGit', { appId: demoId, message: 'Start' })).statusCode).toBe(200);
    const componentId = await reviewerRetitles(`pull-${engine}`, 'products', 0, 'Daftar Barang (ditinjau)');

    const behind = await call('POST', '/save/pushToGit', { appId: demoId, message: 'Too early' });
    expect(behind.statusCode).toBe(409);
    expect(behind.json().error[0]).toMatch(/pull first/);

    const pulled = await call('POST', '/save/pullFromGit', { appId: demoId });
    expect(pulled.statusCode, pulled.body).toBe(200);
    expect(pulled.json().data).toMatchObject({ changedFiles: ['pages/products.json'], keptFromApplication: [] });
    expect((await componentsOf('products')).find((c) => c.id === componentId)?.title).toBe('Daftar Barang (ditinjau)');
    // Pulled again: nothing new.
    expect((await call('POST', '/save/pullFromGit', { appId: demoId })).json().data.changedFiles).toEqual([]);

    // A pull of what a preview showed is refused once the branch has moved on; two at once: one waits for nothing.
    const shown = (await call('POST', '/save/previewPullFromGit', { appId: demoId })).json().data.commit as string;
    await reviewerRetitles(`pull-${engine}`, 'products', 0, 'Daftar Barang (lagi)');
    const moved = await call('POST', '/save/pullFromGit', { appId: demoId, commit: shown });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().error[0]).toMatch(/has moved since you checked/);
    const [one, two] = await Promise.all([call('POST', '/save/pullFromGit', { appId: demoId }), call('POST', '/save/pullFromGit', { appId: demoId })]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    expect([one, two].find((answer) => answer.statusCode === 409)?.json().error[0]).toMatch(/already under way/);
    expect((await componentsOf('products')).find((c) => c.id === componentId)?.title).toBe('Daftar Barang (lagi)');
  });

  it('merges the application\'s change to one component with the branch\'s to another, and refuses two changes to the same one', async () => {
    const name = `merge-${engine}`;
    const repository = await gitServer.createRepository(name);
    await connect(demoId, repository);
    expect((await call('POST', '/save/pushToGit', { appId: demoId, message: 'Start' })).statusCode).toBe(200);
    const titled = (await componentsOf('reports')).filter((c) => typeof c.title === 'string' && c.title !== '');
    const [first, second] = [titled[0], titled[1]] as [Component, Component];

    // The repository's own files beside the application's (a README, a CI job) are its own.
    const readme = await gitServer.clone(name);
    await writeFile(path.join(readme, 'README.md'), '# Toko\n');
    await gitServer.git(readme, 'add', 'README.md');
    await gitServer.git(readme, 'commit', '-q', '-m', 'A README');
    await gitServer.git(readme, 'push', '-q', 'origin', 'main');
    // Different components: both kept.
    await reviewerRetitles(name, 'reports', 0, 'Judul dari peninjau');
    await retitle('reports', second.id, 'Judul dari aplikasi');
    // Seen first: the page, the component and its property, before and after; nothing written.
    const preview = await call('POST', '/save/previewPullFromGit', { appId: demoId });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({ conflicts: [], keptFromApplication: ['pages/reports.json'] });
    expect(preview.json().data.changes).toEqual([{
      path: 'pages/reports.json', thing: 'page', name: 'Reports', status: 'changed', fields: [],
      components: [{ id: first.id, type: first.type, title: 'Judul dari peninjau', status: 'changed', properties: [{ property: 'title', before: first.title, after: 'Judul dari peninjau' }] }],
      // The page to draw both ways: as the application has it, and merged (the application's own change kept).
      drawing: { before: expect.stringContaining(JSON.stringify(first.title)) as unknown, after: expect.stringMatching(/"Judul dari peninjau".*"Judul dari aplikasi"/) as unknown },
    }]);
    expect((await componentsOf('reports')).find((c) => c.id === first.id)?.title).toBe(first.title);
    const merged = await call('POST', '/save/pullFromGit', { appId: demoId });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json().data.keptFromApplication).toEqual(['pages/reports.json']);
    const after = await componentsOf('reports');
    expect(after.find((c) => c.id === first.id)?.title).toBe('Judul dari peninjau');
    expect(after.find((c) => c.id === second.id)?.title).toBe('Judul dari aplikasi');
    // The application's change is not in the branch yet: the next push carries it.
    const pushed = await call('POST', '/save/pushToGit', { appId: demoId, message: 'The application\'s title' });
    expect(pushed.json().data.changedFiles).toBe(1);
    const pushedTree = await gitServer.clone(name);
    expect(await readFile(path.join(pushedTree, 'README.md'), 'utf8')).toBe('# Toko\n');
    expect(await gitServer.git(pushedTree, 'show', '--stat', '--format=%s', 'HEAD')).toMatch(/The application's title\n\n pages\/reports.json \| 2 \+-\n 1 file changed/);

    // The same component, two ways: refused, named, nothing written.
    await reviewerRetitles(name, 'reports', 0, 'Peninjau lagi');
    await retitle('reports', first.id, 'Aplikasi lagi');
    const before = await demoBundle();
    const previewed = (await call('POST', '/save/previewPullFromGit', { appId: demoId })).json().data as { changes: unknown[]; conflicts: string[] };
    expect(previewed).toMatchObject({ changes: [], conflicts: [`pages/reports.json: component ${first.id} (Aplikasi lagi)`] });
    const refused = await call('POST', '/save/pullFromGit', { appId: demoId });
    expect(refused.statusCode).toBe(409);
    const errors = refused.json().error as string[];
    expect(errors[0]).toMatch(/nothing was pulled/);
    expect(errors).toContain(`pages/reports.json: component ${first.id} (Aplikasi lagi)`);
    expect(await demoBundle()).toEqual({ ...before, exportedAt: expect.any(String) as string });
  });

  it('asks for the secret of an API the branch adds, keeps it in the application and never in git', async () => {
    const name = `secret-${engine}`;
    await connect(demoId, await gitServer.createRepository(name));
    const start = await call('POST', '/save/pushToGit', { appId: demoId, message: 'Start' });
    expect(start.statusCode).toBe(200);
    const startCommit = start.json().data.commit as string;
    // A reviewer adds an API that signs in with a bearer token: the file names no token.
    const clone = await gitServer.clone(name);
    await mkdir(path.join(clone, 'apis'), { recursive: true });
    const api = {
      id: 9001, name: 'Gudang API', baseUrl: 'http://127.0.0.1:9/gudang', hadSecret: true, headers: [], endpoints: [], timeLimitS: 15, maxKb: 2048,
      auth: { kind: 'bearer', username: '', keyName: '', keyIn: 'header', tokenUrl: '', clientId: '', scope: '' },
    };
    await writeFile(path.join(clone, 'apis', 'gudang-api.json'), stableJson(api));
    await gitServer.git(clone, 'add', '-A');
    await gitServer.git(clone, 'commit', '-q', '-m', 'The warehouse API');
    await gitServer.git(clone, 'push', '-q', 'origin', 'main');
    const apisOfDemo = async () => (await call('GET', `/get/listApiSources/${demoId}`)).json().data as { sourceId: number; name: string }[];

    const preview = (await call('POST', '/save/previewPullFromGit', { appId: demoId })).json().data as GitPullPreview;
    expect(preview.changes.map((c) => `${c.status} ${c.thing} ${c.name}`)).toEqual(['added api Gudang API']);
    expect(preview.apis).toEqual([{ id: 9001, name: 'Gudang API', baseUrl: 'http://127.0.0.1:9/gudang', needsSecret: true }]);
    // Without it: refused, named, nothing written.
    const refused = await call('POST', '/save/pullFromGit', { appId: demoId, commit: preview.commit });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error[0]).toBe('Type the secret of the API Gudang API: it signs in with one');
    expect((await apisOfDemo()).map((a) => a.name)).not.toContain('Gudang API');
    expect((await call('GET', `/get/gitSettings/${demoId}`)).json().data.syncedCommit).toBe(startCommit);

    const pulled = await call('POST', '/save/pullFromGit', { appId: demoId, commit: preview.commit, apiSecrets: { 9001: API_SECRET } });
    expect(pulled.statusCode, pulled.body).toBe(200);
    expect(pulled.json().data.changedFiles).toEqual(['apis/gudang-api.json']);
    // The application holds the secret now: the next check asks for none, and a push writes none
    // (it writes the API's file with the id its name gives, docs/bundle-format.md "Ids that stay").
    const after = (await call('POST', '/save/previewPullFromGit', { appId: demoId })).json().data as GitPullPreview;
    expect(after.apis.find((a) => a.name === 'Gudang API')?.needsSecret).toBe(false);
    const pushed = await call('POST', '/save/pushToGit', { appId: demoId, message: 'The API as the application has it' });
    expect(pushed.statusCode, pushed.body).toBe(200);
    const history = await gitServer.clone(name);
    expect(await gitServer.git(history, 'log', '--all', '-p', '--format=%H')).not.toContain(API_SECRET);
    const added = (await apisOfDemo()).find((a) => a.name === 'Gudang API');
    expect((await call('DELETE', '/delete/deleteApiSource', { sourceId: added?.sourceId })).statusCode).toBe(200);
  });

  it('a CI job pulls a merged pull request and pushes with `npx rakit` and a token that deploys the application', async () => {
    const name = `ci-${engine}`;
    await connect(demoId, await gitServer.createRepository(name));
    expect((await call('POST', '/save/pushToGit', { appId: demoId, message: 'Start' })).statusCode).toBe(200);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const serverUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    const tokenOf = async (abilities: string[]) => {
      const made = await call('POST', '/save/createApiToken', { appId: demoId, tokenName: `CI ${engine} ${abilities.join(' ')}`, abilities, pageIds: [], expiresInDays: 30 });
      expect(made.statusCode, made.body).toBe(201);
      return made.json().data.secret as string;
    };
    const rakit = (token: string, ...args: string[]) => rakitAs(token, [...args, '--app', 'demo', '--server', serverUrl]);
    const deployer = await tokenOf(['deployApp']);
    const componentId = await reviewerRetitles(name, 'customers', 0, 'Halo dari CI');
    const pulled = await rakit(deployer, 'pull');
    expect(pulled.code, pulled.out).toBe(0);
    expect(pulled.out).toMatch(/demo: pulled [0-9a-f]{7}, 1 files changed: pages\/customers.json/);
    expect((await componentsOf('customers')).find((c) => c.id === componentId)?.title).toBe('Halo dari CI');
    expect((await rakit(deployer, 'pull')).out).toMatch(/demo: already at [0-9a-f]{7}/);

    await retitle('customers', componentId, 'Halo dari aplikasi');
    expect((await rakit(deployer, 'push')).code).toBe(2);
    const pushed = await rakit(deployer, 'push', '--message', 'From the CI job');
    expect(pushed.code, pushed.out).toBe(0);
    const clone = await gitServer.clone(name);
    expect(await gitServer.git(clone, 'log', '-1', '--format=%an|%s')).toBe(`token:CI ${engine} deployApp|From the CI job\n`);
    // A token that may not deploy the application may neither pull nor push it, nor read or change its repository.
    const reader = await call('POST', '/save/createApiToken', { appId: demoId, tokenName: `Reader ${engine}`, abilities: ['readTables'], pageIds: [(await call('GET', `/get/listAppPages/${demoId}`)).json().data[0].pageId], expiresInDays: 30 });
    const readerToken = reader.json().data.secret as string;
    expect((await rakit(readerToken, 'pull')).out).toMatch(/403/);
    expect((await server.call('GET', `/get/gitSettings/${demoId}`, undefined, readerToken)).statusCode).toBe(403);
    expect((await server.call('POST', '/save/gitSettings', { appId: demoId, repositoryUrl: `${gitServer.url}/x.git` }, deployer)).statusCode).toBe(403);
  });

  it('tells a refused token and an unknown repository apart from a success', async () => {
    const repository = await gitServer.createRepository(`token-${engine}`);
    await connect(demoId, repository, { token: 'wrong-token' });
    const refused = await call('POST', '/save/pushToGit', { appId: demoId, message: 'x' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error[0]).toMatch(/refused the token \(401/);
    await connect(demoId, `${gitServer.url}/missing.git`);
    const missing = await call('POST', '/save/pullFromGit', { appId: demoId });
    expect(missing.statusCode).toBe(502);
    expect(missing.json().error[0]).toMatch(/answered 404/);
    // An empty token keeps the stored one only for the same address.
    await connect(demoId, repository);
    expect((await call('POST', '/save/gitSettings', { appId: demoId, repositoryUrl: repository, token: '' })).json().data.hasToken).toBe(true);
    expect((await call('POST', '/save/gitSettings', { appId: demoId, repositoryUrl: `${gitServer.url}/other.git`, token: '' })).json().data.hasToken).toBe(false);
    expect((await call('POST', '/save/gitSettings', { appId: demoId, repositoryUrl: 'ftp://example.com/x.git' })).statusCode).toBe(400);
    expect((await call('POST', '/save/gitSettings', { appId: demoId, repositoryUrl: `http://u:p@127.0.0.1/x.git` })).statusCode).toBe(400);
    expect((await call('POST', '/save/gitSettings', { appId: demoId, repositoryUrl: repository, branch: 'a..b' })).statusCode).toBe(400);
    expect((await call('POST', '/save/gitSettings', { appId: demoId, repositoryUrl: repository, username: 'a:b' })).statusCode).toBe(400);
    // A token never crosses the internet in clear text: http:// is for the operator's own network.
    const clear = await call('POST', '/save/gitSettings', { appId: demoId, repositoryUrl: 'http://93.184.216.34/toko.git', token: GIT_TOKEN });
    expect(clear.statusCode).toBe(400);
    expect(clear.json().error[0]).toMatch(/only over https/);
    expect((await call('POST', '/save/gitSettings', { appId: demoId, repositoryUrl: 'https://93.184.216.34/toko.git', token: GIT_TOKEN })).statusCode).toBe(200);
    expect((await call('DELETE', '/delete/gitSettings', { appId: demoId })).statusCode).toBe(200);
    const unconnected = await call('POST', '/save/pushToGit', { appId: demoId, message: 'x' });
    expect(unconnected.statusCode).toBe(409);
    expect(unconnected.json().error[0]).toBe('The application is not connected to a git repository');
  });

  it('a hostile author can neither reach a private address through his repository nor touch another application\'s', async () => {
    const hostile = await hostileBuilder(server);
    const as = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) => server.call(method, url, body, hostile.token);
    for (const address of ['http://10.0.0.5/r.git', 'http://192.168.1.1/r.git', 'http://169.254.169.254/latest', 'http://metadata.google.internal/r.git',
      'http://[::1]/r.git', 'http://[::ffff:127.0.0.3]:1/r.git', 'http://localhost:1/r.git', 'http://0.0.0.0/r.git', 'http://2130706435/r.git', 'http://0x7f.3/r.git']) {
      const refused = await as('POST', '/save/gitSettings', { appId: hostile.appId, repositoryUrl: address });
      expect(refused.statusCode, `${address}: ${refused.body}`).toBe(400);
    }
    // A repository that answers with a redirect to a private address: not followed.
    const inside = http.createServer((_request, response) => response.end('inside'));
    let insideHits = 0;
    inside.on('request', () => { insideHits++; });
    await new Promise<void>((resolve) => inside.listen(0, '127.0.0.2', resolve));
    const redirecting = http.createServer((_request, response) => response.writeHead(302, { location: `http://127.0.0.2:${(inside.address() as AddressInfo).port}/r.git/info/refs` }).end());
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    try {
      expect((await as('POST', '/save/gitSettings', { appId: hostile.appId, repositoryUrl: `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/r.git` })).statusCode).toBe(200);
      const pulled = await as('POST', '/save/pullFromGit', { appId: hostile.appId });
      expect(pulled.statusCode).toBe(502);
      expect(insideHits).toBe(0);
    } finally {
      redirecting.close();
      inside.close();
    }
    // His own branch names what he may not reach: a connection to a private host, then an API at
    // the cloud's metadata address. Each pull, its secret typed, is refused; nothing is written.
    const own = `hostile-own-${engine}`;
    const ownUrl = await gitServer.createRepository(own);
    expect((await as('POST', '/save/gitSettings', { appId: hostile.appId, repositoryUrl: ownUrl, token: GIT_TOKEN })).statusCode).toBe(200);
    expect((await as('POST', '/save/pushToGit', { appId: hostile.appId, message: 'Mine' })).statusCode).toBe(200);
    const branch = await gitServer.clone(own);
    const commitFile = async (file: string, content: unknown, remove?: string) => {
      await mkdir(path.dirname(path.join(branch, file)), { recursive: true });
      await writeFile(path.join(branch, file), stableJson(content));
      if (remove !== undefined) await gitServer.git(branch, 'rm', '-q', remove);
      await gitServer.git(branch, 'add', '-A');
      await gitServer.git(branch, 'commit', '-q', '-m', file);
      await gitServer.git(branch, 'push', '-q', 'origin', 'main');
    };
    const unchanged = async () => {
      expect((await as('GET', `/get/listApiSources/${hostile.appId}`)).json().data).toEqual([]);
      expect((await as('GET', `/get/gitSettings/${hostile.appId}`)).json().data.syncedCommit).not.toBeNull();
    };
    await commitFile('connections/inside.json', { id: 9003, dbType: 'mysql', dbHost: '10.0.0.5', dbPort: 3306, dbUser: 'root', dbDatabase: 'payroll', hadPassword: true });
    const toConnection = await as('POST', '/save/pullFromGit', { appId: hostile.appId, passwords: { 9003: 'guess' } });
    expect(toConnection.statusCode, toConnection.body).toBe(400);
    expect(toConnection.json()).toMatchObject({ code: 'incorrectConfig', error: expect.arrayContaining([expect.stringContaining('10.0.0.5')]) as unknown });
    await unchanged();
    await commitFile('apis/metadata.json', {
      id: 9004, name: 'Metadata', baseUrl: 'http://169.254.169.254/latest', hadSecret: true, headers: [], endpoints: [], timeLimitS: 15, maxKb: 2048,
      auth: { kind: 'bearer', username: '', keyName: '', keyIn: 'header', tokenUrl: '', clientId: '', scope: '' },
    }, 'connections/inside.json');
    const toMetadata = await as('POST', '/save/pullFromGit', { appId: hostile.appId, apiSecrets: { 9004: 'token' } });
    expect(toMetadata.statusCode, toMetadata.body).toBe(400);
    expect(toMetadata.json()).toMatchObject({ code: 'requestAddressRefusedAt', error: [expect.stringContaining('169.254.169.254')] });
    await unchanged();
    // A file of 70 MB of zeros (70 KB as git sends it) in his history: refused before isomorphic-git unpacks any of it.
    await writeFile(path.join(branch, 'zeros.bin'), Buffer.alloc(70 * 1024 * 1024));
    await gitServer.git(branch, 'add', '-A');
    await gitServer.git(branch, 'commit', '-q', '-m', 'zeros');
    await gitServer.git(branch, 'push', '-q', 'origin', 'main');
    const unpacked = await as('POST', '/save/pullFromGit', { appId: hostile.appId });
    expect(unpacked.statusCode, unpacked.body).toBe(413);
    expect(unpacked.json().error[0]).toMatch(/unpacks to more than 512 MB \(or holds a file larger than 64 MB\)/);
    await unchanged();
    // Another application's repository: not his to read, point, push or pull.
    await connect(demoId, await gitServer.createRepository(`hostile-${engine}`));
    expect((await as('GET', `/get/gitSettings/${demoId}`)).statusCode).toBe(403);
    expect((await as('POST', '/save/gitSettings', { appId: demoId, repositoryUrl: `${gitServer.url}/his.git` })).statusCode).toBe(403);
    expect((await as('POST', '/save/pushToGit', { appId: demoId, message: 'mine now' })).statusCode).toBe(403);
    expect((await as('POST', '/save/pullFromGit', { appId: demoId })).statusCode).toBe(403);
    expect((await as('DELETE', '/delete/gitSettings', { appId: demoId })).statusCode).toBe(403);
    expect((await call('GET', `/get/gitSettings/${demoId}`)).json().data.repositoryUrl).toContain(`hostile-${engine}`);
  });
});
