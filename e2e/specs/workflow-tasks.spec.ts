import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Api, apiAs, demoAppId, demoToken } from '../support/api';
import { accessibilityViolations } from '../support/axe';
import { ADMIN_PASSWORD, browserPageForSuite, snapshot } from '../support/browser';
import { DEMO_ADMIN, DEMO_MEMBER, signInToDemo } from '../support/demo';
import { tabTo } from '../support/keyboard';

/**
 * A person in the loop (issue 37): a purchase waits for the demo's member to approve it. He sees
 * "Tasks" with a count in the runtime's menu, reads the message built from the run, approves with
 * a comment, and the run goes on along the approved branch; a Wait for Input asks him how many
 * arrived, and his number is the next step's. On a phone too.
 */
describe('a member answers the tasks a workflow gives him', () => {
  const suite = browserPageForSuite();
  const page = (): Page => suite.page;
  const stamp = Date.now().toString(36);
  let api: Api;

  const entry = () => page().getByTestId('tasks-entry');
  const dialog = () => page().getByRole('dialog', { name: 'Your tasks' });
  const card = (message: string) => dialog().getByRole('article', { name: message });

  /** A built workflow of the demo: the steps in a row, each after the one before it. */
  async function workflow(name: string, steps: { alias: string; addonName: string; params: Record<string, string> }[]): Promise<number> {
    const workflowId = (await api<{ chainId: number }>('POST', '/save/saveWorkflow', { chainId: null, chainAppId: await demoAppId(), chainName: name, chainTrigger: null })).data.chainId;
    const ids: number[] = [];
    for (const step of steps) {
      const saved = await api<{ actionId: number }>('POST', '/save/saveAction', { actionId: null, actionChainId: workflowId, actionAlias: step.alias, addonName: step.addonName, actionParams: JSON.stringify(step.params) });
      ids.push(saved.data.actionId);
    }
    expect((await api('POST', '/save/saveFlow', { workflowId, flow: ids.slice(1).map((id, index) => [ids[index], id]) })).status).toBe(true);
    expect((await api('POST', `/action/buildWorkflow/${workflowId}`)).status).toBe(true);
    return workflowId;
  }
  const start = async (workflowId: number, params: Record<string, string>) =>
    (await api<{ runId: number; status: string }>('POST', `/action/runWorkflow/${workflowId}`, { params })).data;
  const runOf = async (runId: number) =>
    (await api<{ status: string; steps: { output: unknown }[] }>('GET', `/action/workflowRun/${runId}`)).data;

  it('shows the member his task in the menu, with how many wait', async () => {
    api = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
    const purchase = await workflow(`Pembelian ${stamp}`, [
      { alias: 'Approve', addonName: 'approval', params: { assignee: DEMO_MEMBER, message: `Setujui pembelian ${stamp} {{$0.item}}?`, deadlineHours: '48' } },
      { alias: 'Record', addonName: 'variable', params: { values: '{"decision": "{{$1.decision}}", "by": "{{$1.answeredBy}}"}' } },
    ]);
    const run = await start(purchase, { item: 'laptop' });
    expect(run.status).toBe('started');
    await signInToDemo(page(), DEMO_MEMBER, ADMIN_PASSWORD, '**/demo/staff');
    await entry().waitFor();
    expect(await entry().getAttribute('aria-label')).toBe('Tasks, 1 waiting');
    await entry().click();
    const message = `Setujui pembelian ${stamp} laptop?`;
    await card(message).waitFor();
    await card(message).getByText(`Pembelian ${stamp} · run #${run.runId}`).waitFor();
    await card(message).getByText(/^Answer by /).waitFor();
    expect(await accessibilityViolations(page(), '[role=dialog]')).toEqual([]);
    await snapshot(page(), 'workflow-tasks-approval');

    await card(message).getByLabel('Comment (optional)').fill('Sesuai anggaran');
    await card(message).getByRole('button', { name: 'Approve' }).click();
    await page().getByText('Your answer is sent: the workflow goes on').waitFor();
    await card(message).waitFor({ state: 'detached' });
    await dialog().getByText('No task waits for you.').waitFor();
    await expect.poll(async () => (await runOf(run.runId)).status).toBe('succeeded');
    expect((await runOf(run.runId)).steps[1]!.output).toEqual({ decision: 'approved', by: DEMO_MEMBER });
    // The dialog's own Close at its foot (its corner's × is named Close too).
    await dialog().getByRole('button', { name: 'Close' }).last().click();
    await entry().waitFor({ state: 'detached' });
  });

  it('lets him reject one by keyboard alone', async () => {
    const purchase = await workflow(`Pembelian kunci ${stamp}`, [
      { alias: 'Approve', addonName: 'approval', params: { assignee: DEMO_MEMBER, message: `Beli kunci ${stamp}?` } },
    ]);
    const run = await start(purchase, {});
    await page().reload();
    await entry().waitFor();
    await entry().focus();
    await page().keyboard.press('Enter');
    await card(`Beli kunci ${stamp}?`).waitFor();
    await tabTo(page(), 'Reject');
    await page().keyboard.press('Enter');
    await page().getByText('Your answer is sent: the workflow goes on').waitFor();
    await expect.poll(async () => (await runOf(run.runId)).status).toBe('succeeded');
    await page().keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
  });

  it('takes his number in a Wait for Input form, on a phone', async () => {
    const count = await workflow(`Penerimaan ${stamp}`, [
      { alias: 'Count', addonName: 'input', params: { assignee: DEMO_MEMBER, message: `Berapa dus ${stamp} yang datang?`, fields: '{"received": "number", "damaged": "boolean"}' } },
      { alias: 'Record', addonName: 'variable', params: { values: '{"received": "{{$1.values.received}}"}' } },
    ]);
    const run = await start(count, {});
    await page().setViewportSize({ width: 390, height: 844 });
    await page().reload();
    // On a phone the menu starts folded: its button opens it.
    await page().getByRole('button', { name: 'Toggle menu' }).click();
    await entry().click();
    const message = `Berapa dus ${stamp} yang datang?`;
    await card(message).getByLabel('received').fill('banyak');
    await card(message).getByRole('button', { name: 'Send' }).click();
    await page().getByText(/The form asks for: received \(number\), damaged \(boolean\)/).waitFor();
    await card(message).getByLabel('received').fill('12');
    await card(message).getByLabel('damaged').check();
    expect(await page().evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await accessibilityViolations(page(), '[role=dialog]')).toEqual([]);
    await snapshot(page(), 'workflow-tasks-form-phone');
    await card(message).getByRole('button', { name: 'Send' }).click();
    await page().getByText('Your answer is sent: the workflow goes on').waitFor();
    await expect.poll(async () => (await runOf(run.runId)).status).toBe('succeeded');
    expect((await runOf(run.runId)).steps[1]!.output).toEqual({ received: 12 });
  });
});
