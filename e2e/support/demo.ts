import type { Page } from 'playwright-core';
import { type Api, apiAs, demoAppId } from './api';
import { baseUrl } from './browser';
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

/**
 * A copy of the demo application (its structure and shop) named `appName` at `appSlug`, made by
 * the super administrator, with `userId` as its administrator: the application a builder's spec
 * changes without touching the demo other specs read. Answers the super administrator's calls and
 * the copy's id.
 */
export async function demoCopyAdministeredBy(copy: { appName: string; appSlug: string }, admin: { userId: string; password: string }): Promise<{ root: Api; appId: number }> {
  const signIn = await fetch(new URL('/auth/login', baseUrl()), {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: 'admin', password: ADMIN_PASSWORD, appSlug: '_root' }),
  });
  const root = apiAs(((await signIn.json()) as { data: { token: string }[] }).data[0]?.token ?? '');
  const bundle = await root<unknown>('GET', `/get/exportApp/${await demoAppId()}`);
  const imported = await root<{ appId: number }>('POST', '/save/importApp', { bundle: bundle.data, target: { kind: 'new', ...copy } });
  if (!imported.status) throw new Error(`the demo's copy: ${imported.error?.join(', ')}`);
  const appId = imported.data.appId;
  const added = await root('POST', '/auth/adduser', { data: { userId: admin.userId, password: admin.password, confirm_password: admin.password, appId } });
  if (!added.status) throw new Error(`the copy's administrator: ${added.error?.join(', ')}`);
  const groups = (await root<{ groupId: number; groupSlug: string }[]>('GET', `/auth/listgroup/${appId}`)).data;
  const made = await root('POST', '/auth/addUserToGroup', { userId: admin.userId, groupId: groups.find((g) => g.groupSlug === 'admin')?.groupId });
  if (!made.status) throw new Error(`the copy's administrators' group: ${made.error?.join(', ')}`);
  return { root, appId };
}
