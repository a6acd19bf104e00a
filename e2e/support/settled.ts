import type { Page, Request } from 'playwright-core';

/**
 * Waits until the page has loaded what it defers to idle time (lazyModule's preloadWhenIdle, the
 * service worker's registration) and fetches no script any more: what a measurement started
 * after this counts is what the next act fetches, not a preload that a loaded machine happened
 * to run late. An idle callback asked for now runs after those the page asked for before it;
 * then no script may start or finish for `quietMs`.
 */
export async function deferredLoadsDone(page: Page, { quietMs = 500, limitMs = 20_000 } = {}): Promise<void> {
  const pending = new Set<Request>();
  let lastActivity = Date.now();
  const started = (request: Request) => {
    if (request.resourceType() !== 'script') return;
    pending.add(request);
    lastActivity = Date.now();
  };
  const ended = (request: Request) => {
    if (request.resourceType() !== 'script') return;
    pending.delete(request);
    lastActivity = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await page.evaluate(() => new Promise<void>((resolve) => { requestIdleCallback(() => resolve(), { timeout: 10_000 }); }));
    const deadline = Date.now() + limitMs;
    while (pending.size > 0 || Date.now() - lastActivity < quietMs) {
      if (Date.now() > deadline) throw new Error(`The page was still fetching scripts after ${limitMs} ms: ${[...pending].map((r) => r.url()).join(', ')}`);
      await page.waitForTimeout(50);
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/**
 * Waits until the notices on the screen have closed (on their own, within seconds). Axe is run
 * after it where a notice may still show: at 1366 px the close button of a notice at the top
 * lies over one of the top bar's links, a target axe then finds too small while it shows.
 */
export async function noticesGone(page: Page): Promise<void> {
  const notices = page.locator('.mantine-Notification-root');
  while ((await notices.count()) > 0) await notices.first().waitFor({ state: 'detached', timeout: 15_000 });
}
