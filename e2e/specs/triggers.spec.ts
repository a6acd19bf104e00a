import { type Component, createComponent, Messages } from '@rakit/core';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs, demoAppId, demoToken, menuForStaff } from '../support/api';
import { ADMIN_PASSWORD, baseUrl, launchBrowser, newPage, snapshot } from '../support/browser';
import { DEMO_ADMIN, DEMO_MEMBER, signInToDemo } from '../support/demo';

/** Picks `option` in the Mantine select named `label` inside `scope`. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

interface Run { runId: number; userId: string; status: string; params: Record<string, unknown> }

describe('a button runs a stored trigger with a member\'s value', () => {
  const stamp = Date.now().toString(36);
  const pageName = `Catatan ${stamp}`;
  const note = `Pipa bocor di blok ${stamp}`;
  let api: Api;
  let pageId: number;
  let triggerId: number;
  let browser: Browser;

  const openButtonConfig = async (page: Page) => {
    await page.goto(`/demo/form-editor?page=${pageId}`);
    await page.locator('[data-testid="editor-component"][data-title="Kirim"]').getByText('Kirim').first().click();
    return page.getByTestId('config-panel');
  };

  beforeAll(async () => {
    api = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
    const appId = await demoAppId();
    const created = await api<{ pages: { pageId: number }[] }>('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName }] });
    pageId = (created.data.pages[0] as { pageId: number }).pageId;
    const components: Component[] = [createComponent('input', 'catatan', 'Catatan'), createComponent('button', 'kirim', 'Kirim')];
    expect((await api('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify(components) }] })).status).toBe(true);
    await menuForStaff(api, appId, `Laporan ${stamp}`, [['Catatan', pageId]]);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('lets the author add a TRIGGER action, save the trigger and the page', async () => {
    const page = await newPage(browser);
    await signInToDemo(page);
    const panel = await openButtonConfig(page);
    await panel.getByText('No actions yet: a click does nothing.').waitFor();
    const dialog = page.getByRole('dialog');

    await panel.getByRole('button', { name: 'Add Action' }).click();
    await choose(page, dialog, 'Action type', 'TRIGGER');
    await dialog.getByLabel('Name', { exact: true }).fill('Lapor');
    await dialog.getByLabel('Alias', { exact: true }).fill(`lapor-${stamp}`);
    await dialog.getByRole('button', { name: 'Add parameter' }).click();
    // Spaces are dropped from parameter names as they are typed (spec 2 §5).
    await dialog.getByLabel('Name of parameter 1').pressSequentially('isi catatan');
    expect(await dialog.getByLabel('Name of parameter 1').inputValue()).toBe('isicatatan');
    await choose(page, dialog, 'Source of parameter 1', 'Catatan');
    await dialog.getByRole('button', { name: 'Add parameter' }).click();
    await dialog.getByLabel('Name of parameter 2').fill('pelapor');
    await choose(page, dialog, 'Source of parameter 2', 'Signed-in user');
    await dialog.getByRole('button', { name: 'Save Trigger' }).click();
    await page.getByText(/Trigger saved \(#\d+\)/).waitFor();
    await dialog.getByRole('button', { name: 'Update Trigger' }).waitFor();
    await snapshot(page, 'triggers-dialog');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('sync-indicator').filter({ hasText: 'Saved' }).waitFor();

    const stored = (await api<{ pageComponents: string }[]>('GET', `/get/getPage/${pageId}`)).data;
    const button = (JSON.parse(stored[0]?.pageComponents ?? '[]') as Component[]).find((c) => c.id === 'kirim');
    const [action] = button?.custom_action as { action: string; raw: { id: number; params: { name: string; source: string }[] } }[];
    expect(action?.action).toBe('TRIGGER');
    triggerId = action?.raw.id as number;
    expect(action?.raw.params.map((p) => [p.name, p.source])).toEqual([['isicatatan', 'catatan'], ['pelapor', '--userId--']]);
    const listed = await api<{ triggerId: number; triggerAlias: string; triggerParams: string[] }[]>('GET', `/action/listTriggers/${await demoAppId()}`);
    expect(listed.data.find((t) => t.triggerId === triggerId)).toEqual(expect.objectContaining({ triggerAlias: `lapor-${stamp}`, triggerParams: ['isicatatan', 'pelapor'] }));
    await page.context().close();
  });

  it('lets the author pick the stored trigger in another action', async () => {
    const page = await newPage(browser);
    await signInToDemo(page);
    const panel = await openButtonConfig(page);
    const dialog = page.getByRole('dialog');
    await panel.getByRole('button', { name: 'Add Action' }).click();
    await choose(page, dialog, 'Action type', 'TRIGGER');
    await choose(page, dialog, 'Stored trigger', `#${triggerId} lapor-${stamp}`);
    expect(await dialog.getByLabel('Name of parameter 1').inputValue()).toBe('isicatatan');
    expect(await dialog.getByLabel('Name of parameter 2').inputValue()).toBe('pelapor');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('refuses to test a request to 127.0.0.1 from the server', async () => {
    const page = await newPage(browser);
    await signInToDemo(page);
    const panel = await openButtonConfig(page);
    const dialog = page.getByRole('dialog');
    await panel.getByRole('button', { name: 'Add Action' }).click();
    await choose(page, dialog, 'Action type', 'REQUEST');
    // The Rakit server itself listens on 127.0.0.1: a loopback address.
    await dialog.getByLabel('URL', { exact: true }).fill(new URL('/get/getApp/slug/demo', baseUrl()).toString());
    await dialog.getByRole('button', { name: 'Test', exact: true }).click();
    const result = dialog.getByTestId('request-test-result');
    await result.getByText(Messages.requestAddressRefusedAt.split(': {host}')[0] ?? '', { exact: false }).waitFor();
    expect(await result.textContent()).toContain('127.0.0.1');
    await snapshot(page, 'request-test-refused');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.context().close();
  });

  it('queues the member\'s run with his value and his user id', async () => {
    const page = await newPage(browser);
    await signInToDemo(page, DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
    await page.goto(`/demo/staff/catatan-${stamp}`);
    await page.getByRole('heading', { name: pageName }).waitFor();
    await page.getByLabel('Catatan').fill(note);
    await page.getByRole('button', { name: 'Kirim' }).click();
    await page.getByText(Messages.actionSucceeded).waitFor();
    await snapshot(page, 'triggers-member-ran');

    const runs = await api<Run[]>('GET', `/action/triggerRuns/${triggerId}`);
    expect(runs.httpStatus).toBe(200);
    expect(runs.data[0]).toMatchObject({ userId: DEMO_MEMBER, status: 'queued', params: { isicatatan: note, pelapor: DEMO_MEMBER } });
    await page.context().close();
  });
});
