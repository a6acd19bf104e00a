import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { DEMO_SLUG } from './page-fixtures';

/** Lighthouse's slow 4G: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up. */
export const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

/** Signs `user` in to the demo application on `page`, then leaves it on a blank page (the session kept in its storage). */
export async function signInToDemo(page: Page, base: string, user: string, password: string): Promise<void> {
  await page.goto(`${base}/${DEMO_SLUG}/auth/login`);
  await page.getByLabel('Username').fill(user);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/auth/login'));
  await page.goto('about:blank');
}

/** The phone profile on `page`: its HTTP cache emptied, the CPU `cpuRate` times slower, and slow 4G when slowed. */
export async function asSlowPhone(context: BrowserContext, page: Page, cpuRate = 4): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
  if (cpuRate > 1) await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  return cdp;
}
