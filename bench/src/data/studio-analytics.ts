import type pg from 'pg';
import { hashPassword } from '../../../server/src/accounts/password.ts';

/**
 * The studio case's analytics on top of a 1M-post feed dataset (generate.ts), written set-wise:
 *   - a creator `bench_studio` owning every 200th post (5,000 posts, fifty times the dataset's usual 100);
 *   - `events` raw view events, shaped as view_events rows (migration 0029), over the last 180 days, so the 90-day range
 *     and its previous period both hold data: every 50th event is a view of the studio creator's posts
 *     (2% of the traffic), the rest fall evenly on all posts; page, referrer, country, watch time and
 *     completion vary with a hash of the event's number. Viewers come from a pool of 3M. They are written to
 *     an unindexed scratch table and dropped once the aggregates are made: the studio reads only those;
 *   - the daily aggregates computed from those rows in one GROUP BY per table, the same sums the rollup
 *     job writes day by day (analytics/README.md), because rolling up 180 days one by one is far slower here;
 *     the breakdowns only for the studio creator (see below).
 * Likes, shares and follows are not generated: their aggregates stay zero, which the read queries do not mind.
 */
export const STUDIO_CREATOR = { username: 'bench_studio', password: 'bench-studio-2026' } as const;
const STUDIO_POST_EVERY = 200;
const STUDIO_EVENT_EVERY = 50;
const HISTORY_DAYS = 180;
const VIEWER_POOL = 3_000_000;

async function step(client: pg.Client, label: string, statement: string, values: unknown[] = []) {
  const started = performance.now();
  const result = await client.query(statement, values);
  process.stderr.write(`  ${label}: ${result.rowCount ?? 0} rows, ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}

export async function generateStudioAnalytics(client: pg.Client, events: number): Promise<void> {
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO users (username, display_name, type, password_hash, email, email_verified_at)
     VALUES ($1, 'Bench studio creator', 3, $2, 'bench_studio@example.test', now()) RETURNING id`,
    [STUDIO_CREATOR.username, await hashPassword(STUDIO_CREATOR.password)],
  );
  const creator = rows[0]?.id;
  await step(
    client,
    'studio creator posts',
    `UPDATE posts SET user_id = $1 WHERE (id - (SELECT min(id) FROM posts)) % ${STUDIO_POST_EVERY} = 0`,
    [creator],
  );
  await step(
    client,
    'author counters',
    `UPDATE users u SET posts_count = c.count
     FROM (SELECT user_id, count(*) FILTER (WHERE deleted_at IS NULL) AS count FROM posts GROUP BY user_id) c
     WHERE c.user_id = u.id AND u.posts_count <> c.count`,
  );
  // The events go to a scratch table without indexes: written into view_events with its primary key and
  // index, 10M rows took over 25 minutes on the shared 2-core machine (about 75 MB a minute).
  await client.query(`CREATE UNLOGGED TABLE bench_view_events (LIKE view_events)`);
  await step(
    client,
    'view events',
    `INSERT INTO bench_view_events (post_id, viewer_key, window_start, owner_id, viewed_at, page, referrer, country, watched_ms, completed, reported_at)
     SELECT p.id, 'v' || (x.h2 % ${VIEWER_POOL}), date_trunc('hour', x.at), p.user_id, x.at,
            (ARRAY['feed','feed','feed','feed','tag','profile','search','embed','post','playlist','other'])[1 + x.h % 11],
            (ARRAY['direct','direct','direct','google.com','reddit.com','x.com','t.me','bing.com','duckduckgo.com','example.org'])[1 + x.h3 % 10],
            (ARRAY['US','US','US','DE','GB','FR','BR','CA','IN','JP','MX','ES','IT','NL','PL','AU','SE','TR','KR','unknown'])[1 + x.h2 % 20],
            x.h3 % 45000, x.h % 4 = 0, x.at
     FROM (SELECT min(id) AS first, count(*) AS total FROM posts) b,
          LATERAL generate_series(1, $1::int) n,
          LATERAL (SELECT abs(hashint4(n)) AS h, abs(hashint4(n + 1000000007)) AS h2, abs(hashint4(n - 1000000007)) AS h3,
                          now() - (abs(hashint4(n * 7)) % (${HISTORY_DAYS} * 86400)) * interval '1 second' AS at) x,
          LATERAL (SELECT CASE WHEN n % ${STUDIO_EVENT_EVERY} = 0
                               THEN b.first + ${STUDIO_POST_EVERY} * (x.h % (b.total / ${STUDIO_POST_EVERY}))
                               ELSE b.first + x.h % b.total END AS id) pick
     JOIN posts p ON p.id = pick.id`,
    [events],
  );
  const day = `(viewed_at AT TIME ZONE 'UTC')::date`;
  // Rows go in day by day, as the rollup job writes them, so a post's days lie apart on disk as they would.
  await step(
    client,
    'post_daily_stats',
    `INSERT INTO post_daily_stats (post_id, day, views, unique_viewers, watch_ms, completions)
     SELECT post_id, ${day}, count(*), count(DISTINCT viewer_key), sum(watched_ms), count(*) FILTER (WHERE completed)
     FROM bench_view_events GROUP BY 1, 2 ORDER BY 2, 1`,
  );
  await step(
    client,
    'account_daily_stats',
    `INSERT INTO account_daily_stats (user_id, day, views, unique_viewers, watch_ms, completions)
     SELECT owner_id, ${day}, count(*), count(DISTINCT viewer_key), sum(watched_ms), count(*) FILTER (WHERE completed)
     FROM bench_view_events GROUP BY 1, 2 ORDER BY 2, 1`,
  );
  // Breakdowns only for the studio creator and its posts: those are the rows the case reads, and a read by
  // primary-key range costs the same beside other owners' rows; for all 1M posts they would be ~25M rows.
  for (const [table, owner] of [
    ['post_daily_breakdown', 'post_id'],
    ['account_daily_breakdown', 'owner_id'],
  ] as const) {
    await step(
      client,
      table,
      `INSERT INTO ${table} (${owner === 'owner_id' ? 'user_id' : 'post_id'}, day, dimension, key, count)
       SELECT ${owner}, ${day}, dimension, key, count(*)
       FROM bench_view_events, LATERAL (VALUES ('page', page), ('referrer', referrer), ('country', country)) d(dimension, key)
       WHERE owner_id = $1
       GROUP BY 1, 2, 3, 4 ORDER BY 2, 1`,
      [creator],
    );
  }
  await client.query('DROP TABLE bench_view_events');
  await step(client, 'analyze', 'ANALYZE');
}
