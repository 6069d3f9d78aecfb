import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A passed age check: only how and when. */
export interface AgeCheckPass {
  readonly method: string;
  readonly passedAt: Date;
}

/** The visitor's pass, signed, in an HttpOnly cookie of this name (README.md "Where a pass is kept"). */
export const PASS_COOKIE = 'age_check';
/** How long a started attempt may take to complete. */
const ATTEMPT_MS = 30 * 60_000;

/**
 * Signs and reads the two tokens of the flow with a key derived from the app's secret: the visitor's pass
 * cookie (`method.passedAt.signature`) and an attempt's reference (`nonce.expiry.signature`), so neither
 * can be made or changed by a client.
 */
export class AgeCheckTokens {
  readonly #key: Buffer;
  readonly #validMs: number;

  constructor(secret: string, validDays: number) {
    this.#key = createHmac('sha256', secret).update('velvet age-check tokens').digest();
    this.#validMs = validDays * 86_400_000;
  }

  get validSeconds(): number {
    return this.#validMs / 1000;
  }

  #sign(kind: string, body: string): string {
    return createHmac('sha256', this.#key).update(`${kind}:${body}`).digest('base64url');
  }

  #verified(kind: string, token: string | undefined): string[] | undefined {
    if (!token || token.length > 200) return undefined;
    const cut = token.lastIndexOf('.');
    const body = token.slice(0, cut);
    const given = Buffer.from(token.slice(cut + 1), 'base64url');
    const expected = Buffer.from(this.#sign(kind, body), 'base64url');
    if (cut < 0 || given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return body.split('.');
  }

  passCookie(pass: AgeCheckPass): string {
    const body = `${pass.method}.${pass.passedAt.getTime()}`;
    return `${body}.${this.#sign('pass', body)}`;
  }

  /** The pass a cookie holds, when its signature is right and it has not outlived AGE_CHECK_VALID_DAYS. */
  readPass(cookie: string | undefined, now = Date.now()): AgeCheckPass | undefined {
    const [method, time] = this.#verified('pass', cookie) ?? [];
    const passedAt = Number(time);
    if (!method || !Number.isSafeInteger(passedAt) || !this.isCurrent(new Date(passedAt), now)) return undefined;
    return { method, passedAt: new Date(passedAt) };
  }

  isCurrent(passedAt: Date, now = Date.now()): boolean {
    return passedAt.getTime() <= now && now - passedAt.getTime() < this.#validMs;
  }

  newAttempt(now = Date.now()): string {
    const body = `${randomBytes(12).toString('base64url')}.${now + ATTEMPT_MS}`;
    return `${body}.${this.#sign('attempt', body)}`;
  }

  isLiveAttempt(reference: string, now = Date.now()): boolean {
    const [, expiry] = this.#verified('attempt', reference) ?? [];
    return Number(expiry) > now;
  }
}
