import { createHmac } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** Work a browser does before sending a form: up to this many SHA-256 hashes (well under a second). */
const MAX_NUMBER = 50_000;
const CHALLENGE_TTL_MS = 10 * 60_000;

/**
 * ALTCHA proof of work (ARCHITECTURE.md bot defence), carried in the spec's `recaptchaToken` field as the
 * widget sends it: base64 JSON {algorithm, challenge, number, salt, signature}. A solution is good once.
 */
export class AltchaGuard {
  private readonly db: Db;
  private readonly hmacKey: string;
  private readonly maxNumber: number;

  constructor(db: Db, secret: string, maxNumber = MAX_NUMBER) {
    this.db = db;
    // Derived, so the signing secret itself never signs anything but tokens.
    this.hmacKey = createHmac('sha256', secret).update('altcha-challenges').digest('hex');
    this.maxNumber = maxNumber;
  }

  challenge() {
    return createChallenge({
      hmacKey: this.hmacKey,
      maxNumber: this.maxNumber,
      expires: new Date(Date.now() + CHALLENGE_TTL_MS),
    });
  }

  /** True for a valid, unexpired solution not used before; marks it used. */
  async redeem(token: string): Promise<boolean> {
    let payload: { signature?: unknown };
    try {
      payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    } catch {
      return false;
    }
    if (typeof payload.signature !== 'string' || !(await verifySolution(token, this.hmacKey, true).catch(() => false)))
      return false;
    const spent = await sql<{ signature: string }>`
      WITH expired AS (DELETE FROM altcha_spent WHERE expires_at < now())
      INSERT INTO altcha_spent (signature, expires_at) VALUES (${payload.signature}, ${new Date(Date.now() + CHALLENGE_TTL_MS)})
      ON CONFLICT (signature) DO NOTHING RETURNING signature`.execute(this.db);
    return spent.rows.length === 1;
  }
}
