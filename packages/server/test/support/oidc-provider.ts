import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, importJWK, type JWK, SignJWT } from 'jose';
import Provider, { type ClaimsParameterMember, type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A real OpenID provider for the tests of single sign-on (issue 36): panva's `oidc-provider`,
 * certified by the OpenID Foundation, in the test's process on a local port. Its sign-in page
 * signs in whoever the test names next (`signInAs`), and consent is given: the provider's own
 * screens are not what is tested. `tamper` re-signs the next id token with the provider's own
 * key after changing its claims, as a provider gone wrong (or a forger holding its key) would.
 */

export interface TestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  preferred_username?: string;
  groups?: string[];
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account the provider's sign-in page signs in next. */
  signInAs(account: TestAccount): void;
  /** Changes the claims of the next id token the token endpoint answers. */
  tamperNextIdToken(change: (claims: Record<string, unknown>) => Record<string, unknown>): void;
  /** How many id tokens the token endpoint answered. */
  tokensIssued(): number;
  close(): Promise<void>;
}

export async function startOidcProvider(options: { redirectUris: string[]; host?: string }): Promise<TestOidcProvider> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...(privateKey.export({ format: 'jwk' }) as JWK), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const accounts = new Map<string, TestAccount>();
  let next: TestAccount = { sub: 'nobody' };
  let tamper: ((claims: Record<string, unknown>) => Record<string, unknown>) | undefined;
  let issued = 0;
  const clientId = `rakit-${randomBytes(4).toString('hex')}`;
  const clientSecret = randomBytes(24).toString('hex');

  const front = http.createServer();
  await new Promise<void>((resolve) => front.listen(0, options.host ?? '127.0.0.1', resolve));
  const issuer = `http://${options.host ?? '127.0.0.1'}:${(front.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: options.redirectUris, grant_types: ['authorization_code'], response_types: ['code'] }],
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['preferred_username'], groups: ['groups'] },
    scopes: ['openid', 'email', 'profile', 'groups'],
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    interactions: { url: (_ctx: KoaContextWithOIDC, interaction) => `/interaction/${interaction.uid}` },
    // Consent is given: the grant holds every scope asked for.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope(String(ctx.oidc.params?.scope ?? 'openid'));
      await grant.save();
      return grant;
    },
    findAccount: (_ctx: KoaContextWithOIDC, sub: string) => {
      const account = accounts.get(sub);
      return account === undefined ? undefined : { accountId: sub, claims: (_use: string, _scope: string, _claims: { [key: string]: ClaimsParameterMember | null }) => ({ ...account }) };
    },
    ttl: { AuthorizationCode: 60, IdToken: 3600, AccessToken: 3600, Interaction: 600, Session: 600, Grant: 600 },
  });
  const handle = provider.callback();
  const key = await importJWK(jwk, 'RS256');

  front.on('request', (request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', issuer);
      if (url.pathname.startsWith('/interaction/')) {
        accounts.set(next.sub, next);
        await provider.interactionFinished(request, response, { login: { accountId: next.sub } }, { mergeWithLastSubmission: false });
        return;
      }
      if (url.pathname === '/token' && request.method === 'POST') {
        // The provider's answer, its id token re-signed with its own key when the test says so.
        const captured = await answerOf(handle, request);
        const body = JSON.parse(captured.body) as { id_token?: string };
        if (body.id_token !== undefined) {
          issued += 1;
          if (tamper !== undefined) {
            const claims = tamper(decodeJwt(body.id_token) as Record<string, unknown>);
            tamper = undefined;
            body.id_token = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'test-key' }).sign(key);
          }
        }
        response.writeHead(captured.status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        response.end(JSON.stringify(body));
        return;
      }
      handle(request, response);
    })().catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs: (account) => { next = account; },
    tamperNextIdToken: (change) => { tamper = change; },
    tokensIssued: () => issued,
    close: () => new Promise<void>((resolve) => {
      front.closeAllConnections();
      front.close(() => resolve());
    }),
  };
}

/** What the provider answers a request, captured instead of sent. */
function answerOf(handle: (request: http.IncomingMessage, response: http.ServerResponse) => void, request: http.IncomingMessage): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const capture = new http.ServerResponse(request);
    capture.write = ((chunk: Buffer | string) => { chunks.push(Buffer.from(chunk)); return true; }) as typeof capture.write;
    capture.end = ((chunk?: Buffer | string) => {
      if (chunk !== undefined && typeof chunk !== 'function') chunks.push(Buffer.from(chunk));
      resolve({ status: capture.statusCode, body: Buffer.concat(chunks).toString('utf8') });
      return capture;
    }) as typeof capture.end;
    handle(request, capture);
  });
}
