import type { Page } from 'playwright-core';

/**
 * The focused element's accessible name as far as a spec needs it: aria-label, else its label or
 * text. Read once the page has run the zero-delay timers it queued (see queuedTimersRun): a
 * dialog's focus trap moves the focus in one, and a name read before it would be stale.
 */
const FOCUSED_NAME = `new Promise((resolve) => setTimeout(() => {
  const el = document.activeElement;
  if (el === null || el === document.body) return resolve('');
  const labelled = el.getAttribute('aria-labelledby');
  const byId = labelled === null ? null : labelled.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
  const label = el.labels && el.labels.length > 0 ? el.labels[0].textContent : null;
  resolve((el.getAttribute('aria-label') ?? byId ?? label ?? el.textContent ?? '').replace(/\\s+/g, ' ').trim());
}, 0))`;

/**
 * Waits until the page has run the zero-delay timers it queued so far (a new one runs after
 * them). Components settle their keyboard handling in such timers: a dialog's focus trap moves
 * the focus in one, dnd-kit listens for the arrows one timer after a pick-up, Mantine's combobox
 * resets its chosen option one timer after its list opens. A person's reaction time always lets
 * them run; on a loaded machine a test's next key could come first.
 */
export async function queuedTimersRun(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => { setTimeout(resolve, 0); }));
}

export const focusedName = (page: Page): Promise<string> => page.evaluate(FOCUSED_NAME) as Promise<string>;

/**
 * Presses Tab (Shift+Tab with `backwards`) until the focus is on an element named `name` (exactly,
 * or matching a pattern), as a keyboard user would; fails after `limit` presses.
 */
export async function tabTo(page: Page, name: string | RegExp, { backwards = false, limit = 250 } = {}): Promise<void> {
  const matches = (found: string) => (typeof name === 'string' ? found === name : name.test(found));
  const seen: string[] = [];
  for (let press = 0; press < limit; press++) {
    const found = await focusedName(page);
    if (matches(found)) return;
    seen.push(found);
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`No focusable element named ${String(name)} within ${limit} presses of Tab; passed: ${[...new Set(seen)].slice(0, 60).join(' | ')}`);
}
