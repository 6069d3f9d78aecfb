import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** A day's figures (analytics/, migration 0029), as the aggregate tables keep them. */
export interface DailyFigures {
  readonly postId?: number;
  readonly day: string;
  readonly views: number;
  readonly uniqueViewers: number;
  readonly watchMs: number;
  readonly completions: number;
  readonly likes: number;
  readonly shares: number;
  readonly followersGained?: number;
  readonly followersLost?: number;
}

/** One count of a day by country, referrer, page or share platform. */
export interface BreakdownRow {
  readonly postId?: number;
  readonly day: string;
  readonly dimension: string;
  readonly key: string;
  readonly count: number;
}

/** Where a page of a table read in its primary key's order ends; `postId` 0 for the account's own tables. */
export interface AggregateCursor {
  readonly postId: number;
  readonly day: string;
  readonly dimension: string;
  readonly key: string;
}

export const cursorOfAggregate = (row: { postId?: number; day: string; dimension?: string; key?: string }): AggregateCursor => ({
  postId: row.postId ?? 0,
  day: row.day,
  dimension: row.dimension ?? '',
  key: row.key ?? '',
});

const FIGURES = sql`s.day::text AS day, s.views, s.unique_viewers AS "uniqueViewers", s.watch_ms AS "watchMs",
  s.completions, s.likes, s.shares`;

/**
 * The daily aggregates of an account and of its posts, read in pages along their primary keys (never the
 * raw events: those are about the viewers, and are purged after their retention).
 */
export class AnalyticsRowsRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  async accountDays(userId: number, after: AggregateCursor | undefined, limit: number): Promise<DailyFigures[]> {
    const { rows } = await sql<DailyFigures>`
      SELECT ${FIGURES}, s.followers_gained AS "followersGained", s.followers_lost AS "followersLost"
      FROM account_daily_stats s
      WHERE s.user_id = ${userId} AND s.day > ${after?.day ?? '-infinity'}::date
      ORDER BY s.day LIMIT ${limit}`.execute(this.#db);
    return rows;
  }

  async accountBreakdown(userId: number, after: AggregateCursor | undefined, limit: number): Promise<BreakdownRow[]> {
    const { rows } = await sql<BreakdownRow>`
      SELECT s.day::text AS day, s.dimension, s.key, s.count FROM account_daily_breakdown s
      WHERE s.user_id = ${userId}
        AND (s.day, s.dimension, s.key) > (${after?.day ?? '-infinity'}::date, ${after?.dimension ?? ''}, ${after?.key ?? ''})
      ORDER BY s.day, s.dimension, s.key LIMIT ${limit}`.execute(this.#db);
    return rows;
  }

  /** Days of some posts (a page of the account's posts), by post and day. */
  async postDays(postIds: readonly number[], after: AggregateCursor | undefined, limit: number): Promise<DailyFigures[]> {
    const { rows } = await sql<DailyFigures>`
      SELECT s.post_id AS "postId", ${FIGURES} FROM post_daily_stats s
      WHERE s.post_id = ANY (${postIds}::bigint[])
        AND (s.post_id, s.day) > (${after?.postId ?? 0}, ${after?.day ?? '-infinity'}::date)
      ORDER BY s.post_id, s.day LIMIT ${limit}`.execute(this.#db);
    return rows;
  }

  async postBreakdown(postIds: readonly number[], after: AggregateCursor | undefined, limit: number): Promise<BreakdownRow[]> {
    const { rows } = await sql<BreakdownRow>`
      SELECT s.post_id AS "postId", s.day::text AS day, s.dimension, s.key, s.count FROM post_daily_breakdown s
      WHERE s.post_id = ANY (${postIds}::bigint[])
        AND (s.post_id, s.day, s.dimension, s.key) > (${after?.postId ?? 0}, ${after?.day ?? '-infinity'}::date, ${after?.dimension ?? ''}, ${after?.key ?? ''})
      ORDER BY s.post_id, s.day, s.dimension, s.key LIMIT ${limit}`.execute(this.#db);
    return rows;
  }
}
