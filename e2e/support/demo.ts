import type { Page } from 'playwright-core';
import { ADMIN_PASSWORD } from './global-setup';

/** The demo application seeded on start; its users share the administrator's password. */
export const DEMO_ADMIN = 'demo-admin';
export const DEMO_MEMBER = 'demo-user';

/** Signs in to /demo as `userId` and waits for the landing address. */
export async function signInToDemo(page: Page, userId = DEMO_ADMIN, password = ADMIN_PASSWORD, landing: string | RegExp = '**/demo/home'): Promise<void> {
  await page.goto('/demo/auth/login');
  await page.getByLabel('Username').fill(userId);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(landing);
}

/** Opens an administration screen of the demo application and waits for its title. */
export async function openDemoScreen(page: Page, path: string, title: string): Promise<void> {
  await page.goto(`/demo/${path}`);
  await page.getByRole('heading', { name: title }).waitFor();
}

/** Answers the removal question of the confirmation dialog. */
export async function confirmRemoval(page: Page, question: string, button = 'Remove'): Promise<void> {
  await page.getByText(question).waitFor();
  await page.getByRole('dialog').getByRole('button', { name: button }).click();
}
