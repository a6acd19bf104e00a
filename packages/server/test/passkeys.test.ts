import { Messages } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPasskey, takeChallenge } from '../src/store/repositories/passkeys';
import { buildTestServer, type TestServer } from './support/build';
import { availableEngines } from './support/engines';
import { type HostileBuilder, hostileBuilder } from './trust-boundary/hostile';

/**
 * Passkeys on the server (issue 36): what is refused before any signature is checked, and who may
 * touch whose. The browser's half, with a real authenticator, is e2e/specs/passkeys.spec.ts.
 */
const engines = await availableEngines();

const answer = (id: string, clientData: Record<string, unknown> = {}) => ({
  id, rawId: id, type: 'public-key',
  response: { clientDataJSON: Buffer.from(JSON.stringify(clientData)).toString('base64url'), authenticatorData: 'AAAA', signature: 'AAAA' },
});

describe.each(engines)('passkeys on a %s store', (engine) => {
  let server: TestServer;
  let owner: HostileBuilder;
  let hostile: HostileBuilder;

  beforeAll(async () => {
    server = await buildTestServer(engine);
    owner = await hostileBuilder(server);
    hostile = await hostileBuilder(server);
  });
  afterAll(async () => { await server?.close(); });

  /** A passkey row of the owner's, as a registration would leave it (no authenticator holds its key). */
  async function ownersPasskey(credentialId: string) {
    await insertPasskey(server.store, {
      credentialId, userId: owner.userId, passkeyName: 'Ponsel', publicKey: 'pQECAyYgASFYIA', signCount: 0, transports: 'internal', backedUp: 0,
      createdAt: new Date().toISOString(), lastUsedAt: null,
    });
  }

  it('hands out sign-in challenges good once, and registration challenges for their person only', async () => {
    const options = await server.call('POST', '/auth/passkey/options', { appSlug: owner.appSlug });
    expect(options.statusCode, options.body).toBe(200);
    const { challenge, rpId } = options.json().data.options as { challenge: string; rpId: string };
    expect(rpId).toBe('localhost');
    const since = new Date(Date.now() - 60_000).toISOString();
    expect(await takeChallenge(server.store, challenge, 'register', null, since)).toBe(false);
    expect(await takeChallenge(server.store, challenge, 'signIn', null, since)).toBe(true);
    expect(await takeChallenge(server.store, challenge, 'signIn', null, since)).toBe(false);

    const registration = await server.call('POST', '/auth/passkeys/options', {}, owner.token);
    const made = registration.json().data.options as { challenge: string; user: { name: string }; authenticatorSelection: { residentKey: string } };
    expect(made.user.name).toBe(owner.userId);
    expect(made.authenticatorSelection.residentKey).toBe('required');
    expect(await takeChallenge(server.store, made.challenge, 'register', hostile.userId, since)).toBe(false);
    expect(await takeChallenge(server.store, made.challenge, 'register', owner.userId, since)).toBe(true);
    // One older than its five minutes is gone.
    expect(await takeChallenge(server.store, made.challenge, 'register', owner.userId, new Date(Date.now() + 1000).toISOString())).toBe(false);
  });

  it('refuses an answer no authenticator signed, and keeps nothing', async () => {
    const options = (await server.call('POST', '/auth/passkeys/options', {}, owner.token)).json().data.options as { challenge: string };
    const forged = await server.call('POST', '/auth/passkeys/register', {
      name: 'Forged', response: { ...answer('Zm9yZ2Vk', { type: 'webauthn.create', challenge: options.challenge, origin: 'http://localhost' }), response: { clientDataJSON: 'e30', attestationObject: 'AAAA' } },
    }, owner.token);
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error).toEqual([Messages.passkeyRefused]);
    expect((await server.call('GET', '/auth/passkeys', undefined, owner.token)).json().data.passkeys).toEqual([]);
  });

  it('refuses a sign-in with a passkey it does not know, or with a challenge it never handed out', async () => {
    const unknown = await server.call('POST', '/auth/passkey/signIn', { appSlug: owner.appSlug, response: answer('bm8tc3VjaA') });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toEqual([Messages.passkeyNotFound]);

    await ownersPasskey('b3duZXJzLWtleQ');
    const invented = await server.call('POST', '/auth/passkey/signIn', {
      appSlug: owner.appSlug, response: answer('b3duZXJzLWtleQ', { type: 'webauthn.get', challenge: 'bmV2ZXItaGFuZGVkLW91dA', origin: 'http://localhost' }),
    });
    expect(invented.statusCode).toBe(401);
    expect(invented.json().error).toEqual([Messages.passkeyRefused]);
    // A real challenge with no valid signature: refused, and the challenge is spent.
    const { challenge } = (await server.call('POST', '/auth/passkey/options', { appSlug: owner.appSlug })).json().data.options as { challenge: string };
    const unsigned = await server.call('POST', '/auth/passkey/signIn', {
      appSlug: owner.appSlug, response: answer('b3duZXJzLWtleQ', { type: 'webauthn.get', challenge, origin: 'http://localhost' }),
    });
    expect(unsigned.statusCode).toBe(401);
    expect(await takeChallenge(server.store, challenge, 'signIn', null, new Date(Date.now() - 60_000).toISOString())).toBe(false);
    expect(await server.store.selectFrom('userSessions').select('sessionId').where('userId', '=', owner.userId).where('method', '=', 'passkey').execute()).toEqual([]);
  });

  it('refuses passkeys where the application signs in with single sign-on only', async () => {
    await server.store.updateTable('apps').set({ appPasswordSignIn: 0 }).where('appId', '=', owner.appId).execute();
    try {
      const refused = await server.call('POST', '/auth/passkey/signIn', { appSlug: owner.appSlug, response: answer('b3duZXJzLWtleQ') });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toEqual([Messages.passkeyOff]);
    } finally {
      await server.store.updateTable('apps').set({ appPasswordSignIn: 1 }).where('appId', '=', owner.appId).execute();
    }
  });

  it('keeps each person\'s passkeys his own (the hostile author included)', async () => {
    await ownersPasskey('b3duZXJzLXNlY29uZA');
    expect((await server.call('GET', '/auth/passkeys', undefined, hostile.token)).json().data.passkeys).toEqual([]);
    const stolen = await server.call('DELETE', '/auth/passkeys', { credentialId: 'b3duZXJzLXNlY29uZA' }, hostile.token);
    expect(stolen.statusCode).toBe(404);
    const mine = (await server.call('GET', '/auth/passkeys', undefined, owner.token)).json().data.passkeys as { credentialId: string }[];
    expect(mine.map((p) => p.credentialId)).toContain('b3duZXJzLXNlY29uZA');
    const removed = await server.call('DELETE', '/auth/passkeys', { credentialId: 'b3duZXJzLXNlY29uZA' }, owner.token);
    expect(removed.statusCode, removed.body).toBe(200);
    // Bad bodies: a clear 400.
    for (const body of [{}, { credentialId: '' }, { credentialId: 'not base64url!' }, { credentialId: 'x'.repeat(701) }]) {
      expect((await server.call('DELETE', '/auth/passkeys', body, owner.token)).statusCode, JSON.stringify(body)).toBe(400);
    }
    for (const body of [{}, { appSlug: owner.appSlug }, { appSlug: owner.appSlug, response: { id: 'a', rawId: 'a', type: 'password', response: { clientDataJSON: '' } } }]) {
      expect((await server.call('POST', '/auth/passkey/signIn', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await server.call('GET', '/auth/passkeys')).statusCode).toBe(401);
    expect((await server.call('POST', '/auth/passkeys/options', {})).statusCode).toBe(401);
  });
});
