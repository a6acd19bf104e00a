import { type Component, createComponent, type CustomAction, deleteByKeyQuery, Messages } from '@rakit/core';
import mysql from 'mysql2/promise';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs, demoAppId, demoToken, menuForStaff } from '../support/api';
import { accessibilityViolations } from '../support/axe';
import { ADMIN_PASSWORD, browserPageForSuite, snapshot } from '../support/browser';
import { queuedTimersRun } from '../support/keyboard';
import { DEMO_ADMIN, DEMO_MEMBER, signInToDemo } from '../support/demo';
import { addMariaDbConnection, MARIADB } from '../support/mariadb';

const CATEGORIES = ['Alpha', 'Beta', 'Gamma'] as const;
const GOODS = 45;
const ORDERS = 6;
const WIDTHS = [1366, 390] as const;

/**
 * What a member does at runtime by keyboard and screen reader (issue 34): after signing in and
 * opening a page, only page.keyboard moves a kanban card to another lane (announced, stored as a
 * mouse drop stores it), selects table rows for a bulk action, edits a row in its dialog, filters
 * and pages the table; the chart's data is reachable as a table; the menu marks the current page.
 * ARIA snapshots guard the roles and names of the table and the kanban; axe finds nothing in
 * these parts, at 1366 and at 390 px.
 */
describe('the runtime by keyboard', () => {
  const suite = browserPageForSuite();
  const page = (): Page => suite.page;
  const stamp = Date.now().toString(36);
  const goodsTable = `rk_kbd_goods_${stamp}`;
  const ordersTable = `rk_kbd_orders_${stamp}`;
  const names = { goods: `Stock ${stamp}`, orders: `Orders ${stamp}`, chart: `Prices ${stamp}` };
  const urls = { goods: `/demo/staff/stock-${stamp}`, orders: `/demo/staff/orders-${stamp}`, chart: `/demo/staff/prices-${stamp}` };
  let sql: mysql.Connection;
  let api: Api;
  let dbId: number;

  const table = () => page().getByTestId('data-table');
  const rowCount = () => table().getByRole('status');
  const pager = () => table().getByRole('navigation', { name: 'Pages' });
  const currentPage = () => pager().locator('[aria-current="page"]').innerText();
  const lane = (value: string) => page().locator(`[data-testid="kanban-lane"][data-lane="${value}"]`);
  const announcement = () => page().locator('[id^="DndLiveRegion"]').innerText();
  const statusOf = async (title: string) => ((await sql.query(`SELECT status FROM \`${ordersTable}\` WHERE title = ?`, [title]))[0] as { status: string }[])[0]?.status;
  const goods = async (ids: readonly number[]) =>
    (await sql.query(`SELECT id, price, note FROM \`${goodsTable}\` WHERE id IN (?) ORDER BY id`, [ids]))[0] as { id: number; price: number; note: string }[];

  /** The focused element's name as a test reads it: its aria-label, its label, else its text. */
  const focusedName = async () => {
    // Read once the page's queued timers ran (support/keyboard's queuedTimersRun says why).
    await queuedTimersRun(page());
    return page().evaluate(() => {
      const element = document.activeElement;
      if (element === null || element === document.body) return '(nothing)';
      const labelled = element.getAttribute('aria-label');
      if (labelled !== null) return labelled;
      const label = (element as HTMLInputElement).labels?.[0]?.textContent;
      return label ?? element.textContent?.trim() ?? '';
    });
  };
  const focusInside = (selector: string) => page().evaluate((s) => document.activeElement?.closest(s) !== null, selector);

  /** Presses Tab (or Shift+Tab) until the focused element is named `name`. */
  async function tabTo(name: string, backwards = false): Promise<void> {
    const seen: string[] = [];
    for (let i = 0; i < 120; i++) {
      await page().keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
      const now = await focusedName();
      if (now === name) return;
      seen.push(now);
    }
    throw new Error(`Tab never reached "${name}"; it went through: ${seen.join(' | ')}`);
  }

  /** Opens a page by its address and waits for its heading; the keyboard starts from the top. */
  async function open(url: string, heading: string): Promise<void> {
    await page().goto(url);
    await page().getByRole('heading', { name: heading }).waitFor();
  }

  beforeAll(async () => {
    sql = await mysql.createConnection(MARIADB);
    await sql.query(`CREATE TABLE \`${goodsTable}\` (id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(100) NOT NULL, category VARCHAR(20) NOT NULL, price INT NOT NULL, note VARCHAR(20) NOT NULL DEFAULT '')`);
    await sql.query(`INSERT INTO \`${goodsTable}\` (name, category, price) VALUES ?`, [Array.from({ length: GOODS }, (_, i) => [`Item ${String(i + 1).padStart(2, '0')}`, CATEGORIES[i % 3], (i + 1) * 10])]);
    await sql.query(`CREATE TABLE \`${ordersTable}\` (id INT AUTO_INCREMENT PRIMARY KEY, title VARCHAR(100) NOT NULL, status VARCHAR(10) NOT NULL)`);
    await sql.query(`INSERT INTO \`${ordersTable}\` (title, status) VALUES ?`, [Array.from({ length: ORDERS }, (_, i) => [`Order ${11 + i}`, i < 4 ? 'new' : 'packed'])]);

    api = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
    const appId = await demoAppId();
    dbId = await addMariaDbConnection(api, appId);
    const created = await api<{ pages: { pageId: number }[] }>('POST', '/save/saveApp', {
      appId, pages: [{ pageId: null, pageName: names.goods }, { pageId: null, pageName: names.orders }, { pageId: null, pageName: names.chart }],
    });
    const [goodsPage, ordersPage, chartPage] = created.data.pages as [{ pageId: number }, { pageId: number }, { pageId: number }];
    const source = { database_used: dbId, primaryKey: 'id' };
    const markOnSale: CustomAction = {
      name: 'Mark on sale', action: 'CUSTOM', cause: '', show: true,
      raw: { database: dbId, type: 'UPDATE', table: goodsTable, setValues: [{ column: 'note', source: '--custom--', custom: 'sale' }], conditions: [{ column: 'id', operator: '=', source: 'id', custom: '' }] },
    };
    const goodsWidget: Component = {
      ...createComponent('table', 'goods', 'Goods'), ...source, table_used: goodsTable,
      options: 'Name,Category,Price', mapping_table: 'name,category,price',
      filters: [{ field: 'category', type: 'select', column: 'Category' }], search: true, bulkAction: true,
      custom_action: [
        { name: 'Edit', action: 'EDIT', cause: '', show: true, raw: { editFields: [{ name: 'price', type: 'number', options: '' }] } },
        { name: 'Delete', action: 'DELETE', cause: '', show: true, stored: { ...deleteByKeyQuery(dbId, goodsTable, 'id', 'mysql'), table: goodsTable } },
        markOnSale,
      ],
    };
    const board: Component = {
      ...createComponent('kanban', 'orders', 'Order board'), ...source, table_used: ordersTable, options: 'Title', mapping_table: 'title',
      groups: [{ name: 'Baru', value: 'new' }, { name: 'Dikemas', value: 'packed' }, { name: 'Dikirim', value: 'sent' }],
      fieldMap: { compared: 'status', title: 'title' },
    };
    const chart: Component = {
      ...createComponent('chart', 'prices', 'Price per item'), ...source, primaryKey: 'NONE', table_used: ordersTable,
      options: 'Order,Number', mapping_table: 'title,id', sourceType: 'row', subtype: 'bar', showTable: false,
    };
    const saved = await api('POST', '/save/saveApp', {
      appId, pages: [
        { pageId: goodsPage.pageId, pageComponents: JSON.stringify([goodsWidget]) },
        { pageId: ordersPage.pageId, pageComponents: JSON.stringify([board]) },
        { pageId: chartPage.pageId, pageComponents: JSON.stringify([chart]) },
      ],
    });
    expect(saved.status, saved.error?.join(', ')).toBe(true);
    await menuForStaff(api, appId, `Keyboard ${stamp}`, [['Keyboard stock', goodsPage.pageId], ['Keyboard orders', ordersPage.pageId], ['Keyboard prices', chartPage.pageId]]);
  }, 120_000);

  afterAll(async () => {
    await sql?.query(`DROP TABLE IF EXISTS \`${goodsTable}\`, \`${ordersTable}\``);
    await sql?.end();
    if (dbId !== undefined) await api('DELETE', '/delete/deleteDbConfig', { dbId });
  });

  it('guards the roles and names of the table and the kanban (ARIA snapshots)', async () => {
    await page().setViewportSize({ width: 1366, height: 900 });
    await signInToDemo(page(), DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
    await open(urls.goods, names.goods);
    await table().getByRole('cell', { name: 'Item 20', exact: true }).waitFor();
    await rowCount().filter({ hasText: `20 of ${GOODS} rows` }).waitFor();
    // The header and the controls, not the rows: their data is the spec's own and checked below.
    // The columns have no index: each header says its sort reads every row.
    const slow = 'No index on this column: sorting reads every row';
    expect.soft(await table().locator('thead').ariaSnapshot()).toBe([
      '- rowgroup:',
      `  - 'row "Select all rows of this page Name ${slow} Category ${slow} Price ${slow} Action"':`,
      '    - columnheader "Select all rows of this page":',
      '      - checkbox "Select all rows of this page"',
      ...['Name', 'Category', 'Price'].flatMap((column) => [
        `    - 'columnheader "${column} ${slow}"':`,
        `      - button "${column}"`,
        `      - 'img "${slow}"'`,
      ]),
      '    - columnheader "Action"',
    ].join('\n'));
    expect.soft(await table().locator('tbody tr').first().ariaSnapshot()).toBe([
      '- row "Select row 1 Item 01 Alpha 10 Edit row 1 Delete row 1 More actions of row 1":',
      '  - cell "Select row 1":',
      '    - checkbox "Select row 1"',
      '  - cell "Item 01"',
      '  - cell "Alpha"',
      '  - cell "10"',
      '  - cell "Edit row 1 Delete row 1 More actions of row 1":',
      // Edit and delete draw their icon for the eye only (aria-hidden); the menu's button is Mantine's ActionIcon.
      '    - button "Edit row 1"',
      '    - button "Delete row 1"',
      '    - button "More actions of row 1":',
      '      - img',
    ].join('\n'));
    expect.soft(await pager().ariaSnapshot()).toBe([
      '- navigation "Pages":',
      '  - button "Prev" [disabled]',
      '  - button "Page 1 (first)": "1"',
      '  - button "Page 2": "2"',
      '  - button "Page 3": "3"',
      '  - button "Next"',
    ].join('\n'));
    expect.soft(await rowCount().ariaSnapshot()).toBe(`- status: 20 of ${GOODS} rows, page 1`);

    await open(urls.orders, names.orders);
    await lane('new').getByText('Order 11').waitFor();
    const cards = (titles: readonly string[]) => titles.flatMap((title) => ['    - listitem:', `      - group "${title}":`, `        - paragraph: ${title}`]);
    expect.soft(await page().getByTestId('kanban').ariaSnapshot()).toBe([
      '- heading "Order board" [level=2]',
      '- region "Baru":',
      '  - heading "Baru" [level=3]',
      '  - text: 4 cards',
      '  - list "Baru":',
      ...cards(['Order 11', 'Order 12', 'Order 13', 'Order 14']),
      '- region "Dikemas":',
      '  - heading "Dikemas" [level=3]',
      '  - text: 2 cards',
      '  - list "Dikemas":',
      ...cards(['Order 15', 'Order 16']),
      '- region "Dikirim":',
      '  - heading "Dikirim" [level=3]',
      '  - text: 0 cards',
      `  - paragraph: ${Messages.kanbanLaneEmpty}`,
      // dnd-kit's live region, where moves are announced
      '- status',
    ].join('\n'));
  });

  for (const width of WIDTHS) {
    describe(`at ${width} px`, () => {
      // Each width moves its own card and edits its own rows, so that the other's stay as seeded.
      const moving = width === 1366 ? 'Order 12' : 'Order 13';
      const cancelled = 'Order 14';
      const [first, second] = width === 1366 ? [1, 2] : [3, 4];
      const edited = width === 1366 ? 5 : 6;

      beforeAll(async () => {
        await page().setViewportSize({ width, height: width === 1366 ? 900 : 844 });
      });

      it('moves a kanban card to another lane, announced, and it stays there', async () => {
        await open(urls.orders, names.orders);
        await lane('new').getByText(moving).waitFor();
        await tabTo(moving);
        expect(await page().evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle)).toBe('solid');
        await page().keyboard.press('Space');
        await expect.poll(announcement).toBe(`Picked up ${moving} in Baru`);
        await queuedTimersRun(page());
        // Right on a wide board, down where the lanes stack: each press reaches the next lane.
        const next = width === 1366 ? 'ArrowRight' : 'ArrowDown';
        await page().keyboard.press(next);
        await expect.poll(announcement).toBe(`${moving} over Dikemas`);
        await page().keyboard.press(next);
        await expect.poll(announcement).toBe(`${moving} over Dikirim`);
        await page().waitForTimeout(400); // the moving card glides there
        await snapshot(page(), `keyboard-kanban-over-${width}`);
        await page().keyboard.press('Space');
        await expect.poll(announcement).toBe(`${moving} moved to Dikirim`);
        await lane('sent').getByText(moving).waitFor();
        // The focus stays on the card, now in its new lane.
        await expect.poll(focusedName).toBe(moving);
        await expect.poll(() => statusOf(moving)).toBe('sent');
        await snapshot(page(), `keyboard-kanban-moved-${width}`);
        await page().reload();
        await lane('sent').getByText(moving).waitFor();
        expect(await lane('new').getByText(moving).count()).toBe(0);

        // Escape puts the card back where it was, and nothing is stored.
        await tabTo(cancelled);
        await page().keyboard.press('Space');
        await expect.poll(announcement).toBe(`Picked up ${cancelled} in Baru`);
        await queuedTimersRun(page());
        await page().keyboard.press(next);
        await expect.poll(announcement).toBe(`${cancelled} over Dikemas`);
        await page().keyboard.press('Escape');
        await expect.poll(announcement).toBe(`Moving ${cancelled} was cancelled; it stays in Baru`);
        await lane('new').getByText(cancelled).waitFor();
        expect(await statusOf(cancelled)).toBe('new');
        expect(await accessibilityViolations(page(), '[data-testid="kanban"]')).toEqual([]);
      });

      it('selects two table rows for a bulk action, by keyboard', async () => {
        await open(urls.goods, names.goods);
        await rowCount().filter({ hasText: `20 of ${GOODS} rows` }).waitFor();
        await tabTo(`Select row ${first}`);
        await page().keyboard.press('Space');
        await tabTo(`Select row ${second}`);
        await page().keyboard.press('Space');
        expect(await table().locator('tbody input[type="checkbox"]:checked').count()).toBe(2);
        await tabTo('Bulk Action', true);
        await page().keyboard.press('Enter');
        await page().getByRole('menuitem', { name: 'Mark on sale' }).waitFor();
        await expect.poll(() => focusInside('[role="menu"]')).toBe(true);
        for (let i = 0; i < 5 && (await focusedName()) !== 'Mark on sale'; i++) await page().keyboard.press('ArrowDown');
        await page().keyboard.press('Enter');
        await page().getByText(Messages.actionSucceeded).last().waitFor();
        await expect.poll(() => goods([first, second])).toEqual([{ id: first, price: first * 10, note: 'sale' }, { id: second, price: second * 10, note: 'sale' }]);
        await expect.poll(() => table().locator('tbody input[type="checkbox"]:checked').count()).toBe(0);
      });

      it('opens a row\'s actions menu, and edits the row in its dialog: focus moves in, stays in, and returns to the row', async () => {
        await tabTo(`More actions of row ${edited}`);
        await page().keyboard.press('Enter');
        await page().getByRole('menuitem', { name: 'Mark on sale' }).waitFor();
        await expect.poll(() => focusInside('[role="menu"]')).toBe(true);
        await page().keyboard.press('Escape');
        await page().getByRole('menu').waitFor({ state: 'detached' });
        await expect.poll(focusedName).toBe(`More actions of row ${edited}`);
        await tabTo(`Edit row ${edited}`, true);
        await page().keyboard.press('Enter');
        const dialog = page().getByRole('dialog', { name: 'Edit' });
        await dialog.waitFor();
        await expect.poll(() => focusInside('[role="dialog"]')).toBe(true);
        // Trapped: a round of Tab presses never leaves the dialog.
        for (let i = 0; i < 6; i++) {
          await page().keyboard.press('Tab');
          expect(await focusInside('[role="dialog"]')).toBe(true);
        }
        await tabTo('Price');
        await page().keyboard.press('ControlOrMeta+A');
        await page().keyboard.type('777');
        await page().keyboard.press('Enter');
        await dialog.waitFor({ state: 'detached' });
        await table().getByRole('row', { name: new RegExp(`Item 0${edited} .* 777 `) }).waitFor();
        expect((await goods([edited]))[0]?.price).toBe(777);
        await expect.poll(focusedName).toBe(`Edit row ${edited}`);
      });

      it('searches, filters and clears, announcing the rows found', async () => {
        await tabTo(Messages.tableSearchPlaceholder, true);
        await page().keyboard.type('Item 4');
        await rowCount().filter({ hasText: `6 of 6 rows` }).waitFor();
        await page().keyboard.press('ControlOrMeta+A');
        await page().keyboard.press('Backspace');
        await rowCount().filter({ hasText: `20 of ${GOODS} rows` }).waitFor();

        await tabTo('Filters');
        await page().keyboard.press('Enter');
        await expect.poll(() => focusInside('[role="dialog"]')).toBe(true);
        expect(await focusedName()).toBe('Category');
        await page().keyboard.type('Beta');
        const beta = page().getByRole('option', { name: 'Beta', exact: true });
        await beta.waitFor();
        // A person presses the arrow once he sees all he typed: on a busy machine the list shows
        // Beta after the first letter, and each later letter's search would drop the mark again.
        await expect.poll(() => page().locator(':focus').inputValue()).toBe('Beta');
        await queuedTimersRun(page());
        await page().keyboard.press('ArrowDown');
        // Enter picks the option the arrow marked; a person sees it marked first (a busy machine
        // marks it a few frames later than the key).
        await expect.poll(() => beta.getAttribute('data-combobox-selected')).not.toBeNull();
        await page().keyboard.press('Enter');
        await rowCount().filter({ hasText: '15 of 15 rows' }).waitFor();
        // The option list closes with the pick; Escape before that would close only the list.
        await expect.poll(() => page().locator('[role="dialog"] [aria-expanded="true"]').count()).toBe(0);
        expect(await accessibilityViolations(page(), '[data-testid="data-table"], [role="dialog"]')).toEqual([]);
        await snapshot(page(), `keyboard-table-filters-${width}`);
        await page().keyboard.press('Escape');
        await page().getByRole('dialog', { name: /^Filters/ }).waitFor({ state: 'detached' });
        // The popover gives the focus back a moment after it closes (Mantine's 10 ms).
        await expect.poll(focusedName).toBe('Filters (1)');
        await page().keyboard.press('Enter');
        await tabTo('Clear filters');
        await page().keyboard.press('Enter');
        await rowCount().filter({ hasText: `20 of ${GOODS} rows` }).waitFor();
        await page().keyboard.press('Escape');
        await expect.poll(focusedName).toBe('Filters');
      });

      it('pages the table: next, a page number, previous, go to page, rows per page', async () => {
        await tabTo('Next');
        // What the status says while the next page loads: each change once, not once per render.
        await rowCount().evaluate((status) => {
          const said: string[] = [];
          (window as unknown as { said: string[] }).said = said;
          new MutationObserver(() => said.push(status.textContent ?? '')).observe(status, { childList: true, characterData: true, subtree: true });
        });
        await page().keyboard.press('Enter');
        await expect.poll(currentPage).toBe('2');
        await rowCount().filter({ hasText: `20 of ${GOODS} rows, page 2` }).waitFor();
        const said = await page().evaluate(() => (window as unknown as { said: string[] }).said);
        expect(said.at(-1)).toBe(`20 of ${GOODS} rows, page 2`);
        expect(said.length).toBeLessThanOrEqual(2);
        expect(said.filter((text, i) => text === said[i - 1])).toEqual([]);
        await table().getByRole('cell', { name: 'Item 21', exact: true }).waitFor();
        await tabTo('Page 3', true);
        await page().keyboard.press('Enter');
        await rowCount().filter({ hasText: `5 of ${GOODS} rows` }).waitFor();
        await tabTo('Prev', true);
        await page().keyboard.press('Enter');
        await expect.poll(currentPage).toBe('2');
        await tabTo('Go to page', true);
        await page().keyboard.type('3');
        await page().keyboard.press('Enter');
        await expect.poll(currentPage).toBe('3');
        // A native select: the arrow keys choose the next size at once, as on a desktop's own select.
        await tabTo('Rows per page', true);
        await page().keyboard.press('ArrowDown');
        await rowCount().filter({ hasText: `${GOODS} of ${GOODS} rows` }).waitFor();
        await expect.poll(focusedName).toBe('Rows per page');
        // Back to 20 a page: the table keeps its state for the next width.
        await page().keyboard.press('Shift+Tab');
        await tabTo('Rows per page');
        await page().keyboard.press('ArrowUp');
        await rowCount().filter({ hasText: `20 of ${GOODS} rows` }).waitFor();
        expect(await accessibilityViolations(page(), '[data-testid="data-table"]')).toEqual([]);
      });

      it('offers the chart\'s data as a table', async () => {
        await open(urls.chart, names.chart);
        const chart = page().getByTestId('chart');
        await chart.getByRole('img', { name: 'Bar chart of Price per item: 6 points, highest Order 16 (6), lowest Order 11 (1)' }).waitFor();
        await tabTo('Show data as table');
        expect(await page().evaluate(() => document.activeElement?.getAttribute('aria-expanded'))).toBe('false');
        await page().keyboard.press('Enter');
        const data = chart.getByRole('table', { name: 'Price per item data' });
        await data.waitFor();
        expect(await data.getByRole('row').allInnerTexts()).toEqual(['Order\tNumber', ...Array.from({ length: ORDERS }, (_, i) => `Order ${11 + i}\t${i + 1}`)]);
        expect(await page().evaluate(() => document.activeElement?.getAttribute('aria-expanded'))).toBe('true');
        expect(await accessibilityViolations(page(), '[data-testid="chart"]')).toEqual([]);
      });

      it('names the menu a navigation landmark and marks the current page', async () => {
        const nav = page().getByRole('navigation', { name: 'Application menu' });
        if (width === 390) {
          // Folded on a phone, the drawer is out of the Tab order until the menu button opens it.
          await tabTo('Toggle menu', true);
          await page().keyboard.press('Enter');
          await nav.waitFor();
        }
        const current = nav.locator('[aria-current="page"]');
        expect(await current.innerText()).toBe('Keyboard prices');
        expect(await current.getAttribute('href')).toBe(urls.chart);
        await tabTo('Keyboard orders', width === 1366);
        expect(await focusInside('nav')).toBe(true);
        await page().keyboard.press('Enter');
        await page().waitForURL(`**${urls.orders}`);
        if (width === 1366) await expect.poll(() => nav.locator('[aria-current="page"]').innerText()).toBe('Keyboard orders');
        else {
          await tabTo('Toggle menu', true);
          await page().keyboard.press('Enter');
          await expect.poll(() => nav.locator('[aria-current="page"]').innerText()).toBe('Keyboard orders');
        }
        expect(await accessibilityViolations(page(), 'nav')).toEqual([]);
      });
    });
  }
});
