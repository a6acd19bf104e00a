import { createComponent } from '@rakit/core';
import type { FileChooser, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiAs, demoAppId, demoToken } from '../support/api';
import { ADMIN_PASSWORD, browserPageForSuite, snapshot } from '../support/browser';
import { DEMO_ADMIN, DEMO_MEMBER, signInToDemo } from '../support/demo';
import { pageForStaff } from '../support/editor-page';

/**
 * Issue 34, by keyboard alone: a member passes the shell with the skip link, picks a date from
 * the calendar, and chooses a file to upload, never touching the mouse once the page is open.
 */

/** Presses Tab until `target` has the focus (at most `limit` times); fails naming what had it. */
async function tabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120));
  throw new Error(`Tab never reached the target; the focus is on ${focused}`);
}

/** The outline a focused element shows, as the browser draws it. */
const focusOutline = (target: Locator) => target.evaluate((element) => {
  const style = getComputedStyle(element);
  return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
});

describe.each([[1366, 900], [390, 844]] as const)('a member\'s form by keyboard at %i px', (width, height) => {
  const suite = browserPageForSuite();
  const page = (): Page => suite.page;
  const stamp = `${Date.now()}-${width}`;
  let pageSlug = '';

  beforeAll(async () => {
    const api = apiAs(await demoToken(DEMO_ADMIN, ADMIN_PASSWORD));
    const appId = await demoAppId();
    const created = await api<{ pages: { pageId: number }[] }>('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName: `Visit ${stamp}` }] });
    const pageId = (created.data.pages[0] as { pageId: number }).pageId;
    const components = [
      createComponent('input', 'visitor', 'Visitor'),
      createComponent('datetime', 'visit-date', 'Visit date'),
      createComponent('fileupload', 'visit-photo', 'Photo'),
    ];
    const saved = await api('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify(components) }] });
    expect(saved.status, saved.error?.join(', ')).toBe(true);
    ({ pageSlug } = await pageForStaff(pageId, `Visits ${stamp}`, `Visit ${stamp}`));
  });

  it('skips the shell to the page with the first Tab', async () => {
    await page().setViewportSize({ width, height });
    await signInToDemo(page(), DEMO_MEMBER, ADMIN_PASSWORD, /\/demo\/(?!auth)/);
    await page().goto(`/demo/staff/${pageSlug}`);
    await page().getByRole('heading', { name: `Visit ${stamp}` }).waitFor();
    await page().getByRole('textbox', { name: 'Visitor' }).waitFor();
    await page().keyboard.press('Tab');
    const skip = page().getByRole('link', { name: 'Skip to main content' });
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
    // Shown while focused: on screen, with an outline.
    const box = await skip.boundingBox();
    expect(box !== null && box.y >= 0 && box.x >= 0).toBe(true);
    expect(await focusOutline(skip)).toMatchObject({ style: 'solid' });
    await snapshot(page(), `keyboard-skip-link-${width}`);
    await page().keyboard.press('Enter');
    expect(await page().evaluate(() => document.activeElement?.id)).toBe('main-content');
    // The next Tab lands inside the page, not back in the menu.
    await page().keyboard.press('Tab');
    expect(await page().evaluate(() => document.activeElement?.closest('#main-content') !== null)).toBe(true);
  });

  it('types a name, picks a date from the calendar and chooses a file', async () => {
    // Listened for from the start: Chromium's file chooser is intercepted once a listener is on.
    const choosers: FileChooser[] = [];
    page().on('filechooser', (chooser) => choosers.push(chooser));
    const visitor = page().getByRole('textbox', { name: 'Visitor' });
    await tabTo(page(), visitor);
    await page().keyboard.type('Sari');
    expect(await visitor.inputValue()).toBe('Sari');

    const date = page().getByRole('button', { name: 'Visit date' });
    await tabTo(page(), date);
    await page().keyboard.press('Enter');
    const calendar = page().locator('.mantine-Popover-dropdown');
    await calendar.waitFor();
    // The focus is in the calendar (its month controls first); Tab reaches the days, arrow keys
    // move among them, Enter picks the focused one and closes the calendar.
    await expect.poll(() => page().evaluate(() => document.activeElement?.closest('.mantine-Popover-dropdown') !== null)).toBe(true);
    const onADay = () => page().evaluate(() => document.activeElement?.closest('.mantine-Popover-dropdown table') !== null);
    for (let presses = 0; presses < 6 && !await onADay(); presses++) await page().keyboard.press('Tab');
    expect(await onADay()).toBe(true);
    await page().keyboard.press('ArrowRight');
    await page().keyboard.press('Enter');
    await calendar.waitFor({ state: 'hidden' });
    expect(await date.textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    // Focus comes back to the field, so the next Tab goes on from there.
    expect(await date.evaluate((element) => element === document.activeElement)).toBe(true);

    const upload = page().getByRole('button', { name: 'Photo' });
    await tabTo(page(), upload);
    await page().keyboard.press('Enter');
    await expect.poll(() => choosers.length).toBe(1);
    await (choosers[0] as FileChooser).setFiles({ name: 'visit.png', mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a', 'hex') });
    await upload.filter({ hasText: 'visit.png' }).waitFor();
    await snapshot(page(), `keyboard-form-${width}`);
  });
});
