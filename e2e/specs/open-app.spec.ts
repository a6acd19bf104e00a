import { beforeAll, describe, expect, it } from 'vitest';
import { apiAs, demoAppId } from '../support/api';
import { ADMIN_PASSWORD, baseUrl, browserPageForSuite, snapshot, uniquePhone } from '../support/browser';

describe('a builder opens the application he made without signing in again', () => {
  const suite = browserPageForSuite();
  const page = () => suite.page;
  const phone = uniquePhone();
  const name = `Kedai ${Date.now().toString(36)}`;

  it('registers in main, creates an application, clicks Open and lands on its admin home', async () => {
    await page().goto('/main/auth/register');
    await page().getByLabel('Nomer WA Aktif').fill(phone);
    await page().getByLabel('Password', { exact: true }).fill('password-123');
    await page().getByLabel('Confirm Password').fill('password-123');
    await page().getByRole('button', { name: 'Register' }).click();
    await page().waitForURL('**/main/auth/login');
    await page().getByLabel('Username (Nomer WA Aktif)').fill(phone);
    await page().getByLabel('Password', { exact: true }).fill('password-123');
    await page().getByRole('button', { name: 'Sign In' }).click();
    await page().waitForURL('**/main/home');

    await page().getByRole('button', { name: 'Create New App' }).click();
    await page().getByRole('dialog').getByLabel('Name').fill(name);
    await page().getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    const card = page().getByTestId('app-card').filter({ hasText: name });
    await card.getByRole('button', { name: 'Open' }).click();

    // Its own admin home (not main's, not its login): /{its slug}/home, its name as the title.
    await page().waitForURL((url) => /^\/[^/]+\/home$/.test(url.pathname) && !url.pathname.startsWith('/main/'));
    await page().getByRole('banner').getByRole('link', { name, exact: true }).waitFor();
    await page().getByTestId('app-card').filter({ hasText: name }).waitFor();
    await page().getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Group', exact: true }).click();
    await page().getByRole('heading', { name: 'Daftar Group' }).waitFor();
    expect(await page().getByLabel('Username').count()).toBe(0);
    await snapshot(page(), 'open-app-admin');
  });
});

describe('a member of an application opens it from main into its runtime', () => {
  const suite = browserPageForSuite();
  const page = () => suite.page;
  const userId = uniquePhone();
  const password = 'password-member-1';

  beforeAll(async () => {
    // The set-up: a main user whom the root administrator puts in the demo's staff group.
    const registered = await fetch(new URL('/auth/register', baseUrl()), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { userId, password, confirm_password: password, defaultGroupAppId: [1] } }),
    });
    expect(registered.status).toBe(201);
    const signIn = await fetch(new URL('/auth/login', baseUrl()), {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: 'admin', password: ADMIN_PASSWORD, appSlug: '_root' }),
    });
    const root = apiAs(((await signIn.json()) as { data: { token: string }[] }).data[0]?.token ?? '');
    const groups = (await root<{ groupId: number; groupSlug: string }[]>('GET', `/auth/listgroup/${await demoAppId()}`)).data;
    const added = await root('POST', '/auth/addUserToGroup', { userId, groupId: groups.find((g) => g.groupSlug === 'staff')?.groupId });
    expect(added.status).toBe(true);
  });

  const signInTo = async (slug: string, label: string, landing: string) => {
    await page().goto(`/${slug}/auth/login`);
    await page().getByLabel(label).fill(userId);
    await page().getByLabel('Password', { exact: true }).fill(password);
    await page().getByRole('button', { name: 'Sign In' }).click();
    await page().waitForURL(landing);
  };

  it('is refused the admin session and lands on the runtime he signed in to', async () => {
    await signInTo('demo', 'Username', '**/demo/staff');
    await signInTo('main', 'Username (Nomer WA Aktif)', '**/main/home');
    await page().getByTestId('app-card').filter({ hasText: 'Demo Toko' }).getByRole('button', { name: 'Open' }).click();
    await page().waitForURL('**/demo/staff');
    await page().getByRole('navigation', { name: 'Application menu' }).waitFor();
    expect(await page().getByRole('navigation', { name: 'Administration' }).count()).toBe(0);
  });
});
