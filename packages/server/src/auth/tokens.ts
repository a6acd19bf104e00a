import { jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  userId: string;
  /** The application slug the token was issued for at sign-in. */
  appSlug: string;
  issuedAt: number;
}

const MAX_VERIFIED = 10_000;

export class TokenService {
  private readonly key: Uint8Array;
  /**
   * Tokens whose signature was checked, with their expiry: a token's signature and claims
   * never change, so each is verified once (HMAC through WebCrypto costs more than the rest
   * of a cached request). Expiry is still checked on every use.
   */
  private readonly verified = new Map<string, { claims: TokenClaims; expiresAtMs: number }>();

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
    const known = this.verified.get(token);
    if (known !== undefined) {
      if (Date.now() < known.expiresAtMs) return known.claims;
      this.verified.delete(token);
      return undefined;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: 'rakit', algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.app !== 'string' || typeof payload.iat !== 'number' || typeof payload.exp !== 'number') return undefined;
      const claims = { userId: payload.sub, appSlug: payload.app, issuedAt: payload.iat };
      if (this.verified.size >= MAX_VERIFIED) this.verified.clear();
      this.verified.set(token, { claims, expiresAtMs: payload.exp * 1000 });
      return claims;
    } catch {
      return undefined;
    }
  }
}
