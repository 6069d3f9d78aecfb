import { type Kysely, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { dayBounds } from './utc-days.ts';

/** A day of every post's and account's figures is rebuilt in one transaction, however long that takes a job. */
const ROLLUP_STATEMENT_TIMEOUT = '300s';
/** Any fixed number: rollups of the same day wait for each other. */
const ROLLUP_LOCK = 7_314_290;

interface Bounds {
  readonly day: string;
  readonly start: Date;
  readonly end: Date;
}

/**
 * The only place that turns raw events into the daily aggregates. Each table of a day is written by one
 * set-based statement: the day's fresh figures are computed from the raw rows, upserted where they changed,
 * and the day's rows that no longer have figures are deleted. Re-running a day therefore leaves the same
 * rows, never doubled ones.
 */
export class RollupRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** Rebuilds one UTC day ('YYYY-MM-DD') of all four aggregate tables. */
  async rollupDay(day: string): Promise<void> {
    const bounds = { day, ...dayBounds(day) };
    await this.db.transaction().execute(async (trx) => {
      await sql`SELECT set_config('statement_timeout', ${ROLLUP_STATEMENT_TIMEOUT}, true)`.execute(trx);
      await sql`SELECT pg_advisory_xact_lock(${ROLLUP_LOCK}, (${day}::date - date '2000-01-01'))`.execute(trx);
      await postStats(trx, bounds);
      await accountStats(trx, bounds);
      await postBreakdown(trx, bounds);
      await accountBreakdown(trx, bounds);
    });
  }

  /** Days marked as not final: late events (migration 0029's triggers) and the days the scheduled rollup last saw. */
  async staleDays(): Promise<{ day: string; markedAt: Date }[]> {
    return this.db.selectFrom('analytics_stale_days').select(['day', 'marked_at as markedAt']).orderBy('day').execute();
  }

  /** Marks a day as not final yet: the next scheduled rollup recomputes it and every day after it. */
  async markStale(day: string): Promise<void> {
    await this.db
      .insertInto('analytics_stale_days')
      .values({ day })
      .onConflict((oc) => oc.column('day').doNothing())
      .execute();
  }

  /** Forgets the given days unless an event marked one of them again after `markedBefore`. */
  async forgetStale(days: readonly string[], markedBefore: Date): Promise<void> {
    if (days.length === 0) return;
    await this.db.deleteFrom('analytics_stale_days').where('day', 'in', days).where('marked_at', '<=', markedBefore).execute();
  }

  /** Deletes up to `batch` raw events older than `before` from one raw table; answers how many went. */
  async deleteRawEvents(table: 'view_events' | 'follow_events', before: Date, batch: number): Promise<number> {
    const column = table === 'view_events' ? sql.ref('viewed_at') : sql.ref('created_at');
    const result = await sql`
      DELETE FROM ${sql.table(table)} WHERE ctid = ANY (ARRAY(
        SELECT ctid FROM ${sql.table(table)} WHERE ${column} < ${before} LIMIT ${batch}
      ))`.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }

  /** Stale-day marks for days whose raw events are gone: there is nothing left to recompute them from. */
  async forgetStaleBefore(day: string): Promise<void> {
    await this.db.deleteFrom('analytics_stale_days').where('day', '<', day).execute();
  }
}

type Tx = Kysely<Database>;

async function postStats(trx: Tx, { day, start, end }: Bounds): Promise<void> {
  await sql`
    WITH viewed AS (
      SELECT post_id, count(*) AS views, count(DISTINCT viewer_key) AS unique_viewers,
        sum(watched_ms) AS watch_ms, count(*) FILTER (WHERE completed) AS completions
      FROM view_events WHERE viewed_at >= ${start} AND viewed_at < ${end} GROUP BY post_id
    ), liked AS (
      SELECT post_id, count(*) AS likes FROM likes WHERE created_at >= ${start} AND created_at < ${end} GROUP BY post_id
    ), shared AS (
      -- A share counts once per viewer and day whatever the platform, as posts.shares_count does.
      SELECT target_id AS post_id, count(DISTINCT viewer_key) AS shares FROM share_events
      WHERE target_kind = 'post' AND created_at >= ${start} AND created_at < ${end} GROUP BY target_id
    ), fresh AS (
      SELECT p.id AS post_id, ${day}::date AS day,
        coalesce(v.views, 0)::int AS views, coalesce(v.unique_viewers, 0)::int AS unique_viewers,
        coalesce(v.watch_ms, 0)::bigint AS watch_ms, coalesce(v.completions, 0)::int AS completions,
        coalesce(l.likes, 0)::int AS likes, coalesce(s.shares, 0)::int AS shares
      FROM (SELECT post_id FROM viewed UNION SELECT post_id FROM liked UNION SELECT post_id FROM shared) k
      JOIN posts p ON p.id = k.post_id
      LEFT JOIN viewed v ON v.post_id = k.post_id
      LEFT JOIN liked l ON l.post_id = k.post_id
      LEFT JOIN shared s ON s.post_id = k.post_id
    ), written AS (
      INSERT INTO post_daily_stats AS t (post_id, day, views, unique_viewers, watch_ms, completions, likes, shares)
      SELECT * FROM fresh
      ON CONFLICT (post_id, day) DO UPDATE SET views = excluded.views, unique_viewers = excluded.unique_viewers,
        watch_ms = excluded.watch_ms, completions = excluded.completions, likes = excluded.likes, shares = excluded.shares
      WHERE (t.views, t.unique_viewers, t.watch_ms, t.completions, t.likes, t.shares)
        IS DISTINCT FROM (excluded.views, excluded.unique_viewers, excluded.watch_ms, excluded.completions, excluded.likes, excluded.shares)
    )
    DELETE FROM post_daily_stats t
    WHERE t.day = ${day}::date AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.post_id = t.post_id)`.execute(trx);
}

async function accountStats(trx: Tx, { day, start, end }: Bounds): Promise<void> {
  await sql`
    WITH viewed AS (
      SELECT owner_id AS user_id, count(*) AS views, count(DISTINCT viewer_key) AS unique_viewers,
        sum(watched_ms) AS watch_ms, count(*) FILTER (WHERE completed) AS completions
      FROM view_events WHERE viewed_at >= ${start} AND viewed_at < ${end} GROUP BY owner_id
    ), liked AS (
      SELECT p.user_id, count(*) AS likes FROM likes l JOIN posts p ON p.id = l.post_id
      WHERE l.created_at >= ${start} AND l.created_at < ${end} GROUP BY p.user_id
    ), shared AS (
      SELECT p.user_id, count(DISTINCT (se.target_id, se.viewer_key)) AS shares
      FROM share_events se JOIN posts p ON p.id = se.target_id
      WHERE se.target_kind = 'post' AND se.created_at >= ${start} AND se.created_at < ${end} GROUP BY p.user_id
    ), followed AS (
      SELECT followee_id AS user_id, count(*) FILTER (WHERE kind = 'gained') AS gained, count(*) FILTER (WHERE kind = 'lost') AS lost
      FROM follow_events WHERE created_at >= ${start} AND created_at < ${end} GROUP BY followee_id
    ), fresh AS (
      SELECT u.id AS user_id, ${day}::date AS day,
        coalesce(v.views, 0)::int AS views, coalesce(v.unique_viewers, 0)::int AS unique_viewers,
        coalesce(v.watch_ms, 0)::bigint AS watch_ms, coalesce(v.completions, 0)::int AS completions,
        coalesce(l.likes, 0)::int AS likes, coalesce(s.shares, 0)::int AS shares,
        coalesce(f.gained, 0)::int AS followers_gained, coalesce(f.lost, 0)::int AS followers_lost
      FROM (SELECT user_id FROM viewed UNION SELECT user_id FROM liked UNION SELECT user_id FROM shared
            UNION SELECT user_id FROM followed) k
      JOIN users u ON u.id = k.user_id
      LEFT JOIN viewed v ON v.user_id = k.user_id
      LEFT JOIN liked l ON l.user_id = k.user_id
      LEFT JOIN shared s ON s.user_id = k.user_id
      LEFT JOIN followed f ON f.user_id = k.user_id
    ), written AS (
      INSERT INTO account_daily_stats AS t
        (user_id, day, views, unique_viewers, watch_ms, completions, likes, shares, followers_gained, followers_lost)
      SELECT * FROM fresh
      ON CONFLICT (user_id, day) DO UPDATE SET views = excluded.views, unique_viewers = excluded.unique_viewers,
        watch_ms = excluded.watch_ms, completions = excluded.completions, likes = excluded.likes, shares = excluded.shares,
        followers_gained = excluded.followers_gained, followers_lost = excluded.followers_lost
      WHERE (t.views, t.unique_viewers, t.watch_ms, t.completions, t.likes, t.shares, t.followers_gained, t.followers_lost)
        IS DISTINCT FROM (excluded.views, excluded.unique_viewers, excluded.watch_ms, excluded.completions, excluded.likes,
          excluded.shares, excluded.followers_gained, excluded.followers_lost)
    )
    DELETE FROM account_daily_stats t
    WHERE t.day = ${day}::date AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.user_id = t.user_id)`.execute(trx);
}

async function postBreakdown(trx: Tx, { day, start, end }: Bounds): Promise<void> {
  await sql`
    WITH fresh AS (
      SELECT ve.post_id, ${day}::date AS day, d.dimension, d.key, count(*)::int AS count
      FROM view_events ve
      CROSS JOIN LATERAL (VALUES ('country', ve.country), ('referrer', ve.referrer), ('page', ve.page)) d (dimension, key)
      WHERE ve.viewed_at >= ${start} AND ve.viewed_at < ${end}
      GROUP BY ve.post_id, d.dimension, d.key
      UNION ALL
      SELECT se.target_id, ${day}::date, 'share_platform', se.platform, count(*)::int
      FROM share_events se JOIN posts p ON p.id = se.target_id
      WHERE se.target_kind = 'post' AND se.created_at >= ${start} AND se.created_at < ${end}
      GROUP BY se.target_id, se.platform
    ), written AS (
      INSERT INTO post_daily_breakdown AS t (post_id, day, dimension, key, count)
      SELECT * FROM fresh
      ON CONFLICT (post_id, day, dimension, key) DO UPDATE SET count = excluded.count WHERE t.count <> excluded.count
    )
    DELETE FROM post_daily_breakdown t
    WHERE t.day = ${day}::date
      AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.post_id = t.post_id AND f.dimension = t.dimension AND f.key = t.key)`.execute(
    trx,
  );
}

async function accountBreakdown(trx: Tx, { day, start, end }: Bounds): Promise<void> {
  await sql`
    WITH fresh AS (
      SELECT ve.owner_id AS user_id, ${day}::date AS day, d.dimension, d.key, count(*)::int AS count
      FROM view_events ve
      CROSS JOIN LATERAL (VALUES ('country', ve.country), ('referrer', ve.referrer), ('page', ve.page)) d (dimension, key)
      WHERE ve.viewed_at >= ${start} AND ve.viewed_at < ${end}
      GROUP BY ve.owner_id, d.dimension, d.key
      UNION ALL
      SELECT p.user_id, ${day}::date, 'share_platform', se.platform, count(*)::int
      FROM share_events se JOIN posts p ON p.id = se.target_id
      WHERE se.target_kind = 'post' AND se.created_at >= ${start} AND se.created_at < ${end}
      GROUP BY p.user_id, se.platform
    ), written AS (
      INSERT INTO account_daily_breakdown AS t (user_id, day, dimension, key, count)
      SELECT * FROM fresh
      ON CONFLICT (user_id, day, dimension, key) DO UPDATE SET count = excluded.count WHERE t.count <> excluded.count
    )
    DELETE FROM account_daily_breakdown t
    WHERE t.day = ${day}::date
      AND NOT EXISTS (SELECT 1 FROM fresh f WHERE f.user_id = t.user_id AND f.dimension = t.dimension AND f.key = t.key)`.execute(
    trx,
  );
}
