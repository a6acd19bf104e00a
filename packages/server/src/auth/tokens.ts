import { jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  userId: string;
  /** The application slug the token was issued for at sign-in. */
  appSlug: string;
  /** The user's session key when the token was issued; a token whose key is no longer his is revoked. */
  sessionKey: string;
  /** The session's row (issue 36): gone once the session is ended. */
  sessionId: string;
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

  /** When a token issued now expires, epoch milliseconds. */
  expiryFromNow(): number {
    return (Math.floor(Date.now() / 1000) + this.ttlSeconds) * 1000;
  }

  /** A token for the session; `expiresAtMs` is what expiryFromNow answered when its row was made. */
  async issue(claims: TokenClaims, expiresAtMs: number): Promise<{ token: string; expiresAtMs: number }> {
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = Math.floor(expiresAtMs / 1000);
    const token = await new SignJWT({ app: claims.appSlug, sk: claims.sessionKey, sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
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
      const { sub, app, sk, sid, exp } = payload;
      // A token without a session id was issued before sessions had rows: refused, as an ended one.
      if (typeof sub !== 'string' || typeof app !== 'string' || typeof sk !== 'string' || typeof sid !== 'string' || typeof exp !== 'number') return undefined;
      const claims = { userId: sub, appSlug: app, sessionKey: sk, sessionId: sid };
      if (this.verified.size >= MAX_VERIFIED) this.verified.clear();
      this.verified.set(token, { claims, expiresAtMs: exp * 1000 });
      return claims;
    } catch {
      return undefined;
    }
  }
}
