import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** Spec §4 tag preference score. */
export const PREFERENCE_START = 4;
export const PREFERENCE_GAIN = 3;
export const PREFERENCE_DECAY = 1.5;
export const PREFERENCE_FLOOR = 1;
export const PREFERENCE_TOP = 3;

/**
 * Per-viewer tag scores. A save raises the saved tags (+3, or 4 for a tag not held yet) and decays every
 * other tag of the viewer (÷1.5); a tag at 1 or less is dropped. One transaction, so two saves of the same
 * viewer at once serialise on the viewer's rows instead of losing an update.
 */
export class TagPreferencesRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async save(viewerKey: string, tagIds: readonly number[]): Promise<void> {
    const saved = [...new Set(tagIds)];
    if (saved.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      // Locks the viewer's rows first, so concurrent saves apply one after the other.
      await sql`SELECT 1 FROM tag_preferences WHERE viewer_key = ${viewerKey} FOR UPDATE`.execute(trx);
      await sql`
        DELETE FROM tag_preferences
        WHERE viewer_key = ${viewerKey} AND tag_id <> all(${saved}::bigint[]) AND score / ${PREFERENCE_DECAY} <= ${PREFERENCE_FLOOR}`.execute(
        trx,
      );
      await sql`
        UPDATE tag_preferences SET score = score / ${PREFERENCE_DECAY}, updated_at = now()
        WHERE viewer_key = ${viewerKey} AND tag_id <> all(${saved}::bigint[])`.execute(trx);
      await sql`
        INSERT INTO tag_preferences (viewer_key, tag_id, score)
        SELECT ${viewerKey}, t.id, ${PREFERENCE_START} FROM tags t WHERE t.id = any(${saved}::bigint[])
        ON CONFLICT (viewer_key, tag_id) DO UPDATE SET score = tag_preferences.score + ${PREFERENCE_GAIN}, updated_at = now()`.execute(
        trx,
      );
    });
  }

  /** The viewer's top tags, best first. */
  async top(viewerKey: string, count = PREFERENCE_TOP): Promise<{ tagId: number; score: number }[]> {
    return this.db
      .selectFrom('tag_preferences')
      .select(['tag_id as tagId', 'score'])
      .where('viewer_key', '=', viewerKey)
      .orderBy('score', 'desc')
      .orderBy('tag_id', 'desc')
      .limit(count)
      .execute();
  }

  async tagsOfPost(postId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('post_tags').select('tag_id').where('post_id', '=', postId).execute();
    return rows.map((row) => row.tag_id);
  }
}
