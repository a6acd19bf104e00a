import { createComponent, CUSTOM_TABLE, Messages, NONE_PRIMARY_KEY } from '@rakit/core';
import mysql from 'mysql2/promise';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs, demoAppId, demoToken, menuForStaff } from '../support/api';
import { ADMIN_PASSWORD, browserPageForSuite, snapshot } from '../support/browser';
import { DEMO_ADMIN, DEMO_MEMBER, openDemoScreen, signInToDemo } from '../support/demo';
import { MARIADB } from '../support/mariadb';

/**
 * No query holds the database hostage (issue 19): the administrator gives a MariaDB connection
 * a 1 s time limit on the Database screen; a member's search that would read 100 million rows
 * stops there and the table says so in the words of Messages.searchTookTooLong, while the
 * other table on the page keeps working.
 */
const ROWS = 50_000;

describe('a search past its connection\'s time limit', () => {
  const suite = browserPageForSuite();
  const page = (): Page => suite.page;
  const stamp = Date.now().toString(36);
  const table = `rakit_e2e_slow_${stamp}`;
  const pageName = `Slow ${stamp}`;
  // Its own MariaDB account, so this spec's row on the Database screen is told from the others.
  const user = `rakit_tl_${Date.now() % 1_000_000}`;
  let sql: mysql.Connection;
  let api: Api;
  let dbId: number | undefined;

  beforeAll(async () => {
    sql = await mysql.createConnection(MARIADB);
    await sql.query(`CREATE TABLE \`${table}\` (id INT PRIMARY KEY, name VARCHAR(100) NOT NULL, note VARCHAR(200) NOT NULL)`);
    await sql.query(`INSERT INTO \`${table}\` SELECT seq, CONCAT('Item ', seq), CONCAT('note ', seq * 7) FROM seq_1_to_${ROWS}`);
    for (const host of ['%', 'localhost']) {
      await sql.query(`CREATE USER '${user}'@'${host}' IDENTIFIED BY ''`);
      await sql.query(`GRANT ALL ON test.* TO '${user}'@'${host}'`);
    }
    api = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
    const appId = await demoAppId();
    const saved = await api<{ dbId: number }>('POST', '/save/saveDbConfig', {
      dbId: null, dbAppId: appId, dbType: 'mysql', dbHost: MARIADB.host, dbPort: MARIADB.port, dbUser: user, dbPassword: '', dbDatabase: MARIADB.database,
    });
    expect(saved.status, saved.error?.join(', ')).toBe(true);
    dbId = saved.data.dbId;
    const created = await api<{ pages: { pageId: number }[] }>('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName }] });
    const pageId = (created.data.pages[0] as { pageId: number }).pageId;
    const shown = { options: 'Id,Name,Note', mapping_table: 'id,name,note', database_used: dbId };
    const widgets = [
      { ...createComponent('table', 'items', 'Barang'), ...shown, primaryKey: 'id', table_used: table },
      {
        // Each row holds a column of either side of the join: a search looks at every pair.
        ...createComponent('table', 'pairs', 'Pasangan'), ...shown, primaryKey: NONE_PRIMARY_KEY, table_used: CUSTOM_TABLE,
        customSource: { query: `SELECT a.id * 100000 + b.id AS id, a.name AS name, b.note AS note FROM ${table} a CROSS JOIN ${table} b WHERE b.id <= 2000`, columns: ['id', 'name', 'note'], table: '' },
      },
    ];
    const savedPage = await api('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify(widgets) }] });
    expect(savedPage.status, savedPage.error?.join(', ')).toBe(true);
    await menuForStaff(api, appId, pageName, [['Pasangan', pageId]]);
  }, 120_000);

  afterAll(async () => {
    if (dbId !== undefined) await api('DELETE', '/delete/deleteDbConfig', { dbId });
    await sql?.query(`DROP TABLE IF EXISTS \`${table}\``);
    for (const host of ['%', 'localhost']) await sql?.query(`DROP USER IF EXISTS '${user}'@'${host}'`);
    await sql?.end();
  });

  const dialog = () => page().getByRole('dialog');
  const row = () => page().getByRole('row').filter({ hasText: user });

  it('the administrator sets the connection\'s time limit on the Database screen', async () => {
    await signInToDemo(page());
    await openDemoScreen(page(), 'database', 'Daftar Database');
    await row().getByRole('button', { name: 'Edit database' }).click();
    const limit = dialog().getByLabel('Time limit (seconds)');
    expect(await limit.inputValue()).toBe('');
    expect(await limit.getAttribute('placeholder')).toBe('10');
    await limit.fill('1');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await page().getByText('Configuration Success').waitFor();
    await dialog().waitFor({ state: 'detached' });
    // saved: the form shows it again
    await row().getByRole('button', { name: 'Edit database' }).click();
    expect(await dialog().getByLabel('Time limit (seconds)').inputValue()).toBe('1');
    await snapshot(page(), 'time-limit-form');
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'detached' });
  });

  const widget = (title: string) => page().getByTestId('data-table').filter({ has: page().getByRole('heading', { name: title }) });
  const firstCell = (title: string) => widget(title).locator('tbody tr').first().getByRole('cell').first();

  it('a member\'s search past it reads the message in the table, and the rest still works', async () => {
    await page().context().clearCookies();
    await page().evaluate(() => localStorage.clear());
    await signInToDemo(page(), DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
    await page().goto(`/demo/staff/slow-${stamp}`);
    await expect.poll(() => firstCell('Pasangan').innerText(), { timeout: 15_000 }).not.toBe('');
    await expect.poll(() => firstCell('Barang').innerText(), { timeout: 15_000 }).toBe('1');

    // typed as a person types: each keystroke supersedes the last one's request
    await widget('Pasangan').getByRole('textbox', { name: Messages.tableSearchPlaceholder }).pressSequentially('no such', { delay: 120 });
    const alert = widget('Pasangan').getByRole('alert');
    await alert.getByText(Messages.searchTookTooLong, { exact: true }).waitFor({ timeout: 20_000 });
    await snapshot(page(), 'time-limit-message');

    // nothing else failed: the other table searches and pages
    await widget('Barang').getByRole('textbox', { name: Messages.tableSearchPlaceholder }).fill('Item 4242');
    await expect.poll(() => firstCell('Barang').innerText(), { timeout: 15_000 }).toBe('4242');
    // and the slow table, its search cleared, shows rows again
    await widget('Pasangan').getByRole('textbox', { name: Messages.tableSearchPlaceholder }).fill('');
    await alert.waitFor({ state: 'detached', timeout: 15_000 });
    expect(await firstCell('Pasangan').innerText()).not.toBe('');
  }, 90_000);

  /** Statements on the MariaDB server that read this spec's table, other than this one. */
  async function running(): Promise<number> {
    const [rows] = await sql.query(
      `SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE COMMAND = 'Query' AND ID <> CONNECTION_ID() AND INFO LIKE ?`, [`%${table}%`],
    );
    return Number((rows as { n: number }[])[0]?.n);
  }

  it('the browser abandons each superseded search, and the server stops its statements', async () => {
    // A limit far past the test: only the cancel can stop these statements.
    const relimited = await api('POST', '/save/saveDbConfig', {
      dbId, dbAppId: await demoAppId(), dbType: 'mysql', dbHost: MARIADB.host, dbPort: MARIADB.port, dbUser: user, dbPassword: '', dbDatabase: MARIADB.database, dbTimeLimit: 120,
    });
    expect(relimited.status, relimited.error?.join(', ')).toBe(true);
    const abandoned: string[] = [];
    page().on('requestfailed', (request) => {
      if (request.url().includes('/get/loadTableContent')) abandoned.push(request.failure()?.errorText ?? '');
    });
    const search = widget('Pasangan').getByRole('textbox', { name: Messages.tableSearchPlaceholder });
    await search.fill('');
    await widget('Pasangan').getByRole('alert').waitFor({ state: 'detached', timeout: 15_000 });
    // five searches, each typed once the last one's request is under way (past the table's reload delay)
    let typed = '';
    for (const letter of ['z', 'q', 'x', 'j', 'v']) {
      typed += letter;
      const text = typed;
      const sent = page().waitForRequest((request) => request.url().includes('/get/loadTableContent') && (request.postData() ?? '').includes(`"search":"${text}"`));
      await search.press(letter);
      await sent;
      await expect.poll(running, { timeout: 10_000, interval: 100 }).toBeGreaterThan(0);
    }
    // four superseded requests were aborted by the browser; the database runs the last one's at most
    await expect.poll(() => abandoned.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
    expect(abandoned.every((text) => text === 'net::ERR_ABORTED')).toBe(true);
    await expect.poll(running, { timeout: 10_000, interval: 200 }).toBeLessThanOrEqual(2);
    // leaving the page abandons the last one too: nothing is left running
    await page().goto('/demo/staff');
    await expect.poll(running, { timeout: 10_000, interval: 200 }).toBe(0);
  }, 90_000);
});
