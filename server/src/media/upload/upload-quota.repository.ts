import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** A row of uploads_in_progress older than this was left by a process that died mid-upload. */
export const STALE_UPLOAD_HOURS = 6;

export interface UploadLoad {
  /** Uploads of the user streaming now. */
  readonly running: number;
  /** Bytes those uploads may still receive. */
  readonly reservedBytes: number;
  /** Bytes of originals the user's uploads stored in the last 24 hours (media_files.size_bytes). */
  readonly storedBytes: number;
}

/** The SQL behind the upload quota; the only place that reads or writes uploads_in_progress. */
export class UploadQuotaRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /**
   * Runs `decide` on the user's current load with every other start of the same user waiting (the user's
   * row is locked), and records the slot it answers, if any. Answers the new slot's id.
   */
  async start(userId: number, decide: (load: UploadLoad) => number): Promise<number> {
    return this.#db.transaction().execute(async (trx) => {
      await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
      await trx
        .deleteFrom('uploads_in_progress')
        .where('user_id', '=', userId)
        .where('started_at', '<', sql<Date>`now() - make_interval(hours => ${STALE_UPLOAD_HOURS})`)
        .execute();
      const { rows } = await sql<UploadLoad>`
        SELECT
          (SELECT count(*)::int FROM uploads_in_progress WHERE user_id = ${userId}) AS running,
          (SELECT coalesce(sum(allowance_bytes), 0)::float8 FROM uploads_in_progress WHERE user_id = ${userId}) AS "reservedBytes",
          (SELECT coalesce(sum(size_bytes), 0)::float8 FROM media_files
            WHERE owner_id = ${userId} AND post_id IS NOT NULL AND created_at > now() - interval '24 hours') AS "storedBytes"`.execute(
        trx,
      );
      const allowance = decide(rows[0] as UploadLoad);
      const slot = await trx
        .insertInto('uploads_in_progress')
        .values({ user_id: userId, allowance_bytes: allowance })
        .returning('id')
        .executeTakeFirstOrThrow();
      return slot.id;
    });
  }

  /**
   * The day's bytes in use (stored in the last 24 hours and reserved by running uploads), and when the
   * oldest of the stored ones leaves the 24 hours, freeing room again (null when nothing is stored).
   */
  async standing(userId: number): Promise<{ usedBytes: number; roomFreesAt: Date | null }> {
    const { rows } = await sql<{ usedBytes: number; roomFreesAt: Date | null }>`
      SELECT
        (SELECT coalesce(sum(allowance_bytes), 0)::float8 FROM uploads_in_progress
          WHERE user_id = ${userId} AND started_at >= now() - make_interval(hours => ${STALE_UPLOAD_HOURS}))
        + (SELECT coalesce(sum(size_bytes), 0)::float8 FROM media_files
          WHERE owner_id = ${userId} AND post_id IS NOT NULL AND created_at > now() - interval '24 hours') AS "usedBytes",
        (SELECT min(created_at) + interval '24 hours' FROM media_files
          WHERE owner_id = ${userId} AND post_id IS NOT NULL AND created_at > now() - interval '24 hours') AS "roomFreesAt"`.execute(
      this.#db,
    );
    return rows[0] ?? { usedBytes: 0, roomFreesAt: null };
  }

  async finish(slotId: number): Promise<void> {
    await this.#db.deleteFrom('uploads_in_progress').where('id', '=', slotId).execute();
  }
}
