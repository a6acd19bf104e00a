import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserPageForSuite } from '../support/browser';
import { signInToDemo } from '../support/demo';
import { focusedName, queuedTimersRun, tabTo } from '../support/keyboard';

/**
 * The APIs screen (issue 40) by keyboard alone: the demo's administrator adds an API, adds an
 * endpoint with a filter mapping and its choices, and removes both, never touching the mouse
 * once the screen is open. The base URL is on loopback, which the e2e operator allows; saving
 * checks where it leads, nothing calls it.
 */
describe('the APIs screen by keyboard', () => {
  const suite = browserPageForSuite();
  const page = (): Page => suite.page;
  const apiName = `Keyboard API ${Date.now().toString(36)}`;
  const dialogOf = (name: string) => page().getByRole('dialog', { name });
  const type = async (text: string) => {
    await queuedTimersRun(page());
    await page().keyboard.type(text);
  };
  const press = async (key: string) => {
    await queuedTimersRun(page());
    await page().keyboard.press(key);
  };

  it('adds an API and an endpoint with a filter, then removes both', async () => {
    await page().setViewportSize({ width: 1366, height: 900 });
    await signInToDemo(page());
    await page().goto('/demo/apis');
    await page().getByRole('heading', { name: 'APIs', level: 1 }).waitFor();

    await tabTo(page(), 'Add API');
    await press('Enter');
    await dialogOf('Add API').waitFor();
    // The dialog opens on its first field.
    expect(await focusedName(page())).toBe('Name');
    await type(apiName);
    await tabTo(page(), 'Base URL');
    await type('http://127.0.0.1:9/v1');
    await tabTo(page(), 'Save');
    await press('Enter');
    await page().getByText('API saved').last().waitFor();
    await dialogOf('Add API').waitFor({ state: 'detached' });
    const section = page().getByRole('region', { name: apiName });
    await section.waitFor();

    await tabTo(page(), `Add endpoint to ${apiName}`);
    await press('Enter');
    const endpointDialog = dialogOf(`Add endpoint to ${apiName}`);
    await endpointDialog.waitFor();
    expect(await focusedName(page())).toBe('Name');
    await type('Tickets');
    await tabTo(page(), 'Path');
    await type('/tickets');
    await tabTo(page(), 'Add filter');
    await press('Enter');
    await tabTo(page(), 'Column of filter 1');
    await type('status');
    await press('Escape'); // closes the column's suggestions, not the dialog
    expect(await endpointDialog.isVisible()).toBe(true);
    await tabTo(page(), 'Parameter of filter 1');
    await type('state');
    await tabTo(page(), 'Choices of filter 1');
    for (const choice of ['open', 'closed']) {
      await type(choice);
      await press('Enter');
    }
    const saving = page().waitForRequest((request) => request.url().includes('/save/saveApiEndpoint'));
    await tabTo(page(), 'Save');
    await press('Enter');
    expect(((await saving).postDataJSON() as { filterParams: unknown }).filterParams).toEqual([{ field: 'status', param: 'state', maxParam: '', choices: ['open', 'closed'] }]);
    await page().getByText('Endpoint saved').last().waitFor();
    await endpointDialog.waitFor({ state: 'detached' });
    await section.getByRole('cell', { name: 'Tickets', exact: true }).waitFor();

    await tabTo(page(), 'Remove endpoint Tickets');
    await press('Enter');
    await page().getByText('Remove the endpoint Tickets?').waitFor();
    await tabTo(page(), 'Remove');
    await press('Enter');
    await page().getByText('Endpoint removed').waitFor();
    await section.getByText('No endpoint yet.').waitFor();

    await tabTo(page(), `Remove API ${apiName}`);
    await press('Enter');
    await page().getByText(`Remove the API ${apiName}?`).waitFor();
    await tabTo(page(), 'Remove');
    await press('Enter');
    await section.waitFor({ state: 'detached' });
  });
});
