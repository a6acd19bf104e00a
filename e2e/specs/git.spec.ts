import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitServer, type TestGitServer } from '../../packages/server/test/support/git-server';
import type { Api } from '../support/api';
import { accessibilityViolations } from '../support/axe';
import { browserPageForSuite, snapshot, uniquePhone } from '../support/browser';
import { demoCopyAdministeredBy } from '../support/demo';
import { tabTo } from '../support/keyboard';
import { noticesGone } from '../support/settled';

/**
 * Issue 39, an application kept in git, as its administrator works with it: he connects his copy
 * of the demo to a repository (a real git server: git's own http-backend, a token required),
 * pushes it, a reviewer retitles the products table in the repository with `git`, he pulls and
 * finds the new title in the page editor; a second pull, after both retitled the same table,
 * is refused with the table named. The application is a copy of the demo, so that the pulls'
 * imports never touch what other specs read.
 */
describe('an administrator keeps his application in git', () => {
  const suite = browserPageForSuite();
  const page = (): Page => suite.page;
  const stamp = Date.now().toString(36);
  const appSlug = `git-${stamp}`;
  const userId = uniquePhone();
  const password = 'git-password-1';
  const token = `git-token-${stamp}`;
  let gitServer: TestGitServer;
  let repository = '';
  let root: Api;
  let appId = 0;

  const productsPageId = async () =>
    (await root<{ pageId: number; pageSlug: string }[]>('GET', `/get/listAppPages/${appId}`)).data.find((p) => p.pageSlug === 'products')?.pageId ?? 0;
  /** The reviewer's change: the products table retitled in the repository, committed and pushed with git. */
  async function reviewerRetitles(title: string): Promise<void> {
    const clone = await gitServer.clone('toko');
    const file = path.join(clone, 'pages', 'products.json');
    const saved = JSON.parse(await readFile(file, 'utf8')) as { pageComponents: { id: string; title: string }[] };
    const table = saved.pageComponents.find((c) => c.id === 'products-table');
    if (table === undefined) throw new Error('no products table in pages/products.json');
    table.title = title;
    await writeFile(file, `${JSON.stringify(saved, null, 2)}\n`);
    await gitServer.git(clone, 'commit', '-q', '-am', `Retitle the products table: ${title}`);
    await gitServer.git(clone, 'push', '-q', 'origin', 'main');
  }

  beforeAll(async () => {
    gitServer = await startGitServer({ token });
    repository = await gitServer.createRepository('toko');
    ({ root, appId } = await demoCopyAdministeredBy({ appName: `Toko Git ${stamp}`, appSlug }, { userId, password }));
  });
  afterAll(async () => {
    await gitServer.close();
  });

  it('connects the application to a repository from the top bar\'s Git screen', async () => {
    await page().setViewportSize({ width: 1366, height: 900 });
    await page().goto(`/${appSlug}/auth/login`);
    await page().getByLabel('Username').fill(userId);
    await page().getByLabel('Password', { exact: true }).fill(password);
    await page().getByRole('button', { name: 'Sign In' }).click();
    await page().waitForURL(`**/${appSlug}/home`);
    await page().getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Git' }).click();
    await page().waitForURL(`**/${appSlug}/git`);
    await page().getByRole('heading', { name: 'Git', level: 1 }).waitFor();
    await page().getByText('Keep this application in a git repository').waitFor();

    await page().getByLabel('Repository address').fill(repository);
    await page().getByLabel('Access token').fill(token);
    await page().getByRole('button', { name: 'Save' }).click();
    await page().getByText('Repository saved').waitFor();
    await page().getByText('Not pushed or pulled yet').waitFor();
    await page().getByText('A token is stored: leave this empty to keep it').waitFor();
    // The token is never shown again, not even in the field.
    expect(await page().getByLabel('Access token').inputValue()).toBe('');
    expect(await page().content()).not.toContain(token);
    await noticesGone(page());
    expect(await accessibilityViolations(page())).toEqual([]);
  });

  it('pushes the application as files, in his name', async () => {
    await page().getByLabel('What changed').fill('Toko as it is today');
    await page().getByRole('button', { name: 'Commit and push' }).click();
    const notice = page().getByText(/^Pushed commit [0-9a-f]{7}: \d+ files changed$/);
    await notice.waitFor();
    const commit = /commit ([0-9a-f]{7})/.exec((await notice.textContent()) ?? '')?.[1] ?? '';
    await page().getByTestId('git-synced').getByText(`In step with commit ${commit}`).waitFor();
    const clone = await gitServer.clone('toko');
    expect(await gitServer.git(clone, 'log', '-1', '--format=%h %an %s')).toBe(`${commit} ${userId} Toko as it is today\n`);
    expect(await gitServer.git(clone, 'ls-files', 'pages')).toContain('pages/products.json');
    await snapshot(page(), 'git-pushed');
  });

  it('pulls a reviewer\'s change, with the keyboard alone, and finds it in the page editor', async () => {
    await reviewerRetitles('Daftar Produk (ditinjau)');
    // Seen before it is pulled: the page, the table, its title before and after.
    await tabTo(page(), 'Check the branch');
    await page().keyboard.press('Enter');
    await page().getByRole('heading', { name: /^1 change at commit [0-9a-f]{7}$/ }).waitFor();
    const change = page().getByRole('article', { name: 'Page: Products' });
    await change.getByText('table Daftar Produk (ditinjau)', { exact: true }).waitFor();
    const row = change.getByRole('row').filter({ hasText: 'title' });
    expect(await row.getByRole('cell').allTextContents()).toEqual(['title', 'Daftar Produk', 'Daftar Produk (ditinjau)']);
    await noticesGone(page());
    expect(await accessibilityViolations(page())).toEqual([]);
    await snapshot(page(), 'git-preview');
    await tabTo(page(), 'Pull these changes');
    await page().keyboard.press('Enter');
    const outcome = page().getByTestId('git-outcome');
    await outcome.getByText(/^Pulled commit [0-9a-f]{7}: 1 file changed$/).waitFor();
    await outcome.getByText('pages/products.json').waitFor();
    expect(await accessibilityViolations(page())).toEqual([]);

    await page().goto(`/${appSlug}/form-editor?page=${await productsPageId()}`);
    await page().locator('[data-testid="editor-component"][data-title="Daftar Produk (ditinjau)"]').first().waitFor();
  });

  it('asks for the secret of an API the branch adds, and pulls it once typed', async () => {
    const clone = await gitServer.clone('toko');
    await mkdir(path.join(clone, 'apis'), { recursive: true });
    await writeFile(path.join(clone, 'apis', 'gudang.json'), `${JSON.stringify({
      id: 9001, name: 'Gudang', baseUrl: 'http://127.0.0.1:9/gudang', hadSecret: true, headers: [], endpoints: [], timeLimitS: 15, maxKb: 2048,
      auth: { kind: 'bearer', username: '', keyName: '', keyIn: 'header', tokenUrl: '', clientId: '', scope: '' },
    }, null, 2)}\n`);
    await gitServer.git(clone, 'add', '-A');
    await gitServer.git(clone, 'commit', '-q', '-m', 'The warehouse API');
    await gitServer.git(clone, 'push', '-q', 'origin', 'main');

    await page().goto(`/${appSlug}/git`);
    await page().getByRole('button', { name: 'Check the branch' }).click();
    await page().getByRole('article', { name: 'API: Gudang' }).waitFor();
    const secret = page().getByLabel('Secret of the API Gudang (http://127.0.0.1:9/gudang)');
    await secret.waitFor();
    // Without it the pull is refused, and says what is missing.
    await page().getByRole('button', { name: 'Pull these changes' }).click();
    await page().getByTestId('git-outcome').getByText('Type the secret of the API Gudang: it signs in with one').waitFor();
    await page().getByRole('button', { name: 'Check the branch' }).click();
    await secret.fill('gudang-bearer-token');
    await snapshot(page(), 'git-pull-secret');
    expect(await accessibilityViolations(page())).toEqual([]);
    await page().getByRole('button', { name: 'Pull these changes' }).click();
    await page().getByTestId('git-outcome').getByText(/^Pulled commit [0-9a-f]{7}: 1 file changed$/).waitFor();
    // The application holds it now: the next check asks for none.
    await page().getByRole('button', { name: 'Check the branch' }).click();
    await page().getByRole('heading', { name: 'Already up to date' }).waitFor();
    expect(await secret.count()).toBe(0);
  });

  it('refuses a pull when both retitled the same table, naming it', async () => {
    const pageId = await productsPageId();
    const components = JSON.parse((await root<{ pageComponents: string }[]>('GET', `/get/getPage/${pageId}`)).data[0]?.pageComponents ?? '[]') as { id: string; title: string }[];
    const table = components.find((c) => c.id === 'products-table');
    if (table !== undefined) table.title = 'Produk Toko';
    expect((await root('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify(components) }] })).status).toBe(true);
    await reviewerRetitles('Barang Dagangan');

    await page().setViewportSize({ width: 390, height: 844 });
    await page().goto(`/${appSlug}/git`);
    await page().getByRole('button', { name: 'Check the branch' }).click();
    const refused = page().getByRole('alert').filter({ hasText: 'a pull would be refused' });
    await refused.getByText('pages/products.json: component products-table (Produk Toko)').waitFor();
    await snapshot(page(), 'git-conflict-390');
    expect(await accessibilityViolations(page())).toEqual([]);
    // Nothing was written: the application keeps its own title.
    const after = JSON.parse((await root<{ pageComponents: string }[]>('GET', `/get/getPage/${pageId}`)).data[0]?.pageComponents ?? '[]') as { id: string; title: string }[];
    expect(after.find((c) => c.id === 'products-table')?.title).toBe('Produk Toko');
  });
});
