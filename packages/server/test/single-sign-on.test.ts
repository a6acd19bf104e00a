import type { IdentityProvider, PublicApplication, SessionUser } from '@rakit/core';
import { Messages } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushAudit } from '../src/audit/record';
import { buildTestServer, type TestServer } from './support/build';
import { availableEngines } from './support/engines';
import { CALLBACK_URL, deliver, toProviderAndBack } from './support/oidc-browser';
import { startOidcProvider, type TestOidcProvider } from './support/oidc-provider';
import { freshUserId, type HostileBuilder, hostileBuilder } from './trust-boundary/hostile';

/**
 * Single sign-on through an application's OpenID provider (issue 36), against a real provider
 * (oidc-provider, on a local port): an administrator adds it (its secret never answered), a
 * person signs in through it and lands with a one-time ticket traded for a session, the
 * provider's groups claim decides his groups, and every answer the flow must not take is
 * refused: a wrong or replayed state, a forged code, an id token for another audience, expired,
 * with another nonce, an e-mail that is not verified or names an existing account.
 */
const engines = await availableEngines();

describe.each(engines)('single sign-on on a %s store', (engine) => {
  let server: TestServer;
  let oidc: TestOidcProvider;
  let owner: HostileBuilder;
  let providerId = 0;

  const as = (token: string) => (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => server.call(method, url, body, token);
  const must = async <T>(answer: Promise<{ statusCode: number; body: string; json: () => { data: T } }>): Promise<T> => {
    const done = await answer;
    if (done.statusCode >= 300) throw new Error(`${done.statusCode} ${done.body}`);
    return done.json().data;
  };
  const providerBody = (overrides: Record<string, unknown> = {}) => ({
    appId: owner.appId, providerId: null, name: 'Kantor', issuer: oidc.issuer, clientId: oidc.clientId, clientSecret: oidc.clientSecret,
    scopes: 'openid email profile groups', groupsClaim: 'groups', ...overrides,
  });
  /** The ticket of the application's /auth/sso address. */
  const ticketOf = (location: string) => {
    expect(location).toMatch(new RegExp(`^/${owner.appSlug}/auth/sso\\?ticket=`));
    return new URL(location, 'http://rakit.test').searchParams.get('ticket') ?? '';
  };
  const redeem = (ticket: string) => server.call('POST', '/auth/sso/ticket', { ticket });
  const signInThrough = async (id: number) => {
    const ticket = ticketOf(await deliver(server, await toProviderAndBack(server, id)));
    return (await must<SessionUser[]>(redeem(ticket)))[0]!;
  };
  const groupSlugsOf = (session: SessionUser) => session.userGroup.map((group) => group.groupSlug).sort();

  beforeAll(async () => {
    server = await buildTestServer(engine, { allowPrivateUrls: true });
    oidc = await startOidcProvider({ redirectUris: [CALLBACK_URL] });
    owner = await hostileBuilder(server);
    await must(as(owner.token)('POST', '/auth/addgroup', { data: { groupName: 'Gudang', groupAppId: owner.appId } }));
    providerId = (await must<{ providerId: number }>(as(owner.token)('POST', '/save/identityProvider', providerBody()))).providerId;
  });
  afterAll(async () => {
    await oidc?.close();
    await server?.close();
  });

  it('keeps the provider with its secret sealed, and shows its button on the sign-in screen', async () => {
    const listed = await must<{ password: boolean; providers: IdentityProvider[] }>(as(owner.token)('GET', `/get/identityProviders/${owner.appId}`));
    expect(listed.password).toBe(true);
    expect(listed.providers).toEqual([expect.objectContaining({ providerId, name: 'Kantor', issuer: oidc.issuer, hasClientSecret: true, groupsClaim: 'groups', newUsers: 'create' })]);
    expect(JSON.stringify(listed)).not.toContain(oidc.clientSecret);
    const stored = await server.store.selectFrom('identityProviders').select('clientSecretEnc').where('providerId', '=', providerId).executeTakeFirstOrThrow();
    expect(stored.clientSecretEnc).not.toContain(oidc.clientSecret);
    const publicApp = await must<PublicApplication>(server.call('GET', `/get/getApp/slug/${owner.appSlug}`));
    expect(publicApp.signIn).toEqual({ password: true, providers: [{ providerId, name: 'Kantor' }] });
  });

  it('keeps one of two edits made from the same revision, and answers the other with the provider as stored, never its secret', async () => {
    const listed = await must<{ providers: IdentityProvider[] }>(as(owner.token)('GET', `/get/identityProviders/${owner.appId}`));
    const base = listed.providers.find((provider) => provider.providerId === providerId)!;
    const edit = (name: string) => as(owner.token)('POST', '/save/identityProvider', providerBody({ providerId, name, clientSecret: '', revision: base.revision }));
    const [first, second] = await Promise.all([edit('Kantor'), edit('Kantor Pusat')]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const stale = first.statusCode === 409 ? first : second;
    expect(JSON.stringify(stale.json())).not.toContain(oidc.clientSecret);
    expect(stale.json().data).toMatchObject({ providerId, revision: base.revision + 1, hasClientSecret: true });
    // Whichever won, the button is named Kantor again for the tests below.
    await must(as(owner.token)('POST', '/save/identityProvider', providerBody({ providerId, name: 'Kantor', clientSecret: '' })));
  });

  it('signs a new person in through the provider with an account of the application, and the same one next time', async () => {
    oidc.signInAs({ sub: 'sub-siti', email: 'siti@kantor.example', email_verified: true });
    const session = await signInThrough(providerId);
    expect(session.userId).toBe('siti@kantor.example');
    expect(groupSlugsOf(session)).toEqual([expect.stringMatching(/./)]);
    // The session is a member's of the application, no more.
    expect((await server.call('GET', `/get/listMenu/${owner.appId}`, undefined, session.token)).statusCode).toBeLessThan(300);
    expect((await server.call('GET', `/get/identityProviders/${owner.appId}`, undefined, session.token)).statusCode).toBe(403);
    const again = await signInThrough(providerId);
    expect(again.userId).toBe('siti@kantor.example');
    expect(await server.store.selectFrom('userIdentities').select('userId').where('providerId', '=', providerId).execute()).toEqual([{ userId: 'siti@kantor.example' }]);
    await flushAudit(server.store);
    const signIns = await server.store.selectFrom('auditLog').select('summary').where('action', '=', 'login').where('appId', '=', owner.appId).where('actorId', '=', 'siti@kantor.example').execute();
    expect(signIns).toHaveLength(2);
  });

  it('puts the person in the groups the provider names, and keeps them in step at each sign-in', async () => {
    oidc.signInAs({ sub: 'sub-gudang', preferred_username: 'agus', groups: ['gudang', 'unknown'] });
    expect(groupSlugsOf(await signInThrough(providerId))).toEqual(['gudang']);
    oidc.signInAs({ sub: 'sub-gudang', preferred_username: 'agus', groups: [] });
    const back = await signInThrough(providerId);
    expect(back.userId).toBe('agus');
    expect(back.userGroup.map((group) => group.groupIsDefault)).toEqual(['1']);
  });

  it('trades a ticket once', async () => {
    oidc.signInAs({ sub: 'sub-once', preferred_username: 'sekali' });
    const ticket = ticketOf(await deliver(server, await toProviderAndBack(server, providerId)));
    expect((await redeem(ticket)).statusCode).toBe(200);
    const replayed = await redeem(ticket);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().error).toEqual([Messages.ssoTicketInvalid]);
    expect((await redeem('x'.repeat(43))).statusCode).toBe(400);
  });

  it('refuses a wrong state, a replayed answer and a forged code', async () => {
    oidc.signInAs({ sub: 'sub-state', preferred_username: 'negara' });
    const callback = await toProviderAndBack(server, providerId);
    const wrongState = new URL(callback);
    wrongState.searchParams.set('state', 'not-the-state');
    expect(await deliver(server, wrongState)).toBe('/');
    const forged = new URL(callback);
    forged.searchParams.set('code', 'forged-code');
    expect(await deliver(server, forged)).toBe(`/${owner.appSlug}/auth/login?sso=ssoRefused`);
    // The forged answer spent the state: the true one, delivered after, finds none.
    expect(await deliver(server, callback)).toBe('/');

    const fresh = await toProviderAndBack(server, providerId);
    expect(await deliver(server, fresh)).toMatch(/\/auth\/sso\?ticket=/);
    expect(await deliver(server, fresh)).toBe('/');
  });

  it.each([
    ['another audience', (claims: Record<string, unknown>) => ({ ...claims, aud: 'another-client' })],
    ['an expired token', (claims: Record<string, unknown>) => ({ ...claims, exp: Math.floor(Date.now() / 1000) - 600, iat: Math.floor(Date.now() / 1000) - 4000 })],
    ['another nonce', (claims: Record<string, unknown>) => ({ ...claims, nonce: 'changed-nonce' })],
    ['another issuer', (claims: Record<string, unknown>) => ({ ...claims, iss: 'https://evil.example' })],
  ])('refuses an id token for %s, and makes no account', async (_what, change) => {
    const sub = `sub-${Math.random().toString(36).slice(2)}`;
    oidc.signInAs({ sub, preferred_username: sub });
    const callback = await toProviderAndBack(server, providerId);
    oidc.tamperNextIdToken(change);
    expect(await deliver(server, callback)).toBe(`/${owner.appSlug}/auth/login?sso=ssoRefused`);
    expect(await server.store.selectFrom('users').select('userId').where('userId', '=', sub).execute()).toEqual([]);
  });

  it('never takes over an existing account by an e-mail: unverified, it names none; verified, it is refused', async () => {
    const existing = freshUserId();
    await server.register(existing, 'password-of-budi-1');
    oidc.signInAs({ sub: 'sub-unverified', email: existing, email_verified: false });
    const unverified = await signInThrough(providerId);
    expect(unverified.userId).toBe('sub-unverified');
    oidc.signInAs({ sub: 'sub-verified', email: existing, email_verified: true });
    expect(await deliver(server, await toProviderAndBack(server, providerId))).toBe(`/${owner.appSlug}/auth/login?sso=ssoIdTaken`);
    expect(await server.store.selectFrom('userIdentities').select('subject').where('userId', '=', existing).execute()).toEqual([]);
  });

  it('refuses a new person when the provider makes no accounts', async () => {
    const refusing = (await must<{ providerId: number }>(as(owner.token)('POST', '/save/identityProvider', providerBody({ name: 'Tertutup', newUsers: 'refuse' })))).providerId;
    oidc.signInAs({ sub: 'sub-stranger', preferred_username: 'orang-asing' });
    expect(await deliver(server, await toProviderAndBack(server, refusing))).toBe(`/${owner.appSlug}/auth/login?sso=ssoNoAccount`);
    await must(as(owner.token)('DELETE', '/delete/identityProvider', { appId: owner.appId, providerId: refusing }));
  });

  it('signs in through the provider only, once the administrator turns the password form off', async () => {
    const member = freshUserId();
    await must(as(owner.token)('POST', '/auth/adduser', { data: { userId: member, password: 'password-of-member-1', confirm_password: 'password-of-member-1', appId: owner.appId } }));
    expect((await server.call('POST', '/auth/login', { userId: member, password: 'password-of-member-1', appSlug: owner.appSlug })).statusCode).toBe(200);
    await must(as(owner.token)('PUT', '/save/passwordSignIn', { appId: owner.appId, password: false }));
    const refused = await server.call('POST', '/auth/login', { userId: member, password: 'password-of-member-1', appSlug: owner.appSlug });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual([Messages.ssoPasswordOff]);
    expect((await must<PublicApplication>(server.call('GET', `/get/getApp/slug/${owner.appSlug}`))).signIn?.password).toBe(false);
    // Its administrator still opens it from main.
    expect((await server.call('POST', '/auth/openApp', { appId: owner.appId }, owner.mainToken)).statusCode).toBe(200);
    await must(as(owner.token)('PUT', '/save/passwordSignIn', { appId: owner.appId, password: true }));
  });
});

describe('single sign-on and the trust boundary', () => {
  let server: TestServer;
  let oidc: TestOidcProvider;
  let author: HostileBuilder;
  let victim: HostileBuilder;

  beforeAll(async () => {
    // The operator's defaults: no private address.
    server = await buildTestServer('sqlite');
    oidc = await startOidcProvider({ redirectUris: [CALLBACK_URL] });
    author = await hostileBuilder(server);
    victim = await hostileBuilder(server);
  });
  afterAll(async () => {
    await oidc?.close();
    await server?.close();
  });

  const save = (token: string, body: Record<string, unknown>) => server.call('POST', '/save/identityProvider', {
    providerId: null, name: 'Palsu', issuer: oidc.issuer, clientId: oidc.clientId, clientSecret: oidc.clientSecret, ...body,
  }, token);

  it('refuses the hostile author an issuer on a private address, and stores nothing', async () => {
    for (const issuer of [oidc.issuer, 'http://169.254.169.254/latest', 'http://[::1]:8080', 'file:///etc/passwd', 'javascript:alert(1)']) {
      const answer = await save(author.token, { appId: author.appId, issuer });
      expect(answer.statusCode, `${issuer}: ${answer.body}`).toBe(400);
    }
    expect(await server.store.selectFrom('identityProviders').selectAll().execute()).toEqual([]);
  });

  it('keeps him out of another application\'s providers', async () => {
    const other = await save(author.token, { appId: victim.appId });
    expect(other.statusCode).toBe(403);
    expect((await server.call('GET', `/get/identityProviders/${victim.appId}`, undefined, author.token)).statusCode).toBe(403);
    expect((await server.call('PUT', '/save/passwordSignIn', { appId: victim.appId, password: false }, author.token)).statusCode).toBe(403);
  });

  it('keeps issuers to the operator\'s list when he sets one', async () => {
    const listed = await buildTestServer('sqlite', { allowPrivateUrls: true, allowedOidcIssuers: ['https://login.kantor.example'] });
    try {
      const builder = await hostileBuilder(listed);
      const answer = await listed.call('POST', '/save/identityProvider', {
        appId: builder.appId, providerId: null, name: 'Lain', issuer: oidc.issuer, clientId: oidc.clientId, clientSecret: oidc.clientSecret,
      }, builder.token);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error).toEqual([Messages.ssoIssuerNotAllowed]);
    } finally {
      await listed.close();
    }
  });

  it('signs his provider\'s people into his application only, never as another application\'s user', async () => {
    const open = await buildTestServer('sqlite', { allowPrivateUrls: true });
    try {
      const builder = await hostileBuilder(open);
      const other = await hostileBuilder(open);
      const providerId = ((await open.call('POST', '/save/identityProvider', {
        appId: builder.appId, providerId: null, name: 'Milik penyerang', issuer: oidc.issuer, clientId: oidc.clientId, clientSecret: oidc.clientSecret,
      }, builder.token)).json() as { data: { providerId: number } }).data.providerId;
      // His provider claims the other builder's id, verified: refused, not taken over.
      oidc.signInAs({ sub: 'claims-other', email: other.userId, email_verified: true });
      expect(await deliver(open, await toProviderAndBack(open, providerId))).toBe(`/${builder.appSlug}/auth/login?sso=ssoIdTaken`);
      // A person his provider makes reaches his application and no other.
      oidc.signInAs({ sub: 'his-own', preferred_username: 'pegawai-palsu' });
      const location = await deliver(open, await toProviderAndBack(open, providerId));
      const ticket = new URL(location, 'http://rakit.test').searchParams.get('ticket') ?? '';
      const session = ((await open.call('POST', '/auth/sso/ticket', { ticket })).json() as { data: SessionUser[] }).data[0]!;
      expect(session.userGroup.every((group) => group.groupAppId === String(builder.appId))).toBe(true);
      expect((await open.call('GET', `/get/listMenu/${other.appId}`, undefined, session.token)).statusCode).toBe(403);
    } finally {
      await open.close();
    }
  });
});
