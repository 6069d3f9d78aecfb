import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { AppError } from '../http/errors.ts';
import { tokenDigest } from './tokens.ts';

/** How long a login may take between asking for a nonce and presenting the provider's id token. */
export const NONCE_SECONDS = 600;

/**
 * The nonce a Google or Apple id token must carry. The server issues it as `expiry.random.signature`
 * (HMAC with a key derived from the JWT secret), so a nonce nobody asked us for is refused without a
 * lookup, and it is spent once: its digest is kept in `spent_login_nonces` until it would have expired,
 * on every app node. An id token captured elsewhere therefore cannot be replayed here, even by a client
 * that sets the nonce cookie by hand.
 */
export class LoginNonces {
  private readonly db: Db;
  private readonly key: Buffer;

  constructor(db: Db, secret: string) {
    this.db = db;
    // A key of its own, derived so the access-token key never signs anything else.
    this.key = createHmac('sha256', secret).update('login nonce').digest();
  }

  issue(now = Date.now()): string {
    const body = `${Math.floor(now / 1000) + NONCE_SECONDS}.${randomBytes(18).toString('base64url')}`;
    return `${body}.${this.sign(body)}`;
  }

  /**
   * Throws login_nonce_invalid (not issued by us, or altered) or login_nonce_expired without any lookup;
   * answers the nonce's expiry in milliseconds.
   */
  check(nonce: string | undefined): number {
    const match = nonce === undefined ? null : /^(\d{1,12})\.([A-Za-z0-9_-]{24})\.([A-Za-z0-9_-]{43})$/.exec(nonce);
    if (!match) throw new AppError('login_nonce_invalid');
    const [, expiry, random, signature] = match as unknown as [string, string, string, string];
    const expected = Buffer.from(this.sign(`${expiry}.${random}`));
    if (!timingSafeEqual(expected, Buffer.from(signature))) throw new AppError('login_nonce_invalid');
    const expiresAt = Number(expiry) * 1000;
    if (expiresAt <= Date.now()) throw new AppError('login_nonce_expired');
    return expiresAt;
  }

  /** As check, and then login_nonce_used when the nonce was spent before; otherwise spends it. */
  async spend(nonce: string | undefined): Promise<void> {
    const expiresAt = this.check(nonce);
    const spent = await this.db
      .insertInto('spent_login_nonces')
      .values({ digest: tokenDigest(nonce as string), expires_at: new Date(expiresAt) })
      .onConflict((conflict) => conflict.column('digest').doNothing())
      .returning('digest')
      .executeTakeFirst();
    if (!spent) throw new AppError('login_nonce_used');
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
