import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** The only place that knows upload_tokens. Tokens arrive here as their SHA-256 digest, never in clear. */
export class UploadTokensRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /**
   * Stores a new token and keeps at most `maxLive` live tokens of the user (older ones are revoked); the
   * user's expired and revoked rows are deleted on the way, so the table holds only what can still be used.
   */
  async issue(userId: number, digest: Buffer, expiresAt: Date, maxLive: number): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('upload_tokens')
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('revoked_at', 'is not', null), eb('expires_at', '<=', sql<Date>`now()`)]))
        .execute();
      await trx.insertInto('upload_tokens').values({ user_id: userId, token_hash: digest, expires_at: expiresAt }).execute();
      await sql`
        UPDATE upload_tokens SET revoked_at = now()
        WHERE id IN (SELECT id FROM upload_tokens WHERE user_id = ${userId} AND revoked_at IS NULL
                     ORDER BY created_at DESC, id DESC OFFSET ${maxLive})`.execute(trx);
    });
  }

  /** Revokes every live token of the user. */
  async revokeAll(userId: number): Promise<void> {
    await this.#db
      .updateTable('upload_tokens')
      .set({ revoked_at: sql`now()` })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** True for a live token of this user with this digest; false for anyone else's, an expired or a revoked one. */
  async uploadsLimited(userId: number): Promise<boolean> {
    const row = await this.#db.selectFrom('users').select('uploads_limited_at').where('id', '=', userId).executeTakeFirst();
    return Boolean(row?.uploads_limited_at);
  }

  async isLive(userId: number, digest: Buffer): Promise<boolean> {
    const row = await this.#db
      .selectFrom('upload_tokens')
      .select('id')
      .where('token_hash', '=', digest)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return row !== undefined;
  }
}
