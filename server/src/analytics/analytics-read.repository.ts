import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { type BreakdownDimension, TOP_LIST_SIZE } from './analytics-read.schemas.ts';
import { TopPostsRepository } from './top-posts.repository.ts';

/** Days as `YYYY-MM-DD` (UTC), both ends included. */
export interface DayRange {
  readonly from: string;
  readonly to: string;
}

export interface DayRow {
  readonly day: string;
  readonly views: number;
  readonly unique_viewers: number;
  readonly watch_ms: number;
  readonly completions: number;
  readonly likes: number;
  readonly shares: number;
}

export interface AccountDayRow extends DayRow {
  readonly followers_gained: number;
  readonly followers_lost: number;
}

export interface BreakdownRow {
  readonly dimension: BreakdownDimension;
  readonly key: string;
  readonly count: number;
}

export interface TopPostRow {
  readonly id: number;
  readonly title: string;
  readonly views: number;
  readonly watch_ms: number;
  readonly completions: number;
  readonly likes: number;
  readonly shares: number;
}

/** A post's rows carry its title: an empty answer means the post is not the caller's (or is gone). */
export interface PostDayRow extends DayRow {
  readonly title: string;
}

const dailyColumns = sql`
  coalesce(s.views, 0)::int8 AS views, coalesce(s.unique_viewers, 0)::int8 AS unique_viewers,
  coalesce(s.watch_ms, 0)::int8 AS watch_ms, coalesce(s.completions, 0)::int8 AS completions,
  coalesce(s.likes, 0)::int8 AS likes, coalesce(s.shares, 0)::int8 AS shares`;

/** Every day of the range, so days without a row come back as zeros. */
const daysOf = (range: DayRange) => sql`generate_series(${range.from}::date, ${range.to}::date, interval '1 day') AS d(day)`;

/** The top TOP_LIST_SIZE keys of each dimension over the range, summed from one daily breakdown table. */
const rankedBreakdown = (
  table: 'account_daily_breakdown' | 'post_daily_breakdown',
  owner: 'user_id' | 'post_id',
  id: number,
  range: DayRange,
) => sql`
  SELECT dimension, key, count, rank FROM (
    SELECT dimension, key, sum(count)::int8 AS count,
           row_number() OVER (PARTITION BY dimension ORDER BY sum(count) DESC, key) AS rank
    FROM ${sql.table(table)}
    WHERE ${sql.ref(owner)} = ${id} AND day BETWEEN ${range.from}::date AND ${range.to}::date
    GROUP BY dimension, key
  ) ranked
  WHERE rank <= ${TOP_LIST_SIZE}`;

/**
 * Reads the daily aggregates that the rollup jobs write (post_daily_stats, account_daily_stats and their
 * breakdowns, migration 0029); never the raw events. Each read is one statement over primary-key ranges.
 */
export class AnalyticsReadRepository {
  readonly #db: Db;
  /** The account's most viewed posts: the rollup's stored lists (top-posts.repository.ts). */
  readonly topPosts: TopPostsRepository;

  constructor(db: Db) {
    this.#db = db;
    this.topPosts = new TopPostsRepository(db);
  }

  async accountDays(userId: number, range: DayRange): Promise<AccountDayRow[]> {
    const { rows } = await sql<AccountDayRow>`
      SELECT to_char(d.day, 'YYYY-MM-DD') AS day, ${dailyColumns},
             coalesce(s.followers_gained, 0)::int8 AS followers_gained, coalesce(s.followers_lost, 0)::int8 AS followers_lost
      FROM ${daysOf(range)}
      LEFT JOIN account_daily_stats s
        ON s.user_id = ${userId} AND s.day = d.day::date AND s.day BETWEEN ${range.from}::date AND ${range.to}::date
      ORDER BY d.day`.execute(this.#db);
    return rows;
  }

  /** The days of one post of `ownerId`'s; none when the post is someone else's, deleted or absent. */
  async postDays(ownerId: number, postId: number, range: DayRange): Promise<PostDayRow[]> {
    const { rows } = await sql<PostDayRow>`
      SELECT to_char(d.day, 'YYYY-MM-DD') AS day, p.title, ${dailyColumns}
      FROM posts p
      CROSS JOIN ${daysOf(range)}
      LEFT JOIN post_daily_stats s
        ON s.post_id = p.id AND s.day = d.day::date AND s.day BETWEEN ${range.from}::date AND ${range.to}::date
      WHERE p.id = ${postId} AND p.user_id = ${ownerId} AND p.deleted_at IS NULL
      ORDER BY d.day`.execute(this.#db);
    return rows;
  }

  async accountBreakdowns(userId: number, range: DayRange): Promise<BreakdownRow[]> {
    const { rows } = await sql<BreakdownRow>`
      ${rankedBreakdown('account_daily_breakdown', 'user_id', userId, range)}
      ORDER BY dimension, rank`.execute(this.#db);
    return rows;
  }

  async postBreakdowns(postId: number, range: DayRange): Promise<BreakdownRow[]> {
    const { rows } = await sql<BreakdownRow>`
      ${rankedBreakdown('post_daily_breakdown', 'post_id', postId, range)}
      ORDER BY dimension, rank`.execute(this.#db);
    return rows;
  }
}
