import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { DayRange, TopPostRow } from './analytics-read.repository.ts';
import { type AnalyticsRange, TOP_LIST_SIZE } from './analytics-read.schemas.ts';

export const TOP_POST_RANGES: readonly AnalyticsRange[] = [7, 28, 90];
const LONGEST_RANGE = Math.max(...TOP_POST_RANGES);

/** A creator's stored list: `through` its range's last day, `stored` how many posts it held when written. */
export interface StoredTopPosts {
  readonly through: string;
  readonly stored: number;
  readonly posts: TopPostRow[];
}

/**
 * Each creator's most viewed posts per range (migration 0032's account_top_posts), written by the rollup
 * from post_daily_stats after it rebuilds days, so the studio reads ten rows instead of every post's days
 * of the range. The ranking is the live one's: the range's rows of the creator's posts not deleted, summed,
 * most viewed first, ties by the newer post.
 */
export class TopPostsRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /**
   * Rewrites the lists of the ranges ending on `today` for the creators active on `days` (account_daily_stats
   * rows) and for every creator whose stored lists end before today (their range moved on); a creator with
   * nothing in the longest range keeps no rows. Answers how many creators were refreshed.
   */
  async refresh(days: readonly string[], today: string): Promise<number> {
    const { rows } = await sql<{ user_id: number }>`
      SELECT user_id FROM account_daily_stats WHERE day = ANY(${[...days]}::date[])
      UNION
      SELECT user_id FROM account_top_posts WHERE through < ${today}::date`.execute(this.#db);
    return this.refreshCreators(
      rows.map((row) => Number(row.user_id)),
      today,
    );
  }

  /** Rewrites the given creators' lists of the ranges ending on `today`, in one statement. */
  async refreshCreators(userIds: readonly number[], today: string): Promise<number> {
    if (userIds.length === 0) return 0;
    await sql`
      WITH creators AS (SELECT DISTINCT unnest(${[...userIds]}::int8[]) AS user_id),
      ranges AS (SELECT unnest(${[...TOP_POST_RANGES]}::int2[]) AS days),
      summed AS (
        SELECT p.user_id, r.days, p.id, sum(s.views)::int8 AS views, sum(s.watch_ms)::int8 AS watch_ms,
               sum(s.completions)::int8 AS completions, sum(s.likes)::int8 AS likes, sum(s.shares)::int8 AS shares
        FROM creators c
        JOIN posts p ON p.user_id = c.user_id AND p.deleted_at IS NULL
        JOIN post_daily_stats s ON s.post_id = p.id
          AND s.day BETWEEN ${today}::date - ${LONGEST_RANGE - 1}::int AND ${today}::date
        JOIN ranges r ON s.day > ${today}::date - r.days
        GROUP BY p.user_id, r.days, p.id
      ),
      ranked AS (
        SELECT *, row_number() OVER (PARTITION BY user_id, days ORDER BY views DESC, id DESC) AS rank FROM summed
      ),
      lists AS (
        SELECT c.user_id, r.days,
               coalesce(jsonb_agg(jsonb_build_object('id', k.id, 'views', k.views, 'watch_ms', k.watch_ms,
                          'completions', k.completions, 'likes', k.likes, 'shares', k.shares) ORDER BY k.rank)
                        FILTER (WHERE k.id IS NOT NULL), '[]') AS posts
        FROM creators c CROSS JOIN ranges r
        LEFT JOIN ranked k ON k.user_id = c.user_id AND k.days = r.days AND k.rank <= ${TOP_LIST_SIZE}
        GROUP BY c.user_id, r.days
      ),
      emptied AS (
        DELETE FROM account_top_posts t USING lists l
        WHERE t.user_id = l.user_id AND l.days = ${LONGEST_RANGE} AND l.posts = '[]'
      )
      INSERT INTO account_top_posts AS t (user_id, days, through, posts)
      SELECT l.user_id, l.days, ${today}::date, l.posts FROM lists l
      WHERE EXISTS (SELECT 1 FROM lists n WHERE n.user_id = l.user_id AND n.days = ${LONGEST_RANGE} AND n.posts <> '[]')
        AND EXISTS (SELECT 1 FROM users u WHERE u.id = l.user_id)
      ON CONFLICT (user_id, days) DO UPDATE SET through = excluded.through, posts = excluded.posts
      WHERE t.through <> excluded.through OR t.posts <> excluded.posts`.execute(this.#db);
    return userIds.length;
  }

  /** The stored list of one range with the posts' current titles; deleted posts drop out (see `stored`). */
  async stored(userId: number, days: AnalyticsRange): Promise<StoredTopPosts | undefined> {
    const { rows } = await sql<StoredTopPosts>`
      SELECT to_char(t.through, 'YYYY-MM-DD') AS through, jsonb_array_length(t.posts) AS stored,
             coalesce((
               SELECT json_agg(json_build_object('id', x.id, 'title', p.title, 'views', x.views, 'watch_ms', x.watch_ms,
                        'completions', x.completions, 'likes', x.likes, 'shares', x.shares) ORDER BY x.rank)
               FROM ROWS FROM (jsonb_to_recordset(t.posts)
                      AS (id int8, views int8, watch_ms int8, completions int8, likes int8, shares int8))
                    WITH ORDINALITY AS x(id, views, watch_ms, completions, likes, shares, rank)
               JOIN posts p ON p.id = x.id AND p.user_id = t.user_id AND p.deleted_at IS NULL
             ), '[]') AS posts
      FROM account_top_posts t
      WHERE t.user_id = ${userId} AND t.days = ${days}`.execute(this.#db);
    return rows[0];
  }

  /** The same ranking computed from post_daily_stats, for a range without a current stored list. */
  async live(userId: number, range: DayRange): Promise<TopPostRow[]> {
    const { rows } = await sql<TopPostRow>`
      SELECT p.id, p.title, sum(s.views)::int8 AS views, sum(s.watch_ms)::int8 AS watch_ms,
             sum(s.completions)::int8 AS completions, sum(s.likes)::int8 AS likes, sum(s.shares)::int8 AS shares
      FROM posts p
      JOIN post_daily_stats s ON s.post_id = p.id AND s.day BETWEEN ${range.from}::date AND ${range.to}::date
      WHERE p.user_id = ${userId} AND p.deleted_at IS NULL
      GROUP BY p.id
      ORDER BY views DESC, p.id DESC
      LIMIT ${TOP_LIST_SIZE}`.execute(this.#db);
    return rows;
  }

  /** The stored list when it ends on the range's last day and none of its posts was deleted since, else live. */
  async topPosts(userId: number, days: AnalyticsRange, range: DayRange): Promise<TopPostRow[]> {
    const stored = await this.stored(userId, days);
    if (stored && stored.through === range.to && stored.posts.length === stored.stored) {
      return stored.posts.map((post) => ({ ...post, id: Number(post.id) }));
    }
    return this.live(userId, range);
  }
}
