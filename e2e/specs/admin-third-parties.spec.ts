import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, browserPageForSuite, snapshot } from '../support/browser';
import { signInToDemo } from '../support/demo';

const SMTP_USER = 'relay-user';
const SMTP_PASSWORD = `relay-${Date.now().toString(36)}`;

/**
 * The super administrator's Third Parties (spec 1 screen 4, issue 12): he adds the SMTP server the
 * workflows send email through, sees it listed without its password, tests it, edits it keeping
 * the password, and removes it. The SMTP server is a real one on loopback (the e2e operator sets
 * RAKIT_ALLOW_PRIVATE_SMTP).
 */
describe('the super administrator manages the Third Parties\' SMTP servers', () => {
  const suite = browserPageForSuite();
  const page = (): Page => suite.page;
  const name = `Relay ${Date.now().toString(36)}`;
  let smtp: SMTPServer;
  let port = 0;
  let signIns = 0;

  const row = () => page().getByRole('row').filter({ hasText: name });
  const dialog = () => page().getByRole('dialog');

  beforeAll(async () => {
    smtp = new SMTPServer({
      secure: false, disabledCommands: ['STARTTLS'], allowInsecureAuth: true, logger: false,
      onAuth(auth, _session, callback) {
        signIns += 1;
        if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) callback(null, { user: auth.username });
        else callback(new Error('Invalid username or password'));
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('is linked from the top bar of _root only', async () => {
    await signInToDemo(page());
    await page().getByRole('heading', { name: 'Applications' }).waitFor();
    expect(await page().getByRole('link', { name: 'Third Parties' }).count()).toBe(0);

    await page().goto('/_root/auth/login');
    await page().getByLabel('Username').fill('admin');
    await page().getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page().getByRole('button', { name: 'Sign In' }).click();
    await page().waitForURL('**/_root/home');
    await page().getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Third Parties' }).click();
    await page().waitForURL('**/_root/third-parties');
    await page().getByRole('heading', { name: 'Third Parties' }).waitFor();
    await page().getByText('No SMTP server yet').waitFor();
  });

  it('adds an SMTP server and sees it listed without its password', async () => {
    await page().getByRole('button', { name: 'Add SMTP Server' }).click();
    await dialog().getByLabel('Name', { exact: true }).fill(name);
    await dialog().getByLabel('Host').fill('127.0.0.1');
    await dialog().getByRole('combobox', { name: 'Security' }).click();
    await page().getByRole('option', { name: 'None' }).click();
    await dialog().getByLabel('Port').fill(String(port));
    await dialog().getByLabel('Username', { exact: true }).fill(SMTP_USER);
    await dialog().getByLabel('Password', { exact: true }).fill(SMTP_PASSWORD);
    await dialog().getByLabel('Sender address').fill('noreply@example.com');
    await snapshot(page(), 'third-parties-form');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await page().getByText('Save SMTP server success').waitFor();
    await row().waitFor();
    const text = await row().textContent();
    for (const shown of ['127.0.0.1', String(port), 'None', SMTP_USER, 'Stored', 'noreply@example.com']) expect(text).toContain(shown);
    expect(await page().content()).not.toContain(SMTP_PASSWORD);

    await row().getByRole('button', { name: `Test ${name}` }).click();
    await page().getByText(`Connected to 127.0.0.1:${port} as ${SMTP_USER}`).waitFor();
    expect(signIns).toBe(1);
    await page().setViewportSize({ width: 1366, height: 800 });
    await snapshot(page(), 'third-parties-1366');
  });

  it('edits it keeping the stored password, and the test still signs in', async () => {
    await row().getByRole('button', { name: 'Edit SMTP server' }).click();
    expect(await dialog().getByLabel('Password', { exact: true }).inputValue()).toBe('');
    await dialog().getByText('Leave empty to keep the stored one').waitFor();
    await dialog().getByLabel('Sender address').fill('robot@example.com');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await page().getByText('Save SMTP server success').last().waitFor();
    await row().filter({ hasText: 'robot@example.com' }).waitFor();
    expect(await row().textContent()).toContain('Stored');
    await row().getByRole('button', { name: `Test ${name}` }).click();
    // The first test's notice may still be up: the second sign-in is what shows this one worked.
    await expect.poll(() => signIns, { timeout: 15_000 }).toBe(2);
    await page().getByText(`Connected to 127.0.0.1:${port} as ${SMTP_USER}`).last().waitFor();
  });

  it('fits a phone, reached from the menu button', async () => {
    await page().setViewportSize({ width: 390, height: 844 });
    await page().goto('/_root/home');
    await page().getByRole('button', { name: 'Administration menu' }).click();
    await page().getByRole('menuitem', { name: 'Third Parties' }).click();
    await page().waitForURL('**/_root/third-parties');
    await row().waitFor();
    await snapshot(page(), 'third-parties-390');
    const overflow = await page().evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page().setViewportSize({ width: 1280, height: 800 });
  });

  it('removes it', async () => {
    await row().getByRole('button', { name: 'Remove SMTP server' }).click();
    await page().getByText('Are you sure to remove this SMTP server?').waitFor();
    await dialog().getByRole('button', { name: 'Remove' }).click();
    await page().getByText('Remove SMTP server success').waitFor();
    await row().waitFor({ state: 'detached' });
    await page().getByText('No SMTP server yet').waitFor();
  });
});
