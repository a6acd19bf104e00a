import mysql from 'mysql2/promise';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, snapshot } from '../support/browser';
import { confirmRemoval, openDemoScreen, signInToDemo } from '../support/demo';

const MARIADB = { host: '127.0.0.1', port: 3306, user: 'root', password: '', database: 'test' };

describe('the demo administrator manages database connections', () => {
  let browser: Browser;
  let page: Page;
  const table = `rakit_e2e_${Date.now()}`;
  // Its own MariaDB account: other specs add connections to 'test' in the demo application
  // while this one runs, and the account's name tells this spec's row from theirs.
  const user = `rakit_e2e_${Date.now() % 1_000_000}`;

  beforeAll(async () => {
    const connection = await mysql.createConnection(MARIADB);
    try {
      await connection.query(`CREATE TABLE \`${table}\` (id INT PRIMARY KEY AUTO_INCREMENT, label VARCHAR(50) NOT NULL)`);
      await connection.query(`CREATE USER '${user}'@'%' IDENTIFIED BY ''`);
      await connection.query(`CREATE USER '${user}'@'localhost' IDENTIFIED BY ''`);
      await connection.query(`GRANT ALL ON test.* TO '${user}'@'%'`);
      await connection.query(`GRANT ALL ON test.* TO '${user}'@'localhost'`);
    } finally {
      await connection.end();
    }
    browser = await launchBrowser();
    page = await newPage(browser);
  });
  afterAll(async () => {
    await browser.close();
    const connection = await mysql.createConnection(MARIADB);
    try {
      await connection.query(`DROP TABLE IF EXISTS \`${table}\``);
      await connection.query(`DROP USER IF EXISTS '${user}'@'%'`);
      await connection.query(`DROP USER IF EXISTS '${user}'@'localhost'`);
    } finally {
      await connection.end();
    }
  });

  /** This spec's connection: its MariaDB account until it is edited into the only PostgreSQL one. */
  let rowText = user;
  const row = () => page.getByRole('row').filter({ has: page.getByRole('button', { name: 'test', exact: true }) }).filter({ hasText: rowText });
  const dialog = () => page.getByRole('dialog');

  async function fillConnection(values: { port: string; user: string }) {
    await dialog().getByLabel('Name', { exact: true }).fill('test');
    await dialog().getByLabel('Host').fill('127.0.0.1');
    await dialog().getByLabel('Port').fill(values.port);
    await dialog().getByLabel('Username').fill(values.user);
  }

  it('lists the demo application\'s SQLite connection', async () => {
    await signInToDemo(page);
    await openDemoScreen(page, 'database', 'Daftar Database');
    for (const column of ['DATABASE', 'TYPE', 'HOST', 'PORT', 'USERNAME']) await page.getByRole('columnheader', { name: column }).waitFor();
    await page.getByRole('button', { name: 'demo-shop.db' }).waitFor();
    await page.getByText('SQLite').waitFor();
  });

  it('keeps the dialog open with Incorrect Configuration when the server refuses the connection', async () => {
    await page.getByRole('button', { name: 'Add Database' }).click();
    await fillConnection({ port: '1', user: 'root' });
    await dialog().getByRole('button', { name: 'Save' }).click();
    await dialog().getByText('Incorrect Configuration').waitFor();
    // The same words in the dialog and in the red notice at the top.
    await expect.poll(() => page.getByText('Incorrect Configuration').count()).toBe(2);
    expect(await dialog().getByLabel('Host').inputValue()).toBe('127.0.0.1');
    await snapshot(page, 'admin-database-refused');
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'detached' });
  });

  it('adds a MariaDB connection and shows its tables with the primary key', async () => {
    await page.getByRole('button', { name: 'Add Database' }).click();
    expect(await dialog().getByRole('combobox', { name: 'Type' }).inputValue()).toBe('MySQL / MariaDB');
    await fillConnection({ port: '3306', user });
    await dialog().getByRole('button', { name: 'Save' }).click();
    await page.getByText('Configuration Success').waitFor();
    await row().waitFor();
    expect(await row().textContent()).toContain('MySQL / MariaDB');
    expect(await row().textContent()).toContain('3306');

    await row().getByRole('button', { name: 'test', exact: true }).click();
    const tableSection = page.getByRole('region', { name: table });
    await tableSection.waitFor();
    await tableSection.getByText('PRI').waitFor();
    expect(await tableSection.getByRole('row').filter({ hasText: 'PRI' }).textContent()).toContain('id');
    expect(await tableSection.getByRole('row').filter({ hasText: 'label' }).textContent()).not.toContain('PRI');
    await snapshot(page, 'admin-database-tables');
    await page.keyboard.press('Escape');
    await tableSection.waitFor({ state: 'detached' });
  });

  it('edits the connection into a PostgreSQL one', async () => {
    // The notice of the addition goes first, so the one of the edit is the one seen.
    await page.getByText('Configuration Success').waitFor({ state: 'detached' });
    await row().getByRole('button', { name: 'Edit database' }).click();
    await dialog().getByText('Leave empty to keep the stored one').waitFor();
    await dialog().getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'PostgreSQL' }).click();
    expect(await dialog().getByLabel('Port').inputValue()).toBe('5432');
    await dialog().getByLabel('Username').fill('postgres');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await page.getByText('Configuration Success').waitFor();
    rowText = 'PostgreSQL';
    await row().waitFor();
    expect(await row().textContent()).toContain('5432');
  });

  it('removes the connection after confirmation', async () => {
    await row().getByRole('button', { name: 'Remove database' }).click();
    await confirmRemoval(page, 'Are you sure to remove this database connection?');
    await page.getByText('Remove database success').waitFor();
    await row().waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'demo-shop.db' }).waitFor();
  });
});
