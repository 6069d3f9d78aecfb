import type { Db } from '../db/database.ts';

/** The preference cookies a logged-in user asked to keep with their account (table user_cookies). */
export class PreferencesRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async save(userId: number, cookie: { name: string; value: string; expiresAt: Date }): Promise<void> {
    await this.db
      .insertInto('user_cookies')
      .values({ user_id: userId, name: cookie.name, value: cookie.value, expires_at: cookie.expiresAt })
      .onConflict((conflict) =>
        conflict.columns(['user_id', 'name']).doUpdateSet({ value: cookie.value, expires_at: cookie.expiresAt }),
      )
      .execute();
  }

  async remove(userId: number, name: string): Promise<void> {
    await this.db.deleteFrom('user_cookies').where('user_id', '=', userId).where('name', '=', name).execute();
  }

  /** The user's unexpired cookies, as name → value. */
  async list(userId: number, now: Date): Promise<Record<string, string>> {
    const rows = await this.db
      .selectFrom('user_cookies')
      .select(['name', 'value'])
      .where('user_id', '=', userId)
      .where('expires_at', '>', now)
      .execute();
    return Object.fromEntries(rows.map((row) => [row.name, row.value]));
  }
}
