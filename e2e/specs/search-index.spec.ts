import mysql from 'mysql2/promise';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createComponent } from '@rakit/core';
import { apiAs, demoAppId, demoToken, menuForStaff } from '../support/api';
import { launchBrowser, newPage, snapshot } from '../support/browser';
import { DEMO_ADMIN, DEMO_MEMBER, openDemoScreen, signInToDemo } from '../support/demo';
import { ADMIN_PASSWORD } from '../support/global-setup';
import { MARIADB } from '../support/mariadb';

/**
 * The Database screen's search part (issue 19): which columns search fast, and Add search
 * index, which shows the exact statements before running them, runs them with progress and
 * lists the index afterwards; where the connection's user may not add one it says why and
 * offers no button; a member never sees the screen.
 */
describe('the administrator adds a search index on the Database screen', () => {
  let browser: Browser;
  let page: Page;
  const stamp = Date.now() % 1_000_000;
  const table = `rakit_e2e_search_${stamp}`;
  // Two accounts of their own: one that may add indexes, one that may only read and write rows.
  const builder = `rakit_ix_${stamp}`;
  const reader = `rakit_rd_${stamp}`;
  const pageName = `Kafe ${stamp}`;
  let builderDbId = 0;
  const savedDbIds: number[] = [];
  let api: ReturnType<typeof apiAs> | undefined;

  async function onMariaDb(statements: string[]) {
    const connection = await mysql.createConnection(MARIADB);
    try {
      for (const sql of statements) await connection.query(sql);
    } finally {
      await connection.end();
    }
  }

  beforeAll(async () => {
    const users = (name: string) => [`'${name}'@'%'`, `'${name}'@'localhost'`];
    await onMariaDb([
      `CREATE TABLE \`${table}\` (id INT PRIMARY KEY AUTO_INCREMENT, label VARCHAR(80) NOT NULL, amount INT NOT NULL)`,
      `INSERT INTO \`${table}\` (label, amount) VALUES ('Kopi susu gula aren', 18000), ('Teh tarik', 12000), ('Roti bakar cokelat', 15000)`,
      ...users(builder).flatMap((u) => [`CREATE USER ${u} IDENTIFIED BY ''`, `GRANT ALL ON test.* TO ${u}`]),
      ...users(reader).flatMap((u) => [`CREATE USER ${u} IDENTIFIED BY ''`, `GRANT SELECT, INSERT, UPDATE, DELETE ON test.* TO ${u}`]),
    ]);
    api = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
    const appId = await demoAppId();
    for (const user of [builder, reader]) {
      const saved = await api<{ dbId: number }>('POST', '/save/saveDbConfig', {
        dbId: null, dbAppId: appId, dbType: 'mysql', dbHost: MARIADB.host, dbPort: MARIADB.port, dbUser: user, dbPassword: '', dbDatabase: MARIADB.database,
      });
      expect(saved.status, saved.error?.join(', ')).toBe(true);
      savedDbIds.push(saved.data.dbId);
      if (user === builder) builderDbId = saved.data.dbId;
    }
    // A page with a table over it, which the demo's staff reach.
    const created = await api<{ pages: { pageId: number }[] }>('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName }] });
    const pageId = (created.data.pages[0] as { pageId: number }).pageId;
    const widget = {
      ...createComponent('table', 'menu', 'Menu Kafe'), database_used: builderDbId, primaryKey: 'id', table_used: table, options: 'Id,Label,Amount', mapping_table: 'id,label,amount',
    };
    const saved = await api('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify([widget]) }] });
    expect(saved.status, saved.error?.join(', ')).toBe(true);
    await menuForStaff(api, appId, pageName, [['Menu Kafe', pageId]]);
    browser = await launchBrowser();
    page = await newPage(browser);
  });
  afterAll(async () => {
    await browser?.close();
    for (const dbId of savedDbIds) await api?.('DELETE', '/delete/deleteDbConfig', { dbId });
    await onMariaDb([
      `DROP TABLE IF EXISTS \`${table}\``,
      ...[builder, reader].flatMap((name) => [`DROP USER IF EXISTS '${name}'@'%'`, `DROP USER IF EXISTS '${name}'@'localhost'`]),
    ]);
  });

  const connectionRow = (user: string) => page.getByRole('row').filter({ hasText: user });
  const tableSection = () => page.getByRole('region', { name: table });

  async function openTables(user: string) {
    await connectionRow(user).getByRole('button', { name: 'test', exact: true }).click();
    await tableSection().waitFor();
  }

  it('shows the statements, runs them with progress, and lists the column as searching fast', async () => {
    await signInToDemo(page);
    await openDemoScreen(page, 'database', 'Daftar Database');
    await openTables(builder);
    const labelRow = tableSection().getByRole('row').filter({ hasText: 'label' });
    expect(await labelRow.getByText('Fast search').count()).toBe(0);

    await tableSection().getByRole('button', { name: 'Add search index' }).click();
    const dialog = page.getByRole('dialog', { name: `Add search index on ${table}` });
    await dialog.waitFor();
    // Only the text column is offered; the statement is the exact one the server runs.
    expect(await dialog.getByRole('checkbox').count()).toBe(1);
    const statements = dialog.getByLabel('Search index statements');
    await expect.poll(() => statements.textContent(), { timeout: 20_000 }).toContain(`ALTER TABLE \`${table}\` ADD FULLTEXT INDEX \`search_label_ft\` (\`label\`);`);
    await snapshot(page, 'search-index-statements');

    await dialog.getByRole('button', { name: 'Run these statements' }).click();
    await dialog.getByText('The search index is ready').waitFor({ timeout: 60_000 });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    await labelRow.getByText('Fast search').waitFor({ timeout: 20_000 });
    expect(await tableSection().getByRole('row').filter({ hasText: 'amount' }).getByText('Fast search').count()).toBe(0);
    // The index is the database's own: it is there whatever the screen says.
    const connection = await mysql.createConnection(MARIADB);
    const [indexes] = await connection.query(`SHOW INDEX FROM \`${table}\` WHERE Index_type = 'FULLTEXT'`);
    await connection.end();
    expect((indexes as { Column_name: string }[]).map((i) => i.Column_name)).toEqual(['label']);
    await page.keyboard.press('Escape');
    await tableSection().waitFor({ state: 'detached' });
  });

  it('says plainly why a connection whose user may not add indexes has no button', async () => {
    await openTables(reader);
    await tableSection().getByText(`The connection's user ${reader} lacks the ALTER and INDEX privileges on table ${table}`).waitFor();
    expect(await tableSection().getByRole('button', { name: 'Add search index' }).count()).toBe(0);
    // The index added through the other connection serves this one too.
    await tableSection().getByRole('row').filter({ hasText: 'label' }).getByText('Fast search').waitFor();
    await snapshot(page, 'search-index-refused');
    await page.keyboard.press('Escape');
  });

  it('offers a member no Database screen at all', async () => {
    const member = await newPage(browser);
    await signInToDemo(member, DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff**');
    await member.goto('/demo/database');
    await member.waitForLoadState('networkidle');
    expect(await member.getByRole('heading', { name: 'Daftar Database' }).count()).toBe(0);
    expect(await member.getByRole('button', { name: 'Add search index' }).count()).toBe(0);
    await member.close();
  });

  it('tells the member searching the table that whole words are matched there', async () => {
    const member = await newPage(browser);
    await signInToDemo(member, DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff**');
    await member.goto(`/demo/staff/kafe-${stamp}`);
    const widget = member.getByTestId('data-table').filter({ has: member.getByRole('heading', { name: 'Menu Kafe' }) });
    await widget.locator('tbody tr').nth(2).waitFor();
    const box = widget.getByRole('textbox', { name: 'Search Inside Table' });
    await box.fill('kop');
    await widget.getByText('Whole words and word beginnings are matched').waitFor();
    await expect.poll(() => widget.locator('tbody tr').allInnerTexts(), { timeout: 20_000 }).toEqual([expect.stringContaining('Kopi susu gula aren')]);
    // Inside a word is not a word's beginning: FULLTEXT does not find it.
    await box.fill('opi');
    await expect.poll(() => widget.locator('tbody tr').filter({ hasText: 'Kopi' }).count(), { timeout: 20_000 }).toBe(0);
    await snapshot(member, 'search-index-whole-words');
    await member.close();
  });
});
