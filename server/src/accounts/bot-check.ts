import { createHmac } from 'node:crypto';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { Challenge } from 'altcha-lib/v1/types';
import type { Db } from '../db/database.ts';
import { AppError } from '../http/errors.ts';

/** How long a challenge may be solved and spent. */
const CHALLENGE_MINUTES = 10;

/**
 * ALTCHA proof of work on sign-up and password reset (ARCHITECTURE.md: no third-party calls). The client
 * solves a signed challenge and sends the proof as `recaptchaToken`; a proof counts once, then its
 * signature is kept until the challenge would have expired anyway.
 */
export class BotCheck {
  private readonly db: Db;
  private readonly hmacKey: string;
  private readonly maxNumber: number;

  constructor(db: Db, secret: string, maxNumber: number) {
    this.db = db;
    // A key of its own, derived so the access-token key never signs anything else.
    this.hmacKey = createHmac('sha256', secret).update('altcha challenge').digest('base64url');
    this.maxNumber = maxNumber;
  }

  challenge(): Promise<Challenge> {
    return createChallenge({
      hmacKey: this.hmacKey,
      maxNumber: this.maxNumber,
      expires: new Date(Date.now() + CHALLENGE_MINUTES * 60_000),
    });
  }

  /** Throws bot_check_failed unless the proof is valid, unexpired and not spent before. */
  async spend(proof: string | undefined): Promise<void> {
    if (!proof) throw new AppError('bot_check_failed');
    let payload: { signature?: unknown; salt?: unknown };
    try {
      payload = JSON.parse(Buffer.from(proof, 'base64').toString('utf8'));
    } catch {
      throw new AppError('bot_check_failed');
    }
    const valid = await verifySolution(proof, this.hmacKey, true).catch(() => false);
    if (!valid || typeof payload.signature !== 'string') throw new AppError('bot_check_failed');
    const expires = Number(extractParams(payload as never).expires) * 1000;
    const spent = await this.db
      .insertInto('spent_proofs')
      .values({
        signature: payload.signature,
        expires_at: new Date(Number.isFinite(expires) ? expires : Date.now() + CHALLENGE_MINUTES * 60_000),
      })
      .onConflict((conflict) => conflict.column('signature').doNothing())
      .returning('signature')
      .executeTakeFirst();
    if (!spent) throw new AppError('bot_check_failed');
  }
}
