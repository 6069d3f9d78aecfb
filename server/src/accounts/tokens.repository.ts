import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export type ActionPurpose = 'verify-email' | 'reset-password';

/** Outcome of presenting a refresh token; `reused` means it had already been rotated or revoked. */
export type RefreshConsumption =
  | { readonly kind: 'unknown' }
  | { readonly kind: 'reused'; readonly familyId: string; readonly userId: number }
  | { readonly kind: 'expired'; readonly familyId: string; readonly userId: number }
  | { readonly kind: 'consumed'; readonly familyId: string; readonly userId: number };

export type ActionConsumption =
  | { readonly kind: 'unknown' }
  | { readonly kind: 'expired' }
  | { readonly kind: 'valid'; readonly userId: number };

/** Refresh tokens and e-mailed action tokens; both stored only as SHA-256 digests. */
export class TokensRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /**
   * Stores a family's next token, unless the family ended while its previous token was being rotated (a
   * logout, a password change): false then. Ending sessions takes the user's row lock (revokeFamily,
   * revokeAllForUser, the password trigger's UPDATE of users), and this waits for it, so an ending
   * either commits first and is seen here, or starts after this token is stored and revokes it too.
   */
  async insertRefresh(token: { familyId: string; userId: number; digest: Buffer; expiresAt: Date }): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await trx.selectFrom('users').select('id').where('id', '=', token.userId).forShare().execute();
      const ended = await trx
        .selectFrom('refresh_tokens')
        .select('family_id')
        .where('family_id', '=', token.familyId)
        .where('revoked_at', 'is not', null)
        .limit(1)
        .executeTakeFirst();
      if (ended) return false;
      await trx
        .insertInto('refresh_tokens')
        .values({ family_id: token.familyId, user_id: token.userId, token_hash: token.digest, expires_at: token.expiresAt })
        .execute();
      return true;
    });
  }

  /**
   * Marks the token used in the same statement that reads it, so two concurrent presentations cannot
   * both succeed: the loser sees it as reused.
   */
  async consumeRefresh(digest: Buffer): Promise<RefreshConsumption> {
    const claimed = await this.db
      .updateTable('refresh_tokens')
      .set({ used_at: sql`now()` })
      .where('token_hash', '=', digest)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .returning(['family_id', 'user_id', sql<boolean>`expires_at < now()`.as('expired')])
      .executeTakeFirst();
    if (claimed) {
      const kind = claimed.expired ? 'expired' : 'consumed';
      return { kind, familyId: claimed.family_id, userId: claimed.user_id };
    }
    const known = await this.db
      .selectFrom('refresh_tokens')
      .select(['family_id', 'user_id'])
      .where('token_hash', '=', digest)
      .executeTakeFirst();
    return known ? { kind: 'reused', familyId: known.family_id, userId: known.user_id } : { kind: 'unknown' };
  }

  /** Revokes what is left of a family; answers its user, or undefined when it had already ended. */
  async revokeFamily(familyId: string): Promise<number | undefined> {
    return this.db.transaction().execute(async (trx) => {
      await sql`SELECT 1 FROM users
        WHERE id = (SELECT user_id FROM refresh_tokens WHERE family_id = ${familyId}::uuid LIMIT 1)
        FOR NO KEY UPDATE`.execute(trx);
      const rows = await trx
        .updateTable('refresh_tokens')
        .set({ revoked_at: sql`now()` })
        .where('family_id', '=', familyId)
        .where('revoked_at', 'is', null)
        .returning('user_id')
        .execute();
      return rows[0]?.user_id;
    });
  }

  async familyOf(digest: Buffer): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('refresh_tokens')
      .select('family_id')
      .where('token_hash', '=', digest)
      .executeTakeFirst();
    return row?.family_id;
  }

  async revokeAllForUser(userId: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
      await trx
        .updateTable('refresh_tokens')
        .set({ revoked_at: sql`now()` })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    });
  }

  /** A new link supersedes earlier unused ones of the same purpose, so only the latest e-mail works. */
  async replaceAction(token: { userId: number; purpose: ActionPurpose; digest: Buffer; expiresAt: Date }): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('action_tokens')
        .set({ used_at: sql`now()` })
        .where('user_id', '=', token.userId)
        .where('purpose', '=', token.purpose)
        .where('used_at', 'is', null)
        .execute();
      await trx
        .insertInto('action_tokens')
        .values({ user_id: token.userId, purpose: token.purpose, token_hash: token.digest, expires_at: token.expiresAt })
        .execute();
    });
  }

  async peekAction(digest: Buffer, purpose: ActionPurpose): Promise<ActionConsumption> {
    const row = await this.db
      .selectFrom('action_tokens')
      .select(['user_id', sql<boolean>`expires_at < now()`.as('expired')])
      .where('token_hash', '=', digest)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (!row) return { kind: 'unknown' };
    return row.expired ? { kind: 'expired' } : { kind: 'valid', userId: row.user_id };
  }

  /** Single use: only the request that flips used_at gets the user id. */
  async consumeAction(digest: Buffer, purpose: ActionPurpose): Promise<ActionConsumption> {
    const peeked = await this.peekAction(digest, purpose);
    if (peeked.kind !== 'valid') return peeked;
    const row = await this.db
      .updateTable('action_tokens')
      .set({ used_at: sql`now()` })
      .where('token_hash', '=', digest)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>=', sql<Date>`now()`)
      .returning('user_id')
      .executeTakeFirst();
    return row ? { kind: 'valid', userId: row.user_id } : { kind: 'unknown' };
  }
}
