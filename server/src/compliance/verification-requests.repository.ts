import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export interface VerificationRequestRow {
  readonly id: number;
  readonly state: 'open' | 'closed';
  readonly createdAt: Date;
}

export interface RequestingAccount {
  readonly username: string;
  readonly displayName: string;
  readonly email: string | null;
  readonly type: number;
}

/** The only place that reads or writes verification_requests (migration 0017). */
export class VerificationRequestsRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  account(userId: number): Promise<RequestingAccount | undefined> {
    return this.#db
      .selectFrom('users')
      .select(['username', 'display_name as displayName', 'email', 'type'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  /** The account's newest request, open or not. */
  latest(userId: number): Promise<VerificationRequestRow | undefined> {
    return this.#db
      .selectFrom('verification_requests')
      .select(['id', 'state', 'created_at as createdAt'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** A new open request, or undefined when the account has one open already (the partial unique index decides, even under races). */
  async open(userId: number): Promise<VerificationRequestRow | undefined> {
    const { rows } = await sql<VerificationRequestRow>`
      INSERT INTO verification_requests (user_id) VALUES (${userId})
      ON CONFLICT (user_id) WHERE state = 'open' DO NOTHING
      RETURNING id, state, created_at AS "createdAt"`.execute(this.#db);
    return rows[0];
  }

  async markMailed(id: number): Promise<void> {
    await this.#db.updateTable('verification_requests').set({ mailed_at: new Date() }).where('id', '=', id).execute();
  }
}
