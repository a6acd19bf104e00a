import { type Component, createComponent } from '@rakit/core';
import mysql from 'mysql2/promise';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, demoAppId, demoToken } from '../support/api';
import { ADMIN_PASSWORD, launchBrowser, newPage, snapshot } from '../support/browser';
import { accessibilityViolations } from '../support/axe';
import { DEMO_ADMIN, signInToDemo } from '../support/demo';
import { MARIADB } from '../support/mariadb';

/**
 * Issue 33: one administrator has the page editor open in two tabs (or two administrators one
 * page each) where the live socket cannot pass (a proxy that refuses WebSocket upgrades: here
 * the browser's socket is closed on the way), so each tab saves with saveApp. Each tab's save is
 * based on the page it loaded: a tab whose copy went stale merges the other's work before
 * saving, and asks when both changed the same thing. Nothing either saves is lost. (Live
 * editing, the usual case, is live-editing.spec.ts.)
 */
describe('two tabs edit one page', () => {
  const pageName = `Dua Tab ${Date.now().toString(36)}`;
  let browser: Browser;
  let first: Page;
  let second: Page;
  let pageId: number;
  let api: ReturnType<typeof apiAs>;

  const row = (tab: Page, title: string) => tab.locator(`[data-testid="editor-component"][data-title="${title}"]`);
  const saved = (tab: Page) => tab.getByTestId('sync-indicator').filter({ hasText: 'Saved' }).waitFor();
  const stored = async () => {
    const page = (await api<{ pageComponents: string }[]>('GET', `/get/getPage/${pageId}`)).data[0];
    return (JSON.parse(page?.pageComponents ?? '[]') as Component[]).map((c) => `${c.type}:${c.title}`);
  };
  async function relabel(tab: Page, from: string, to: string) {
    await row(tab, from).getByText(from).first().click();
    await tab.getByTestId('config-panel').getByLabel('Label').fill(to);
    await row(tab, to).waitFor();
  }

  beforeAll(async () => {
    api = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
    const appId = await demoAppId();
    const created = await api<{ pages: { pageId: number }[] }>('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName }] });
    pageId = created.data.pages[0]?.pageId as number;
    await api('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify([createComponent('input', 'nama', 'Nama')]) }] });
    browser = await launchBrowser();
    first = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    second = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    for (const tab of [first, second]) {
      await tab.context().routeWebSocket(/\/collab$/, (socket) => socket.close());
      await signInToDemo(tab);
      await tab.goto(`/demo/form-editor?page=${pageId}`);
      await row(tab, 'Nama').waitFor();
    }
  });
  afterAll(async () => { await browser.close(); });

  it('merges what the other tab saved into a stale tab\'s save, and tells which', async () => {
    await first.locator('[data-palette-type="text"]').click();
    await saved(first);
    expect(await stored()).toEqual(['input:Nama', 'text:Text 1']);

    // The second tab still shows the page without the text; its own addition must not remove it.
    expect(await row(second, 'Text 1').count()).toBe(0);
    await second.locator('[data-palette-type="button"]').click();
    // The same administrator in two tabs: the notice names who saved (here, himself).
    await second.getByText('Merged with the changes demo-admin saved').waitFor();
    await second.getByText('Added Text "Text 1"').waitFor();
    await row(second, 'Text 1').waitFor();
    await saved(second);
    expect(await stored()).toEqual(['input:Nama', 'text:Text 1', 'button:Button 1']);
  });

  it('asks when both tabs changed the same setting, and keeps the answer with both sides\' other changes', async () => {
    // The first tab is stale now: its relabel merges the second tab's button on the way.
    await relabel(first, 'Nama', 'Nama Depan');
    await saved(first);
    await row(first, 'Button 1').waitFor();
    expect(await stored()).toEqual(['input:Nama Depan', 'text:Text 1', 'button:Button 1']);

    await relabel(second, 'Nama', 'Nama Belakang');
    const dialog = second.getByRole('dialog', { name: 'demo-admin saved this page' });
    await dialog.waitFor();
    await dialog.getByText('Changed Text Input "Nama Depan": title').waitFor();
    await snapshot(second, 'co-editing-conflict');
    expect(await accessibilityViolations(second, '[role="dialog"]')).toEqual([]);
    // Nothing is saved while the question is open.
    expect(await stored()).toEqual(['input:Nama Depan', 'text:Text 1', 'button:Button 1']);
    await dialog.getByRole('radio', { name: 'Theirs: "Nama Depan"' }).check();
    await dialog.getByRole('button', { name: 'Keep both' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row(second, 'Nama Depan').waitFor();
    await saved(second);
    expect(await stored()).toEqual(['input:Nama Depan', 'text:Text 1', 'button:Button 1']);
  });

  it('keeps only his own version when he says so', async () => {
    await relabel(first, 'Nama Depan', 'Nama Tengah');
    await saved(first);
    await relabel(second, 'Nama Depan', 'Nama Akhir');
    const dialog = second.getByRole('dialog', { name: 'demo-admin saved this page' });
    await dialog.getByRole('button', { name: 'Keep only mine' }).click();
    await saved(second);
    expect(await stored()).toEqual(['input:Nama Akhir', 'text:Text 1', 'button:Button 1']);
  });
});

/**
 * The same race on a form (issue 33): two tabs edit one function. Changes to different fields
 * merge; the same field changed twice asks, and keeping theirs shows what they saved.
 */
describe('two tabs edit one function', () => {
  const fnName = `Dua Tab ${Date.now().toString(36)}`;
  let browser: Browser;
  let tabs: Page[];
  let api: ReturnType<typeof apiAs>;
  let slug: string;

  const stored = async () => (await api<{ name: string; content: string }>('GET', `/function/getFunction/${slug}`)).data;
  const nameField = (tab: Page) => tab.getByLabel('Function Name');
  const update = async (tab: Page) => {
    await tab.getByRole('button', { name: 'Update' }).click();
  };

  beforeAll(async () => {
    api = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
    const created = await api<{ slug: string }>('POST', '/function/saveFunction', {
      appId: await demoAppId(), name: fnName, parameter: [{ name: 'a', type: 'int' }], content: 'return a',
    });
    slug = created.data.slug;
    browser = await launchBrowser();
    tabs = [];
    for (const width of [1366, 390]) {
      const tab = await newPage(browser, { viewport: { width, height: 900 } });
      await signInToDemo(tab);
      await tab.goto('/demo/function');
      await tab.getByRole('navigation', { name: 'Functions' }).getByText(fnName).click();
      await tab.getByRole('heading', { name: `Edit ${fnName}` }).waitFor();
      tabs.push(tab);
    }
  });
  afterAll(async () => { await browser.close(); });

  it('merges a change to another field, and says what the other tab changed', async () => {
    const [first, second] = tabs as [Page, Page];
    await nameField(first).fill(`${fnName} A`);
    await update(first);
    await first.getByText('Function updated').waitFor();

    await second.getByTestId('function-code').locator('.cm-content').click();
    await second.keyboard.press('ControlOrMeta+End');
    await second.keyboard.insertText(' * 2');
    await update(second);
    await second.getByText('Merged with the changes demo-admin saved').waitFor();
    await second.getByText(`Function Name: "${fnName} A"`).waitFor();
    await second.getByText('Function updated').waitFor();
    expect(await stored()).toMatchObject({ name: `${fnName} A`, content: 'return a * 2' });
    await expect.poll(() => nameField(second).inputValue()).toBe(`${fnName} A`);
  });

  it('asks about a field both changed, and keeping theirs shows what they saved', async () => {
    const [first, second] = tabs as [Page, Page];
    await nameField(first).fill(`${fnName} B`);
    await update(first);
    await first.getByText('Function updated').last().waitFor();

    await nameField(second).fill(`${fnName} C`);
    await update(second);
    const dialog = second.getByRole('dialog', { name: 'demo-admin saved this function' });
    await dialog.getByRole('radio', { name: `Theirs: "${fnName} B"` }).waitFor();
    await snapshot(second, 'co-editing-function-phone');
    expect(await accessibilityViolations(second, '[role="dialog"]')).toEqual([]);
    // The keyboard answers it as a mouse does: the choice, then the button.
    await dialog.getByRole('radio', { name: `Theirs: "${fnName} B"` }).focus();
    await second.keyboard.press('ArrowUp');
    expect(await dialog.getByRole('radio', { name: `Yours: "${fnName} C"` }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Keep only theirs' }).click();
    await expect.poll(() => nameField(second).inputValue()).toBe(`${fnName} B`);
    expect(await stored()).toMatchObject({ name: `${fnName} B`, content: 'return a * 2' });
  });
});

/** Issue 33 on the menus screen: two tabs point one sub-menu at different pages. */
describe('two tabs point one menu at different pages', () => {
  const stamp = Date.now().toString(36);
  const parent = `Dua Tab ${stamp}`;
  const sub = `Laporan ${stamp}`;
  const pageNames = [`Harian ${stamp}`, `Bulanan ${stamp}`] as const;
  let browser: Browser;
  let tabs: Page[];
  let api: ReturnType<typeof apiAs>;
  let subId: number;

  const storedPage = async () => {
    const menus = (await api<{ menuId: number; submenu: { menuId: number; pageName: string }[] }[]>('GET', `/get/listMenu/${await demoAppId()}`)).data;
    return menus.flatMap((menu) => menu.submenu).find((menu) => menu.menuId === subId)?.pageName;
  };
  async function choosePage(tab: Page, pageName: string) {
    await tab.getByRole('row').filter({ hasText: sub }).getByRole('button', { name: `Select page for ${sub}` }).click();
    const search = tab.getByRole('dialog').getByRole('textbox', { name: 'Search' });
    await search.fill(pageName);
    // As a person does: Enter once the page is listed (the list loads as the dialog opens).
    await tab.getByRole('dialog').getByRole('radio', { name: pageName }).waitFor();
    await search.press('Enter');
  }

  beforeAll(async () => {
    api = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
    const appId = await demoAppId();
    for (const pageName of pageNames) await api('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName }] });
    const parentId = (await api<{ menuId: number }>('POST', '/save/saveMenu', { menuName: parent, menuAppId: appId })).data.menuId;
    subId = (await api<{ menuId: number }>('POST', '/save/saveMenu', { menuName: sub, menuAppId: appId, menuParentMenuId: parentId })).data.menuId;
    browser = await launchBrowser();
    tabs = [];
    for (let i = 0; i < 2; i++) {
      const tab = await newPage(browser, { viewport: { width: 1366, height: 900 } });
      await signInToDemo(tab);
      await tab.goto('/demo/menu');
      await tab.getByRole('button', { name: new RegExp(`^${parent} \\d+ sub-menus?`) }).click();
      await tab.getByRole('row').filter({ hasText: sub }).waitFor();
      tabs.push(tab);
    }
  });
  afterAll(async () => { await browser.close(); });

  it('shows the stale tab the page the other chose, and keeps his own when he says so', async () => {
    const [first, second] = tabs as [Page, Page];
    await choosePage(first, pageNames[0]);
    await first.getByText('Insert page success').waitFor();
    expect(await storedPage()).toBe(pageNames[0]);

    await choosePage(second, pageNames[1]);
    const dialog = second.getByRole('dialog', { name: 'demo-admin saved this menu' });
    await dialog.getByRole('radio', { name: `Theirs: "${pageNames[0]}"` }).waitFor();
    await dialog.getByRole('radio', { name: `Yours: "${pageNames[1]}"` }).waitFor();
    expect(await storedPage()).toBe(pageNames[0]);
    await dialog.getByRole('button', { name: 'Keep only mine' }).click();
    await second.getByText('Insert page success').waitFor();
    expect(await storedPage()).toBe(pageNames[1]);
    await second.getByRole('row').filter({ hasText: sub }).getByRole('button', { name: `Remove page ${pageNames[1]}` }).waitFor();
  });
});

/**
 * Issue 33 in the workflow editor without the live socket (a proxy that refuses the upgrade: the
 * browser's socket is closed on the way): two tabs add cards to one workflow by calls; neither
 * card is lost. (Drawing live is live-editing.spec.ts.)
 */
describe('two tabs draw one workflow', () => {
  let browser: Browser;
  let tabs: Page[];
  let api: ReturnType<typeof apiAs>;
  let workflowId: number;

  const storedAliases = async () =>
    (await api<{ actions: { actionAlias: string; x: number | null }[] }>('GET', `/action/getFlow/${workflowId}`)).data.actions.map((a) => a.actionAlias).sort();

  beforeAll(async () => {
    api = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
    const appId = await demoAppId();
    workflowId = (await api<{ chainId: number }>('POST', '/save/saveWorkflow', { chainId: null, chainAppId: appId, chainName: `Dua Tab ${Date.now().toString(36)}` })).data.chainId;
    await api('POST', '/save/saveAction', { actionId: null, actionChainId: workflowId, actionAlias: 'Mulai', addonName: 'http', actionParams: '{}' });
    browser = await launchBrowser();
    tabs = [];
    for (let i = 0; i < 2; i++) {
      const tab = await newPage(browser, { viewport: { width: 1366, height: 900 } });
      await tab.context().routeWebSocket(/\/collab$/, (socket) => socket.close());
      await signInToDemo(tab);
      await tab.goto(`/demo/workflow?workflow=${workflowId}`);
      await tab.locator('[data-testid="flow-card"][data-alias="Mulai"]').waitFor();
      tabs.push(tab);
    }
  });
  afterAll(async () => { await browser.close(); });

  it('merges the card the other tab added before saving its own', async () => {
    const [first, second] = tabs as [Page, Page];
    const addHttpCard = async (tab: Page, y: number) => {
      await tab.locator('[data-testid="palette-item"][data-label="HTTP Request"]').dragTo(tab.getByTestId('flow-canvas'), { targetPosition: { x: 380, y } });
      await tab.getByTestId('workflow-sync').filter({ hasText: 'Saved' }).waitFor();
    };
    await addHttpCard(first, 60);
    await expect.poll(storedAliases).toEqual(['HTTP Request', 'Mulai']);

    await addHttpCard(second, 260);
    await second.getByText('Merged with another builder\'s changes').waitFor();
    await expect.poll(() => second.locator('[data-testid="flow-card"][data-alias="HTTP Request"]').count()).toBe(2);
    await expect.poll(storedAliases).toEqual(['HTTP Request', 'HTTP Request', 'Mulai']);
    // Every card has its place stored: the stale tab's flow was saved after the merge.
    const placed = (await api<{ actions: { x: number | null }[] }>('GET', `/action/getFlow/${workflowId}`)).data.actions;
    await expect.poll(async () => (await api<{ actions: { x: number | null }[] }>('GET', `/action/getFlow/${workflowId}`)).data.actions.every((a) => a.x !== null)).toBe(true);
    expect(placed).toHaveLength(3);
  });
});

/** Issue 33 on a form saved through one call for create and edit: two tabs edit one connection. */
describe('two tabs edit one database connection', () => {
  const database = `rakit_e2e_race_${Date.now().toString(36)}`;
  let sql: mysql.Connection;
  let browser: Browser;
  let tabs: Page[];
  let api: ReturnType<typeof apiAs>;
  let dbId: number;

  // getDbConf's id is the application's (the spec's call): its connections, ours among them.
  const storedTimeLimit = async () =>
    (await api<{ dbId: number; dbTimeLimit: number | null }[]>('GET', `/get/getDbConf/${await demoAppId()}`)).data.find((db) => db.dbId === dbId)?.dbTimeLimit;
  async function setTimeLimit(tab: Page, seconds: string) {
    await tab.getByRole('row').filter({ hasText: database }).getByRole('button', { name: 'Edit database' }).click();
    await tab.getByRole('dialog').getByLabel('Time limit (seconds)').fill(seconds);
    await tab.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  }

  beforeAll(async () => {
    sql = await mysql.createConnection({ ...MARIADB, database: undefined });
    await sql.query(`CREATE DATABASE \`${database}\``);
    api = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
    const saved = await api<{ dbId: number }>('POST', '/save/saveDbConfig', {
      dbId: null, dbAppId: await demoAppId(), dbType: 'mysql', dbHost: MARIADB.host, dbPort: MARIADB.port, dbUser: MARIADB.user, dbPassword: MARIADB.password, dbDatabase: database,
    });
    if (!saved.status) throw new Error(`the connection was refused: ${saved.error?.join(', ')}`);
    dbId = saved.data.dbId;
    browser = await launchBrowser();
    tabs = [];
    for (let i = 0; i < 2; i++) {
      const tab = await newPage(browser, { viewport: { width: 1366, height: 900 } });
      await signInToDemo(tab);
      await tab.goto('/demo/database');
      await tab.getByRole('row').filter({ hasText: database }).waitFor();
      tabs.push(tab);
    }
  });
  afterAll(async () => {
    await browser.close();
    await api('DELETE', '/delete/deleteDbConfig', { dbId });
    await sql.query(`DROP DATABASE IF EXISTS \`${database}\``);
    await sql.end();
  });

  it('asks about the time limit both changed, and keeps his own when he says so', async () => {
    const [first, second] = tabs as [Page, Page];
    await setTimeLimit(first, '20');
    await first.getByText('Configuration Success').waitFor();
    expect(await storedTimeLimit()).toBe(20);

    await setTimeLimit(second, '45');
    const dialog = second.getByRole('dialog', { name: 'demo-admin saved this connection' });
    await dialog.getByRole('radio', { name: 'Theirs: 20' }).waitFor();
    expect(await storedTimeLimit()).toBe(20);
    await dialog.getByRole('button', { name: 'Keep only mine' }).click();
    await second.getByText('Configuration Success').waitFor();
    expect(await storedTimeLimit()).toBe(45);
  });
});
