import { createHmac } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Api, apiAs, builtDemoWorkflow, demoAppId, demoToken, openDemoWorkflow } from '../support/api';
import { accessibilityViolations } from '../support/axe';
import { ADMIN_PASSWORD, baseUrl, browserPageForSuite, snapshot } from '../support/browser';
import { confirmRemoval, DEMO_ADMIN } from '../support/demo';

/**
 * Incoming webhooks (issue 37): the demo's administrator adds a signed webhook to a built
 * workflow, copies its secret from the dialog that shows it once, and a payment gateway's call
 * signed with it starts a run the Runs panel shows as the hook's; a call signed with anything else
 * is refused and the hook's latest calls say why. A new secret refuses the old one.
 */
describe('an administrator lets another system start a workflow', () => {
  const suite = browserPageForSuite();
  const page = (): Page => suite.page;
  const stamp = Date.now().toString(36);
  const hookName = `Gerbang bayar ${stamp}`;
  let api: Api;
  let workflowId = 0;
  let secret = '';
  let address = '';

  const panel = () => page().getByTestId('hooks-panel');
  const card = () => panel().getByRole('article', { name: hookName });
  /** A call as the gateway makes it: the body signed with `key` at the current second. */
  const gatewayCall = (key: string, body: string) => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = `sha256=${createHmac('sha256', key).update(`${timestamp}.${body}`).digest('hex')}`;
    return fetch(address, { method: 'POST', headers: { 'content-type': 'application/json', 'x-rakit-timestamp': timestamp, 'x-rakit-signature': signature }, body });
  };

  it('adds a signed webhook to a built workflow and shows its secret once', async () => {
    api = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
    workflowId = await builtDemoWorkflow(api, `Pembayaran ${stamp}`, '{"order": "{{$0.order}}"}');
    await openDemoWorkflow(page(), workflowId);
    await panel().waitFor();
    await panel().getByText('No webhook yet').waitFor();
    await panel().getByRole('button', { name: 'Add webhook' }).click();
    const dialog = page().getByRole('dialog', { name: 'Add webhook' });
    await dialog.getByLabel('Name').fill(hookName);
    expect(await dialog.getByRole('combobox', { name: 'The caller proves it holds the secret by' }).inputValue()).toBe('Signing each call (HMAC-SHA256)');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();

    await page().getByRole('dialog', { name: 'Copy the webhook\'s secret now' }).waitFor();
    secret = (await page().getByTestId('shown-once-secret').textContent()) ?? '';
    expect(secret).toMatch(/^rkh_[A-Za-z0-9_-]{43}$/);
    expect(await accessibilityViolations(page(), '[role=dialog]')).toEqual([]);
    await snapshot(page(), 'workflow-hooks-secret');
    await page().getByRole('button', { name: 'Done' }).click();

    await card().waitFor();
    address = (await card().getByLabel('Address', { exact: true }).textContent()) ?? '';
    expect(address).toMatch(new RegExp(`^${baseUrl().replace(/\/$/, '')}/hook/demo/[a-z0-9]{24}$`));
    await card().getByText('Not called yet').waitFor();
    expect(await page().content()).not.toContain(secret);
  });

  it('starts a run when the gateway calls with a good signature, and refuses a bad one', async () => {
    const accepted = await gatewayCall(secret, JSON.stringify({ order: 'INV-2026-0042' }));
    expect(accepted.status).toBe(202);
    const runId = ((await accepted.json()) as { data: { runId: number } }).data.runId;
    expect((await gatewayCall('rkh_guessed', JSON.stringify({ order: 'INV-FAKE' }))).status).toBe(401);

    await page().reload();
    await card().waitFor();
    await card().getByText('Refused: wrong signature').waitFor();
    await card().getByText('Accepted').waitFor();
    await card().getByText(`run #${runId}`).waitFor();
    const runs = page().getByTestId('runs-panel');
    await runs.getByRole('row').filter({ hasText: `Webhook ${hookName}` }).first().waitFor();
    await snapshot(page(), 'workflow-hooks-calls');
  });

  it('gives the hook a new secret: the old one is refused', async () => {
    await card().getByRole('button', { name: `New secret for ${hookName}` }).click();
    await confirmRemoval(page(), `Give ${hookName} a new secret?`, 'New secret');
    await page().getByRole('dialog', { name: 'Copy the webhook\'s secret now' }).waitFor();
    const renewed = (await page().getByTestId('shown-once-secret').textContent()) ?? '';
    expect(renewed).not.toBe(secret);
    await page().getByRole('button', { name: 'Done' }).click();
    expect((await gatewayCall(secret, JSON.stringify({ order: 'INV-OLD' }))).status).toBe(401);
    expect((await gatewayCall(renewed, JSON.stringify({ order: 'INV-NEW' }))).status).toBe(202);
    secret = renewed;
  });

  it('asks for the fields the gateway must send, and refuses a body without them', async () => {
    await card().getByRole('button', { name: `Edit ${hookName}` }).click();
    const dialog = page().getByRole('dialog', { name: 'Edit webhook' });
    await dialog.getByRole('button', { name: 'Add field' }).click();
    await dialog.getByRole('textbox', { name: 'Field' }).fill('order');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page().getByText('Webhook saved').waitFor();
    await card().getByText('Takes: order (Text, Required)').waitFor();
    const refused = await gatewayCall(secret, JSON.stringify({ amount: 150000 }));
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string[] }).error[0]).toContain('order (required)');
    await page().reload();
    await card().getByText('Refused: fields not as the webhook asks').waitFor();
  });

  it('fits a phone', async () => {
    await page().setViewportSize({ width: 390, height: 844 });
    await card().scrollIntoViewIfNeeded();
    expect(await page().evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await accessibilityViolations(page(), '[data-testid=hooks-panel]')).toEqual([]);
    await snapshot(page(), 'workflow-hooks-phone');
    await page().setViewportSize({ width: 1366, height: 900 });
  });

  it("gives a Send Webhook step of another workflow the hook's secret: its run starts this one", async () => {
    const senderId = (await api<{ chainId: number }>('POST', '/save/saveWorkflow', { chainId: null, chainAppId: await demoAppId(), chainName: `Kabari kasir ${stamp}`, chainTrigger: null })).data.chainId;
    const step = { actionId: null, actionChainId: senderId, actionAlias: 'Kabari', addonName: 'webhook', actionParams: JSON.stringify({ url: address, body: '{"order": "INV-FROM-STEP"}' }) };
    expect((await api('POST', '/save/saveAction', step)).status).toBe(true);
    expect((await api('POST', `/action/buildWorkflow/${senderId}`)).status).toBe(true);
    await page().goto(`/demo/workflow?workflow=${senderId}`);
    await page().getByRole('button', { name: 'Configure Kabari' }).click();
    const dialog = page().getByTestId('flow-config');
    const section = dialog.getByTestId('step-secret');
    await section.getByText('No secret yet: the step fails until one is set').waitFor();
    await section.getByRole('button', { name: "Use the receiver's secret" }).click();
    const save = section.getByRole('button', { name: 'Save secret' });
    await section.getByLabel("The receiver's secret").fill('too short');
    expect(await save.isDisabled()).toBe(true);
    await section.getByLabel("The receiver's secret").fill(secret);
    await save.click();
    await page().getByText('The signing secret is saved').waitFor();
    await section.getByText(/^Set /).waitFor();
    expect(await accessibilityViolations(page(), '[data-testid="flow-config"]')).toEqual([]);
    await snapshot(page(), 'workflow-step-secret');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await page().content()).not.toContain(secret);

    const sent = await api<{ status: string; output: { status: number; body: { data: { runId: number } } } }>('POST', `/action/runWorkflow/${senderId}`, { params: {} });
    expect(sent.data.status).toBe('succeeded');
    expect(sent.data.output.status).toBe(202);
    const started = await api<{ input: unknown }>('GET', `/action/workflowRun/${sent.data.output.body.data.runId}`);
    expect(started.data.input).toEqual({ order: 'INV-FROM-STEP' });
    await page().goto(`/demo/workflow?workflow=${workflowId}`);
  });

  it('removes the webhook: its address answers 404', async () => {
    await card().getByRole('button', { name: `Remove ${hookName}` }).click();
    await confirmRemoval(page(), `Remove the webhook ${hookName}?`, 'Remove');
    await page().getByText('Webhook removed').waitFor();
    await card().waitFor({ state: 'detached' });
    expect((await gatewayCall(secret, '{}')).status).toBe(404);
  });
});
