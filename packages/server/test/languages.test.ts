import { BUNDLE_FORMAT_NAME, BUNDLE_FORMAT_VERSION, LANGUAGE_HEADER, Messages } from '@rakit/core';
import { translate } from '@rakit/core/translate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestServer, type TestServer } from './support/build';
import { freshUserId, type HostileBuilder, hostileBuilder } from './trust-boundary/hostile';

/**
 * The server answers its errors in the caller's language (issue 35): x-rakit-language first,
 * then Accept-Language, then the specification's texts; the `code` is the text's key whatever
 * the language. And a member saves the language he reads Rakit in.
 */
describe('errors in the caller\'s language', () => {
  let server: TestServer;
  let root: string;
  beforeAll(async () => {
    server = await buildTestServer('sqlite');
    root = await server.login('admin', ADMIN_PASSWORD, '_root');
    await server.register('081300000001', 'password-1');
  });
  afterAll(async () => { await server.close(); });

  /** A JSON call with headers of its own. */
  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, body: unknown, headers: Record<string, string> = {}, token?: string) =>
    server.app.inject({ method, url, payload: body as object, headers: { ...headers, ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) } });
  const wrongLogin = (headers: Record<string, string> = {}) => call('POST', '/auth/login', { userId: '081300000001', password: 'wrong-password', appSlug: 'main' }, headers);

  it('answers a specification text as it is when the caller names no language', async () => {
    const response = await wrongLogin();
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.json()).toMatchObject({ status: false, error: [Messages.loginFailed], code: 'loginFailed' });
  });

  it('answers in Indonesian by x-rakit-language and in English by Accept-Language, the code the same', async () => {
    const id = (await wrongLogin({ [LANGUAGE_HEADER]: 'id' })).json();
    expect(id.error).toEqual([translate('id', 'loginFailed')]);
    expect(id.error[0]).not.toBe(Messages.loginFailed);
    expect(id.code).toBe('loginFailed');
    const en = (await wrongLogin({ 'accept-language': 'en-GB,en;q=0.9' })).json();
    expect(en.error).toEqual([translate('en', 'loginFailed')]);
    expect(en.code).toBe('loginFailed');
  });

  it('falls back from an unknown x-rakit-language to Accept-Language, then to the specification', async () => {
    const en = (await wrongLogin({ [LANGUAGE_HEADER]: 'klingon', 'accept-language': 'en-GB,en;q=0.9' })).json();
    expect(en.error).toEqual([translate('en', 'loginFailed')]);
    const spec = (await wrongLogin({ [LANGUAGE_HEADER]: 'klingon' })).json();
    expect(spec.error).toEqual([Messages.loginFailed]);
    expect(spec.code).toBe('loginFailed');
  });

  it('fills the placeholders of a LocalText error in each language', async () => {
    const newer = BUNDLE_FORMAT_VERSION + 1;
    const body = { bundle: { format: BUNDLE_FORMAT_NAME, formatVersion: newer, app: { appName: 'Dari Masa Depan' } }, target: { kind: 'new', appName: 'Dari Masa Depan' } };
    const importIn = (headers: Record<string, string>) => call('POST', '/save/importApp', body, headers, root);
    const values = { version: String(newer), supported: String(BUNDLE_FORMAT_VERSION) };
    const spec = await importIn({});
    expect(spec.statusCode).toBe(400);
    expect(spec.json()).toEqual({
      status: false, code: 'bundleFormatNewer',
      error: [`This bundle was written by a newer Rakit (format ${newer}); this server reads format ${BUNDLE_FORMAT_VERSION} and older. Update Rakit to import it.`],
    });
    const id = (await importIn({ [LANGUAGE_HEADER]: 'id' })).json();
    expect(id).toEqual({ status: false, code: 'bundleFormatNewer', error: [translate('id', 'bundleFormatNewer', values)] });
    expect(id.error[0]).toContain(`format ${newer}`);
    expect(id.error[0]).toMatch(/^Bundel ini dibuat/);
    const en = (await importIn({ 'accept-language': 'en-GB,en;q=0.9' })).json();
    expect(en).toEqual({ status: false, code: 'bundleFormatNewer', error: [translate('en', 'bundleFormatNewer', values)] });
    expect(en.error[0]).toContain(`format ${newer}`);
  });

  it('translates a validation failure whose message is a specification text', async () => {
    const register = (headers: Record<string, string>) =>
      call('POST', '/auth/register', { data: { userId: '081300000002', password: 'short', confirm_password: 'short', defaultGroupAppId: [1] } }, headers);
    const spec = await register({});
    expect(spec.statusCode).toBe(400);
    expect(spec.json()).toMatchObject({ error: [Messages.registerPasswordShort], code: 'registerPasswordShort' });
    const id = (await register({ [LANGUAGE_HEADER]: 'id' })).json();
    expect(id).toMatchObject({ error: [translate('id', 'registerPasswordShort')], code: 'registerPasswordShort' });
    expect(id.error[0]).not.toBe(Messages.registerPasswordShort);
    const en = (await register({ 'accept-language': 'en-GB,en;q=0.9' })).json();
    expect(en).toMatchObject({ error: [translate('en', 'registerPasswordShort')], code: 'registerPasswordShort' });
  });

  it('answers zod\'s own refusals in Indonesian to an Indonesian reader, a schema\'s own words kept', async () => {
    // A too-long password and an unknown field: zod's words, named by the field they are about.
    const login = (headers: Record<string, string>) =>
      call('POST', '/auth/login', { userId: '081300000001', password: 'x'.repeat(300), appSlug: 'main', extra: 1 }, headers);
    const en = (await login({ [LANGUAGE_HEADER]: 'en' })).json() as { error: string[] };
    const id = (await login({ [LANGUAGE_HEADER]: 'id' })).json() as { error: string[] };
    expect(en.error[0]).toMatch(/Too big/);
    expect(id.error[0]).toMatch(/^password: Terlalu besar/);
    expect(id.error[0]).not.toMatch(/Too big|Unrecognized/);
    expect((await login({})).json().error[0]).toBe(en.error[0]);
    // A schema's own text is the catalog's, not zod's Indonesian.
    const register = await call('POST', '/auth/register', { data: { userId: '081300000002', password: 'short', confirm_password: 'short', defaultGroupAppId: [1] } }, { [LANGUAGE_HEADER]: 'id' });
    expect(register.json().error).toEqual([translate('id', 'registerPasswordShort')]);
  });
});

describe('saving one\'s own language', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await buildTestServer('sqlite');
    await server.register('081300000011', 'password-1');
  });
  afterAll(async () => { await server.close(); });

  const signIn = async () => {
    const response = await server.call('POST', '/auth/login', { userId: '081300000011', password: 'password-1', appSlug: 'main' });
    expect(response.statusCode).toBe(200);
    return response.json().data[0] as { token: string; language: string | null };
  };

  it('keeps the language a member chose for his next sign-in, and clears it', async () => {
    const first = await signIn();
    expect(first.language).toBeNull();
    const saved = await server.call('PUT', '/auth/myLanguage', { language: 'id' }, first.token);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ status: true, data: { language: 'id' } });
    const second = await signIn();
    expect(second.language).toBe('id');

    const cleared = await server.call('PUT', '/auth/myLanguage', { language: null }, second.token);
    expect(cleared.statusCode).toBe(200);
    expect((await signIn()).language).toBeNull();
  });

  it('refuses an anonymous caller and a language that is not one of the catalogs', async () => {
    const anonymous = await server.call('PUT', '/auth/myLanguage', { language: 'id' });
    expect(anonymous.statusCode).toBe(401);
    const { token } = await signIn();
    expect((await server.call('PUT', '/auth/myLanguage', { language: 'en' }, token)).statusCode).toBe(200);
    const bad = await server.call('PUT', '/auth/myLanguage', { language: 'fr' }, token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().status).toBe(false);
    expect((await signIn()).language).toBe('en');
  });
});

/**
 * An application's language and time zone (issue 35): set by its administrators only, never by
 * a member, another application's builder or anyone anonymous; a value that is no catalog or no
 * time zone is refused and nothing changes.
 */
describe('an application\'s language and time zone', () => {
  let server: TestServer;
  let root: string;
  let owner: HostileBuilder;
  let stranger: HostileBuilder;
  let memberToken: string;
  beforeAll(async () => {
    server = await buildTestServer('sqlite');
    root = await server.login('admin', ADMIN_PASSWORD, '_root');
    owner = await hostileBuilder(server);
    stranger = await hostileBuilder(server);
    const opened = await server.call('POST', '/save/saveApp', { appId: owner.appId, appOpenRegistration: true, appName: `Open ${owner.appSlug}` }, owner.token);
    expect(opened.statusCode, opened.body).toBe(200);
    const memberId = freshUserId();
    const registered = await server.call('POST', '/auth/register', { data: { userId: memberId, password: 'member-password-1', confirm_password: 'member-password-1', defaultGroupAppId: [owner.appId] } });
    expect(registered.statusCode, registered.body).toBe(201);
    memberToken = await server.login(memberId, 'member-password-1', owner.appSlug);
  });
  afterAll(async () => { await server.close(); });

  const settings = async () => {
    const app = (await server.call('GET', `/get/getApp/slug/${owner.appSlug}`)).json().data as { appLanguage: string; appTimeZone: string };
    return { appLanguage: app.appLanguage, appTimeZone: app.appTimeZone };
  };
  const set = (token: string | undefined, values: Record<string, unknown>) => server.call('POST', '/save/saveApp', { appId: owner.appId, ...values }, token);

  it('starts in the specification and Asia/Jakarta, and its administrator sets both', async () => {
    expect(await settings()).toEqual({ appLanguage: 'spec', appTimeZone: 'Asia/Jakarta' });
    const saved = await set(owner.token, { appLanguage: 'id', appTimeZone: 'Asia/Makassar' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await settings()).toEqual({ appLanguage: 'id', appTimeZone: 'Asia/Makassar' });
    expect((await set(root, { appLanguage: 'browser' })).statusCode).toBe(200);
    expect(await settings()).toEqual({ appLanguage: 'browser', appTimeZone: 'Asia/Makassar' });
  });

  it('refuses anyone but its administrators, and values that are no catalog or no time zone', async () => {
    const before = await settings();
    expect((await set(undefined, { appLanguage: 'en' })).statusCode).toBe(401);
    expect((await set(memberToken, { appLanguage: 'en' })).statusCode).toBe(403);
    expect((await set(stranger.token, { appLanguage: 'en' })).statusCode).toBe(403);
    expect((await set(owner.token, { appLanguage: 'fr' })).statusCode).toBe(400);
    const badZone = await set(owner.token, { appTimeZone: 'Mars/Olympus_Mons' });
    expect(badZone.statusCode).toBe(400);
    expect(badZone.json().error[0]).toMatch(/appTimeZone/);
    expect((await set(owner.token, { appTimeZone: 'x'.repeat(65) })).statusCode).toBe(400);
    expect(await settings()).toEqual(before);
  });
});
