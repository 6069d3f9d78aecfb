import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { ScraperJobState } from '../db/schema.ts';

export interface ScraperJob {
  readonly id: number;
  readonly uid: string;
  readonly userId: number;
  readonly sourceUrl: string;
  readonly state: ScraperJobState;
  readonly mediaUrl: string | null;
  readonly mediaId: number | null;
  readonly postId: number | null;
  readonly bytes: number | null;
  readonly error: string | null;
  readonly createdAt: Date;
  readonly finishedAt: Date | null;
}

const COLUMNS = [
  'id',
  'uid',
  'user_id as userId',
  'source_url as sourceUrl',
  'state',
  'media_url as mediaUrl',
  'media_id as mediaId',
  'post_id as postId',
  'bytes',
  'error',
  'created_at as createdAt',
  'finished_at as finishedAt',
] as const;

/** The only place that knows scraper_jobs (and writes the scraper-done notification). */
export class ScraperRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  async create(userId: number, sourceUrl: string): Promise<ScraperJob> {
    return this.#db
      .insertInto('scraper_jobs')
      .values({ user_id: userId, source_url: sourceUrl })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
  }

  async countActive(userId: number): Promise<number> {
    const row = await this.#db
      .selectFrom('scraper_jobs')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('state', 'in', ['new', 'started'])
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  find(id: number): Promise<ScraperJob | undefined> {
    return this.#db.selectFrom('scraper_jobs').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  findOwned(userId: number, uid: string): Promise<ScraperJob | undefined> {
    return this.#db
      .selectFrom('scraper_jobs')
      .select(COLUMNS)
      .where('uid', '=', uid)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Newest first; `before` is the id of the last job of the previous page (keyset on created_at, id). */
  async listOwned(userId: number, limit: number, before?: number): Promise<ScraperJob[]> {
    let query = this.#db
      .selectFrom('scraper_jobs')
      .select(COLUMNS)
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit);
    if (before !== undefined) {
      query = query.where(
        sql<boolean>`(created_at, id) < (SELECT created_at, id FROM scraper_jobs WHERE id = ${before} AND user_id = ${userId})`,
      );
    }
    return query.execute();
  }

  /** new → started; a job already started (the worker died half-way) is taken again. False when it is over. */
  async start(id: number): Promise<boolean> {
    const result = await this.#db
      .updateTable('scraper_jobs')
      .set({ state: 'started', updated_at: new Date() })
      .where('id', '=', id)
      .where('state', 'in', ['new', 'started'])
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async setMediaUrl(id: number, mediaUrl: string): Promise<void> {
    await this.#db
      .updateTable('scraper_jobs')
      .set({ media_url: mediaUrl, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }

  /** Ends a started job (done or failed) and notifies its owner in the same transaction; false when it was canceled meanwhile. */
  async finish(
    id: number,
    outcome: { state: 'done'; postId: number; mediaId: number; bytes: number } | { state: 'failed'; error: string },
  ): Promise<boolean> {
    return this.#db.transaction().execute(async (trx) => {
      const now = new Date();
      const row = await trx
        .updateTable('scraper_jobs')
        .set({
          state: outcome.state,
          media_id: outcome.state === 'done' ? outcome.mediaId : null,
          ...(outcome.state === 'done' && { post_id: outcome.postId }),
          bytes: outcome.state === 'done' ? outcome.bytes : null,
          error: outcome.state === 'failed' ? outcome.error : null,
          updated_at: now,
          finished_at: now,
        })
        .where('id', '=', id)
        .where('state', '=', 'started')
        .returning('user_id')
        .executeTakeFirst();
      if (!row) return false;
      await trx.insertInto('notifications').values({ user_id: row.user_id, type: 'scraper-done', scraper_job_id: id }).execute();
      return true;
    });
  }

  /** Cancels a job that has not finished; false when it already had. */
  async cancel(id: number): Promise<boolean> {
    const result = await this.#db
      .updateTable('scraper_jobs')
      .set({ state: 'canceled', updated_at: new Date(), finished_at: new Date() })
      .where('id', '=', id)
      .where('state', 'in', ['new', 'started'])
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async remove(id: number): Promise<void> {
    await this.#db.deleteFrom('scraper_jobs').where('id', '=', id).execute();
  }

  async isCanceled(id: number): Promise<boolean> {
    const row = await this.#db.selectFrom('scraper_jobs').select('state').where('id', '=', id).executeTakeFirst();
    return row?.state === 'canceled';
  }
}
