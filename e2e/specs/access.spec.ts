import { describe, expect, inject, it } from 'vitest';
import { baseUrl, browserPageForSuite, snapshot, uniquePhone } from '../support/browser';

async function api(path: string, body: unknown, token?: string) {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

describe('who may enter', () => {
  const suite = browserPageForSuite();

  it('prints where to sign in when it starts', () => {
    const output = inject('startOutput');
    expect(output).toContain('Rakit is running on http://localhost:');
    expect(output).toContain('/_root/auth/login');
  });

  it('answers a wrong password with the spec\'s message', async () => {
    await suite.page.goto('/_root/auth/login');
    await suite.page.getByLabel('Username').fill('admin');
    await suite.page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await suite.page.getByRole('button', { name: 'Sign In' }).click();
    await suite.page.getByText('Incorrect Username / Password').waitFor();
    expect(suite.page.url()).toContain('/_root/auth/login');
  });

  it('keeps a member of another application out', async () => {
    const owner = uniquePhone();
    const outsider = uniquePhone();
    for (const userId of [owner, outsider]) {
      const registered = await api('/auth/register', { data: { userId, password: 'password-123', confirm_password: 'password-123', defaultGroupAppId: [1] } });
      expect(registered.status).toBe(201);
    }
    const ownerToken = (await api('/auth/login', { userId: owner, password: 'password-123', appSlug: 'main' })).body.data[0].token;
    const created = await api('/save/saveApp', { appId: null, appName: `Private ${owner}`, appDescription: '' }, ownerToken);
    const slug = created.body.data.appSlug as string;

    await suite.page.goto(`/${slug}/auth/login`);
    await suite.page.getByLabel('Username').fill(outsider);
    await suite.page.getByLabel('Password', { exact: true }).fill('password-123');
    await suite.page.getByRole('button', { name: 'Sign In' }).click();
    await suite.page.getByText('Incorrect Username / Password').waitFor();
    await suite.page.goto(`/${slug}/home`);
    await suite.page.waitForURL(`**/${slug}/auth/login`);
    await snapshot(suite.page, 'outsider-refused');

    // The owner gets in and lands on his administration home.
    await suite.page.getByLabel('Username').fill(owner);
    await suite.page.getByLabel('Password', { exact: true }).fill('password-123');
    await suite.page.getByRole('button', { name: 'Sign In' }).click();
    await suite.page.waitForURL(`**/${slug}/home`);
  });

  it('sends unknown paths and unknown applications to /404', async () => {
    await suite.page.goto('/main/this/path/does/not/exist/at/all');
    await suite.page.waitForURL('**/404');
    await suite.page.getByText('Page not found').waitFor();
    expect(await suite.page.locator('svg').count()).toBeGreaterThan(0);
    await snapshot(suite.page, 'not-found');
    await suite.page.goto('/no-such-application/auth/login');
    await suite.page.waitForURL('**/404');
  });
});
