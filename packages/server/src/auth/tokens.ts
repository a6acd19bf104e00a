import { jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  userId: string;
  /** The application slug the token was issued for at sign-in. */
  appSlug: string;
  issuedAt: number;
}

export class TokenService {
  private readonly key: Uint8Array;

  constructor(secret: string, private readonly ttlSeconds: number) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(userId: string, appSlug: string): Promise<{ token: string; expiresAtMs: number }> {
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = now + this.ttlSeconds;
    const token = await new SignJWT({ app: appSlug })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuedAt(now)
      .setExpirationTime(expiresAt)
      .setIssuer('rakit')
      .sign(this.key);
    return { token, expiresAtMs: expiresAt * 1000 };
  }

  /** The claims of a valid, unexpired token; undefined for anything else. */
  async verify(token: string): Promise<TokenClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: 'rakit', algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.app !== 'string' || typeof payload.iat !== 'number') return undefined;
      return { userId: payload.sub, appSlug: payload.app, issuedAt: payload.iat };
    } catch {
      return undefined;
    }
  }
}
