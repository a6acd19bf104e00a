import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Component, createComponent, Messages } from '@rakit/core';
import mysql from 'mysql2/promise';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs, demoAppId, demoToken, menuForStaff } from '../support/api';
import { ADMIN_PASSWORD, launchBrowser, newPage, snapshot } from '../support/browser';
import { DEMO_ADMIN, DEMO_MEMBER, signInToDemo } from '../support/demo';
import { addMariaDbConnection, MARIADB } from '../support/mariadb';

/** Picks `option` in the Mantine select named `label` inside `scope`. */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A local service the workflow's HTTP step posts to; it keeps what it received. */
function receiver(): Promise<{ server: Server; url: string; received: unknown[]; keys: unknown[] }> {
  const received: unknown[] = [];
  const keys: unknown[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => { body += chunk.toString(); });
    request.on('end', () => {
      received.push(body === '' ? null : JSON.parse(body));
      keys.push(request.headers['x-hook-key']);
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ received: received.length }));
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received, keys }));
  });
}

/**
 * Issue 12's path: an author draws a workflow in the editor (a stored query that inserts into
 * MariaDB, then an HTTP request), builds it and attaches it to a trigger a page's button runs; a
 * member presses the button; the author reads the run, step by step, in the Runs panel. A step
 * that fails shows its error and the run is resumed from it.
 */
describe('a workflow drawn in the editor runs when a member presses a TRIGGER button', () => {
  const stamp = Date.now().toString(36);
  const table = `rakit_e2e_wf_${stamp}`;
  const workflowName = `Lapor ${stamp}`;
  const queryName = `Simpan laporan ${stamp}`;
  const triggerAlias = `lapor-wf-${stamp}`;
  const pageName = `Laporan WF ${stamp}`;
  const note = `Lampu mati ${stamp}`;
  /** The hook's key, a secret variable of the environment (issue 39): sent by the step, never shown in the run. */
  const hookKeyName = `HOOK_KEY_${stamp}`;
  const hookKey = `hk-secret-${stamp}`;
  let sql: mysql.Connection;
  let api: Api;
  let appId: number;
  let dbId: number;
  let queryId: number;
  let triggerId: number;
  let pageId: number;
  let workflowId: number;
  let hook: Awaited<ReturnType<typeof receiver>>;
  let browser: Browser;

  const rows = async () => (await sql.query(`SELECT isi FROM \`${table}\` ORDER BY id`))[0] as { isi: string }[];

  beforeAll(async () => {
    sql = await mysql.createConnection(MARIADB);
    await sql.query(`CREATE TABLE \`${table}\` (id INT AUTO_INCREMENT PRIMARY KEY, isi VARCHAR(200) NOT NULL UNIQUE)`);
    hook = await receiver();

    api = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
    appId = await demoAppId();
    dbId = await addMariaDbConnection(api, appId);
    const query = await api<{ actionId: number }>('POST', '/save/saveQuery', {
      actionId: null, actionDbId: dbId, actionName: queryName, actionSQLQuery: `INSERT INTO \`${table}\` (isi) VALUES (?)`,
    });
    expect(query.status).toBe(true);
    queryId = query.data.actionId;
    const trigger = await api<{ action: { actionId: number } }>('POST', '/action/saveTrigger', {
      triggerId: null, triggerAppId: appId, triggerAlias, triggerParams: JSON.stringify(['isi']),
    });
    expect(trigger.status).toBe(true);
    triggerId = trigger.data.action.actionId;
    expect((await api('POST', '/save/saveVariable', { appId, variableId: null, name: hookKeyName, secret: true, value: hookKey })).status).toBe(true);

    const created = await api<{ pages: { pageId: number }[] }>('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName }] });
    pageId = (created.data.pages[0] as { pageId: number }).pageId;
    const components: Component[] = [createComponent('input', 'isi', 'Isi'), createComponent('button', 'lapor', 'Lapor')];
    expect((await api('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify(components) }] })).status).toBe(true);
    await menuForStaff(api, appId, `Lapor WF ${stamp}`, [['Laporan', pageId]]);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => { hook?.server.close(resolve); });
    await sql?.query(`DROP TABLE IF EXISTS \`${table}\``);
    await sql?.end();
    if (workflowId !== undefined) await api('DELETE', '/delete/deleteWorkflow', { chainId: workflowId });
    if (dbId !== undefined) await api('DELETE', '/delete/deleteDbConfig', { dbId });
  });

  it('lets the author draw, configure and build the workflow', async () => {
    const page = await newPage(browser);
    await signInToDemo(page);
    await page.goto('/demo/workflow');
    await page.getByText('Please Select Workflow').waitFor();

    // Create New Workflow: the list reloads and the new workflow opens.
    await page.getByTestId('workflow-selector').click();
    await page.getByRole('option', { name: 'Create New Workflow' }).click();
    await page.getByRole('dialog').getByLabel('Workflow name').fill(workflowName);
    await page.getByRole('dialog').getByRole('button', { name: /save/i }).click();
    await page.waitForURL(/workflow=\d+/);
    workflowId = Number(new URL(page.url()).searchParams.get('workflow'));
    await page.getByTestId('workflow-selector').filter({ hasText: workflowName }).waitFor();
    const canvas = page.getByTestId('flow-canvas');
    await canvas.waitFor();

    // The stored query from the 'Action Query' list, and an HTTP card from the add-ons.
    await page.locator(`[data-testid="palette-item"][data-label="${queryName}"]`).dragTo(canvas, { targetPosition: { x: 80, y: 40 } });
    const queryCard = page.locator(`[data-testid="flow-card"][data-alias="${queryName}"]`);
    await queryCard.waitFor();
    await page.locator('[data-testid="palette-item"][data-label="HTTP Request"]').dragTo(canvas, { targetPosition: { x: 80, y: 260 } });
    const httpCard = page.locator('[data-testid="flow-card"][data-alias="HTTP Request"]');
    await httpCard.waitFor();
    // An add-on whose runtime is not there is listed, but cannot be dropped.
    for (const addon of (await api<{ label: string; available: boolean }[]>('GET', '/addon/listAddOn')).data) {
      expect(await page.locator(`[data-testid="palette-item"][data-label="${addon.label}"]`).isDisabled(), addon.label).toBe(!addon.available);
    }

    // Joined by dragging from the query's handle to the HTTP card's.
    await queryCard.locator('.react-flow__handle-bottom').dragTo(httpCard.locator('.react-flow__handle-top'));
    await expect.poll(() => page.locator('.react-flow__edge').count()).toBe(1);

    // The workflow listens to the stored trigger; the query is attached as the trigger action.
    await choose(page, page.locator('header[aria-label="Workflow editor"]'), 'Trigger', `#${triggerId} ${triggerAlias}`);
    await page.getByRole('button', { name: `Configure ${queryName}` }).click();
    let dialog = page.getByTestId('flow-config');
    await choose(page, dialog, 'Before', 'TRIGGER');
    // 'Insert From Template': the trigger's value ($0.isi) into the query's parameters.
    const params = dialog.getByRole('textbox', { name: 'params', exact: true });
    await expect.poll(() => dialog.getByTestId('validity-params').textContent()).toBe('Not Valid');
    await dialog.getByRole('button', { name: 'Insert From Template into params' }).click();
    const picker = page.getByTestId('template-picker');
    await choose(page, picker, 'Step', '$0 Trigger input');
    await choose(page, picker, 'Field', '.isi');
    await picker.getByRole('button', { name: 'Insert' }).click();
    await expect.poll(() => params.inputValue()).toBe('{{$0.isi}}');
    expect(await dialog.getByTestId('validity-params').textContent()).toBe('Valid');
    // The query takes a list of values: brackets are outside spec 1 §5's characters.
    await params.press('Home');
    await params.pressSequentially('["');
    await params.press('End');
    await params.pressSequentially('"]');
    expect(await dialog.getByTestId('validity-params').textContent()).toBe('Not Valid');
    await snapshot(page, 'workflow-config-query');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Configure HTTP Request' }).click();
    dialog = page.getByTestId('flow-config');
    await choose(page, dialog, 'method', 'POST');
    await dialog.getByRole('textbox', { name: 'url', exact: true }).fill(hook.url);
    await dialog.getByRole('textbox', { name: 'body', exact: true }).fill('{"isi": "{{$0.isi}}", "dari": "rakit"}');
    // The hook's key from the environment's variables, through Insert From Template.
    const headers = dialog.getByRole('textbox', { name: 'headers', exact: true });
    await headers.fill('{"X-Hook-Key": "');
    await dialog.getByRole('button', { name: 'Insert From Template into headers' }).click();
    const envPicker = page.getByTestId('template-picker');
    await choose(page, envPicker, 'Step', '$env Environment variables');
    await choose(page, envPicker, 'Variable', `${hookKeyName} (secret)`);
    await envPicker.getByRole('button', { name: 'Insert' }).click();
    await expect.poll(() => headers.inputValue()).toBe(`{"X-Hook-Key": "{{$env.${hookKeyName}}}`);
    await headers.press('End');
    await headers.pressSequentially('"}');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('workflow-sync').filter({ hasText: 'Saved' }).waitFor();

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Workflow saved').waitFor();
    await page.getByRole('button', { name: 'Build', exact: true }).click();
    await page.getByTestId('built-version').filter({ hasText: /Built version \d+/ }).waitFor();
    await snapshot(page, 'workflow-editor-built');

    const flow = await api<{ workflow: { chainTrigger: number; triggerActionId: number }; actions: { actionId: number; addonName: string; actionParams: string; x: number }[]; edges: { from: number; to: number }[] }>(
      'GET', `/action/getFlow/${workflowId}`);
    const query = flow.data.actions.find((a) => a.addonName === 'query');
    const http = flow.data.actions.find((a) => a.addonName === 'http');
    expect(JSON.parse(query?.actionParams ?? '{}')).toEqual({ queryId: String(queryId), params: '["{{$0.isi}}"]' });
    expect(flow.data.workflow).toMatchObject({ chainTrigger: triggerId, triggerActionId: query?.actionId });
    expect(flow.data.edges).toEqual([expect.objectContaining({ from: query?.actionId, to: http?.actionId })]);
    expect(typeof query?.x).toBe('number');
    await page.context().close();
  });

  it('lets the author put a TRIGGER button on a page', async () => {
    const page = await newPage(browser);
    await signInToDemo(page);
    await page.goto(`/demo/form-editor?page=${pageId}`);
    await page.locator('[data-testid="editor-component"][data-title="Lapor"]').getByText('Lapor').first().click();
    const panel = page.getByTestId('config-panel');
    const dialog = page.getByRole('dialog');
    await panel.getByRole('button', { name: 'Add Action' }).click();
    await choose(page, dialog, 'Action type', 'TRIGGER');
    await dialog.getByLabel('Name', { exact: true }).fill('Lapor');
    await choose(page, dialog, 'Stored trigger', `#${triggerId} ${triggerAlias}`);
    await choose(page, dialog, 'Source of parameter 1', 'Isi');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('sync-indicator').filter({ hasText: 'Saved' }).waitFor();
    await page.context().close();
  });

  it('runs the workflow when a member presses the button: the row lands in MariaDB', async () => {
    const page = await newPage(browser);
    await signInToDemo(page, DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
    await page.goto(`/demo/staff/laporan-wf-${stamp}`);
    await page.getByRole('heading', { name: pageName }).waitFor();
    await page.getByLabel('Isi').fill(note);
    await page.getByRole('button', { name: 'Lapor', exact: true }).click();
    await page.getByText(new RegExp(`${Messages.actionSucceeded}\\. Workflow run #\\d+ succeeded`)).waitFor();
    await snapshot(page, 'workflow-member-ran');
    expect(await rows()).toEqual([{ isi: note }]);
    expect(hook.received).toEqual([{ isi: note, dari: 'rakit' }]);
    expect(hook.keys).toEqual([hookKey]);
    await page.context().close();
  });

  it('shows the author the run with each step\'s input and output', async () => {
    const page = await newPage(browser);
    await signInToDemo(page);
    // The page editor's workflow selector opens the workflow in the workflow editor (spec 1 §4).
    await page.goto('/demo/form-editor');
    await page.getByTestId('workflow-selector').click();
    await page.getByRole('option', { name: workflowName }).click();
    await page.waitForURL(`**/demo/workflow?workflow=${workflowId}`);
    const panel = page.getByTestId('runs-panel');
    await panel.locator('[data-testid="run-row"][data-status="succeeded"]').first().waitFor();
    expect(await panel.getByTestId('run-row').first().textContent()).toContain(`Trigger #${triggerId}`);
    const detail = panel.getByTestId('run-detail');
    const querySteps = detail.locator(`[data-testid="step-row"][data-alias="${queryName}"]`);
    const httpStep = detail.locator('[data-testid="step-row"][data-alias="HTTP Request"]');
    expect(await querySteps.getAttribute('data-status')).toBe('succeeded');
    expect(await httpStep.getAttribute('data-status')).toBe('succeeded');
    await querySteps.getByRole('button', { name: 'Input' }).click();
    await expect.poll(() => querySteps.getByTestId('json-Input').textContent()).toContain(note);
    await httpStep.getByRole('button', { name: 'Input' }).click();
    await expect.poll(() => httpStep.getByTestId('json-Input').textContent()).toContain(hook.url);
    // The secret the step sent is masked in its recorded input.
    expect(await httpStep.getByTestId('json-Input').textContent()).toContain('••••••');
    expect(await page.content()).not.toContain(hookKey);
    await httpStep.getByRole('button', { name: 'Output' }).click();
    await expect.poll(() => httpStep.getByTestId('json-Output').textContent()).toContain('received');
    await snapshot(page, 'workflow-runs-panel');
    await page.context().close();
  });

  it('shows a failing step\'s error, and the run resumes from it', async () => {
    // The same value again: the query's UNIQUE column refuses it.
    const member = await newPage(browser);
    await signInToDemo(member, DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
    await member.goto(`/demo/staff/laporan-wf-${stamp}`);
    await member.getByLabel('Isi').fill(note);
    await member.getByRole('button', { name: 'Lapor', exact: true }).click();
    await member.getByText(/Failed to perform the operation\. Workflow run #\d+ failed/).waitFor();
    await member.context().close();

    const page = await newPage(browser);
    await signInToDemo(page);
    await page.goto(`/demo/workflow?workflow=${workflowId}`);
    const panel = page.getByTestId('runs-panel');
    await panel.locator('[data-testid="run-row"]').first().and(panel.locator('[data-status="failed"]')).waitFor();
    const failedStep = panel.getByTestId('run-detail').locator(`[data-testid="step-row"][data-alias="${queryName}"]`);
    expect(await failedStep.getAttribute('data-status')).toBe('failed');
    expect(await failedStep.getByTestId('step-error').textContent()).toMatch(/Duplicate/i);
    expect(await panel.getByTestId('run-detail').locator('[data-testid="step-row"][data-alias="HTTP Request"]').getAttribute('data-status')).not.toBe('succeeded');
    await snapshot(page, 'workflow-run-failed');

    // The author clears the row in the way, then resumes the run at its failed step.
    await sql.query(`DELETE FROM \`${table}\``);
    await panel.getByRole('button', { name: 'Re-run from failed step' }).click();
    await panel.getByTestId('run-detail').locator('[data-testid="step-row"][data-status="succeeded"]').nth(1).waitFor();
    expect(await rows()).toEqual([{ isi: note }]);
    expect(hook.received).toHaveLength(2);
    await page.context().close();
  });

  it('lets the author run the workflow from the editor with the values of $0, or from one of its actions', async () => {
    const page = await newPage(browser);
    await signInToDemo(page);
    await page.goto(`/demo/workflow?workflow=${workflowId}`);
    const panel = page.getByTestId('runs-panel');
    await panel.getByTestId('run-row').first().waitFor();
    const before = hook.received.length;

    await panel.getByRole('button', { name: 'Run', exact: true }).click();
    let dialog = page.getByRole('dialog', { name: 'Run the workflow' });
    await dialog.getByLabel('$0.isi').fill(`Dari editor ${stamp}`);
    await dialog.getByRole('button', { name: 'Run', exact: true }).click();
    await page.getByText(/Run #\d+ succeeded/).first().waitFor();
    await expect.poll(() => panel.getByTestId('run-row').first().textContent()).toContain('Editor by demo-admin');
    expect((await rows()).map((r) => r.isi)).toContain(`Dari editor ${stamp}`);

    // From the HTTP card onward: the query is not run again.
    await panel.getByRole('button', { name: 'Run', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'Run the workflow' });
    await choose(page, dialog, 'Start from', 'HTTP Request');
    await dialog.getByLabel('$0.isi').fill(`Hanya kirim ${stamp}`);
    await dialog.getByRole('button', { name: 'Run', exact: true }).click();
    await expect.poll(() => hook.received.length).toBe(before + 2);
    expect(hook.received.at(-1)).toEqual({ isi: `Hanya kirim ${stamp}`, dari: 'rakit' });
    expect((await rows()).map((r) => r.isi)).not.toContain(`Hanya kirim ${stamp}`);
    await page.context().close();
  });

  it('lets the author work the canvas from the keyboard: add, branch, Delete with a question, undo and redo', async () => {
    const page = await newPage(browser);
    await signInToDemo(page);
    await page.goto('/demo/workflow');
    await page.getByTestId('workflow-selector').click();
    await page.getByRole('option', { name: 'Create New Workflow' }).click();
    await page.getByRole('dialog').getByLabel('Workflow name').fill(`Coret ${stamp}`);
    await page.getByRole('dialog').getByRole('button', { name: /save/i }).click();
    await page.waitForURL(/workflow=\d+/);
    const scratchId = Number(new URL(page.url()).searchParams.get('workflow'));
    await page.getByTestId('flow-canvas').waitFor();

    // Enter on a palette item adds its card without dragging.
    await page.getByRole('button', { name: 'Add Condition' }).press('Enter');
    await page.locator('[data-testid="flow-card"][data-alias="Condition"]').waitFor();
    await page.getByRole('button', { name: 'Add Set Variable' }).press('Enter');
    const variable = page.locator('[data-testid="flow-card"][data-alias="Set Variable"]');
    await variable.waitFor();

    // Attached after the Condition's true side from its Flow Configuration.
    await page.getByRole('button', { name: 'Configure Set Variable' }).click();
    const dialog = page.getByTestId('flow-config');
    await choose(page, dialog, 'Before', 'Condition (true)');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.locator('.react-flow__edge-text').allTextContents()).toEqual(['true']);
    await page.getByTestId('workflow-sync').filter({ hasText: 'Saved' }).waitFor();
    type Flow = { actions: { actionId: number; actionAlias: string }[]; edges: { from: number; to: number; branch: string | null }[] };
    const flowOf = async () => (await api<Flow>('GET', `/action/getFlow/${scratchId}`)).data;
    expect((await flowOf()).edges).toEqual([expect.objectContaining({ branch: 'true' })]);

    // The arrow keys move a selected card, saved as its place.
    const xOf = async () => (await api<{ actions: { actionAlias: string; x: number }[] }>('GET', `/action/getFlow/${scratchId}`)).data.actions.find((a) => a.actionAlias === 'Set Variable')?.x;
    const startX = await xOf();
    await variable.click();
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowRight');
    await expect.poll(xOf).toBe((startX ?? 0) + 20);

    // Delete asks first; the card and its edge go.
    await variable.click();
    await page.keyboard.press('Delete');
    await page.getByText('Are you sure to delete this action?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await variable.waitFor({ state: 'detached' });
    await page.getByTestId('workflow-sync').filter({ hasText: 'Saved' }).waitFor();
    await expect.poll(async () => (await flowOf()).actions.map((a) => a.actionAlias)).toEqual(['Condition']);

    // Undo brings it back with its edge (saved again under a new id); redo takes it away again.
    await page.getByTestId('flow-canvas').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+z');
    await variable.waitFor();
    await page.getByTestId('workflow-sync').filter({ hasText: 'Saved' }).waitFor();
    await expect.poll(async () => (await flowOf()).edges.map((e) => e.branch)).toEqual(['true']);
    expect((await flowOf()).actions.map((a) => a.actionAlias).sort()).toEqual(['Condition', 'Set Variable']);
    await page.keyboard.press('Control+Shift+z');
    await variable.waitFor({ state: 'detached' });
    await expect.poll(async () => (await flowOf()).actions.map((a) => a.actionAlias)).toEqual(['Condition']);
    await snapshot(page, 'workflow-keyboard');

    // The workflow goes with its actions; the selector is empty again.
    await page.getByRole('button', { name: 'Delete workflow' }).click();
    await page.getByText(`Are you sure to delete the workflow Coret ${stamp}`).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('workflow-selector').getByText('Please Select Workflow').waitFor();
    expect((await api('GET', `/action/getFlow/${scratchId}`)).httpStatus).toBe(404);
    await page.context().close();
  });
});
