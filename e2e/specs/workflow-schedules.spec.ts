import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Api, apiAs, builtDemoWorkflow, demoToken, openDemoWorkflow } from '../support/api';
import { accessibilityViolations } from '../support/axe';
import { ADMIN_PASSWORD, browserPageForSuite, snapshot } from '../support/browser';
import { confirmRemoval, DEMO_ADMIN } from '../support/demo';
import { tabTo } from '../support/keyboard';

/**
 * Schedules (issue 37): the demo's administrator makes a built workflow run every Monday at 08:30
 * in the application's time zone (Asia/Jakarta), reading its next five runs as he chooses; a cron
 * expression that is none is refused; he turns the schedule off, then removes it.
 */
describe('an administrator schedules a workflow', () => {
  const suite = browserPageForSuite();
  const page = (): Page => suite.page;
  const stamp = Date.now().toString(36);
  let api: Api;
  let workflowId = 0;

  const panel = () => page().getByTestId('schedules-panel');
  const dialog = () => page().getByRole('dialog');
  const card = (what: string) => panel().getByRole('article', { name: what });
  const previewTexts = async () => page().getByTestId('schedule-preview').getByRole('listitem').allInnerTexts();

  it('sees the next runs as he chooses every Monday at 08:30, and saves it', async () => {
    api = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
    workflowId = await builtDemoWorkflow(api, `Laporan pagi ${stamp}`, '{"at": "{{$0.scheduledAt}}"}');
    await openDemoWorkflow(page(), workflowId);
    await panel().waitFor();
    await panel().getByText('No schedule yet').waitFor();
    await panel().getByText('in the application\'s time zone (Asia/Jakarta)').waitFor();
    await panel().getByRole('button', { name: 'Add schedule' }).click();
    // Every day at 07:00 to begin with: five mornings.
    await expect.poll(previewTexts).toHaveLength(5);
    for (const text of await previewTexts()) expect(text).toContain('7:00');

    await dialog().getByRole('combobox', { name: 'Runs', exact: true }).click();
    await page().getByRole('option', { name: 'Every week' }).click();
    await dialog().getByLabel('At', { exact: true }).fill('08:30');
    // Five mornings at 08:30 (an empty list while the new preview loads is no answer yet).
    await expect.poll(async () => {
      const texts = await previewTexts();
      return texts.length === 5 && texts.every((text) => text.includes('8:30'));
    }).toBe(true);
    expect(await accessibilityViolations(page(), '[role=dialog]')).toEqual([]);
    await snapshot(page(), 'workflow-schedules-form');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await page().getByText('Schedule saved').waitFor();
    await card('Every Monday at 08:30').getByText(/^Next: /).waitFor();
    const stored = (await api<{ cron: string; nextRuns: string[] }[]>('GET', `/action/workflowSchedules/${workflowId}`)).data;
    expect(stored.map((s) => s.cron)).toEqual(['30 8 * * 1']);
    // 08:30 in Jakarta is 01:30 UTC, on a Monday.
    expect(stored[0]!.nextRuns.every((at) => at.endsWith('T01:30:00.000Z') && new Date(at).getUTCDay() === 1)).toBe(true);
  });

  it('refuses a cron expression that is none', async () => {
    await panel().getByRole('button', { name: 'Add schedule' }).click();
    await dialog().getByRole('combobox', { name: 'Runs', exact: true }).click();
    await page().getByRole('option', { name: 'At a cron expression\'s times' }).click();
    await dialog().getByLabel('Cron expression').fill('61 7 * * *');
    await dialog().getByRole('alert').filter({ hasText: 'Not a cron expression the scheduler reads' }).waitFor();
    await dialog().getByRole('button', { name: 'Save' }).click();
    await page().getByText(/Not a cron expression the scheduler reads/).first().waitFor();
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    expect((await api<unknown[]>('GET', `/action/workflowSchedules/${workflowId}`)).data).toHaveLength(1);
  });

  it('turns the schedule off', async () => {
    await card('Every Monday at 08:30').getByRole('button', { name: 'Edit the schedule Every Monday at 08:30' }).click();
    await dialog().getByRole('switch', { name: 'Active' }).uncheck();
    await dialog().getByRole('button', { name: 'Save' }).click();
    await card('Every Monday at 08:30').getByText('Off').waitFor();
    await card('Every Monday at 08:30').getByText('No run ahead').waitFor();
  });

  it('turns it on again by keyboard alone', async () => {
    // From the panel's first button on, as a keyboard user arriving there would.
    await panel().getByRole('button', { name: 'Add schedule' }).focus();
    await tabTo(page(), 'Edit the schedule Every Monday at 08:30');
    await page().keyboard.press('Enter');
    await dialog().waitFor();
    await tabTo(page(), 'Active');
    await page().keyboard.press('Space');
    await tabTo(page(), 'Save');
    await page().keyboard.press('Enter');
    await dialog().waitFor({ state: 'detached' });
    await card('Every Monday at 08:30').getByText(/^Next: /).waitFor();
    expect(await card('Every Monday at 08:30').getByText('Off').count()).toBe(0);
  });

  it('fits a phone', async () => {
    await page().setViewportSize({ width: 390, height: 844 });
    await card('Every Monday at 08:30').scrollIntoViewIfNeeded();
    expect(await page().evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await accessibilityViolations(page(), '[data-testid=schedules-panel]')).toEqual([]);
    await snapshot(page(), 'workflow-schedules-phone');
    await page().setViewportSize({ width: 1366, height: 900 });
  });

  it('removes the schedule', async () => {
    await card('Every Monday at 08:30').getByRole('button', { name: 'Remove the schedule Every Monday at 08:30' }).click();
    await confirmRemoval(page(), 'Remove the schedule “Every Monday at 08:30”?', 'Remove');
    await page().getByText('Schedule removed').waitFor();
    await panel().getByText('No schedule yet').waitFor();
  });
});
