import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const ANONYMOUS_TOKEN_SECONDS = 24 * 3600;
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 3600;

/** How many verified tokens a process remembers; past that the oldest is forgotten (and verified again if it comes back). */
export const REMEMBERED_TOKENS = 10_000;

const ISSUER = 'velvet';
const AUDIENCE = 'velvet-api';

/** Claims of our access tokens; an anonymous one has no `sub` but a visitor id instead. */
export interface AccessClaims {
  readonly userId: number | undefined;
  /** A user token's session: the refresh family it was issued in (`sid`). */
  readonly sessionId: string | undefined;
  /**
   * When a user token was issued, in milliseconds (`iat_ms`): the standard `iat` counts whole seconds, and
   * a token issued in the same second right after a password change must still count as newer.
   */
  readonly issuedAtMs: number | undefined;
  readonly visitorId: string | undefined;
  readonly langId: string;
  readonly exp: number;
}

/** Who a token is for: a user's session (issued at a given instant) or a visitor. */
export type TokenSubject = { userId: number; sessionId: string; issuedAtMs: number } | { visitorId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; reason: 'token_invalid' | 'token_expired' };

/**
 * Signs and checks the short-lived JWTs (HS256 with config.auth.jwtSecret). A token that verified is
 * remembered until it expires: a browser sends the same one with every call, and checking its signature
 * (WebCrypto through jose) was a third of the CPU of an answer served from the response cache.
 */
export class TokenSigner {
  private readonly key: Uint8Array;
  private readonly verified = new Map<string, AccessClaims>();

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async sign(subject: TokenSubject, langId: string): Promise<{ token: string; exp: number }> {
    const seconds = 'userId' in subject ? ACCESS_TOKEN_SECONDS : ANONYMOUS_TOKEN_SECONDS;
    const exp = Math.floor(Date.now() / 1000) + seconds;
    const claims = 'visitorId' in subject ? { vid: subject.visitorId } : { sid: subject.sessionId, iat_ms: subject.issuedAtMs };
    const jwt = new SignJWT({ lang: langId, ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(exp);
    if ('userId' in subject) jwt.setSubject(String(subject.userId));
    return { token: await jwt.sign(this.key), exp };
  }

  async verify(token: string): Promise<VerifyResult> {
    const known = this.verified.get(token);
    if (known) {
      if (unexpired(known)) return { ok: true, claims: known };
      this.verified.delete(token);
      return { ok: false, reason: 'token_expired' };
    }
    const result = await this.check(token);
    if (result.ok) this.remember(token, result.claims);
    return result;
  }

  private remember(token: string, claims: AccessClaims): void {
    if (this.verified.size >= REMEMBERED_TOKENS) {
      const oldest = this.verified.keys().next().value;
      if (oldest !== undefined) this.verified.delete(oldest);
    }
    this.verified.set(token, claims);
  }

  private async check(token: string): Promise<VerifyResult> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
      const userId = payload.sub === undefined ? undefined : Number(payload.sub);
      const sessionId = typeof payload.sid === 'string' && UUID.test(payload.sid) ? payload.sid : undefined;
      const issuedAtMs = Number.isSafeInteger(payload.iat_ms) ? (payload.iat_ms as number) : undefined;
      // A user token without its session cannot be ended by a logout, so it is not honoured.
      const userValid = Number.isSafeInteger(userId) && (userId as number) > 0 && sessionId && issuedAtMs !== undefined;
      if (userId !== undefined && !userValid) return { ok: false, reason: 'token_invalid' };
      return {
        ok: true,
        claims: {
          userId,
          sessionId: userId === undefined ? undefined : sessionId,
          issuedAtMs: userId === undefined ? undefined : issuedAtMs,
          visitorId: typeof payload.vid === 'string' ? payload.vid : undefined,
          langId: typeof payload.lang === 'string' ? payload.lang : 'en',
          exp: payload.exp ?? 0,
        },
      };
    } catch (error) {
      return { ok: false, reason: error instanceof joseErrors.JWTExpired ? 'token_expired' : 'token_invalid' };
    }
  }
}

/** jose's own rule: a token is expired from its `exp` second on. */
const unexpired = (claims: AccessClaims) => claims.exp > Math.floor(Date.now() / 1000);

/** An opaque secret for refresh and e-mail links: 32 random bytes, base64url. */
export function opaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored, so a database leak does not hand out live tokens. */
export function tokenDigest(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

export function newVisitorId(): string {
  return randomUUID();
}

export function newFamilyId(): string {
  return randomUUID();
}
