import { sql, type Transaction } from 'kysely';
import type { ViewSource } from '../analytics/view-source.ts';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { PostStatus } from './post-status.ts';
import type { CountingViewer } from './viewer.ts';

export interface CountedView {
  /** False when this viewer's view was already counted in this window. */
  readonly counted: boolean;
  readonly viewCount: number;
}

export interface CountedShare {
  readonly counted: boolean;
  readonly shareCount: number;
}

/** How many viewers of one address range count per post and window (posts/engagement.service.ts). */
export interface NetworkCaps {
  readonly views: number;
  readonly shares: number;
}

/**
 * Views and shares. Like likes, each is one statement: the event row is inserted once per viewer and
 * window (`ON CONFLICT DO NOTHING`) and the counter moves only for a row that was really inserted, so
 * concurrent calls can neither double-count nor lose a count. A new viewer is only let in while their
 * address range has fewer than its cap of viewers on the post in the window; the range's transaction lock,
 * taken before the statement reads the count, keeps concurrent calls from overshooting the cap.
 * A counted view also writes its analytics event (view_events, with where it came from) in the same
 * statement, and a completion marks that event too (analytics/README.md).
 * Undefined when the post is not visible.
 */
export class CountersRepository {
  private readonly db: Db;
  private readonly caps: NetworkCaps;

  constructor(db: Db, caps: NetworkCaps) {
    this.db = db;
    this.caps = caps;
  }

  async recordView(
    postId: number,
    viewer: CountingViewer,
    viewedAt: Date,
    windowStart: Date,
    completed: boolean,
    source: ViewSource,
  ): Promise<CountedView | undefined> {
    const { key, network } = viewer;
    return this.db.transaction().execute(async (trx) => {
      await lockRange(trx, 'view', postId, network);
      const { rows } = await sql<{ counted: boolean; viewCount: number }>`
        WITH visible AS (
          SELECT p.id, p.user_id FROM posts p JOIN users u ON u.id = p.user_id
          WHERE p.id = ${postId} AND p.status = ${PostStatus.published} AND p.deleted_at IS NULL AND u.banned_at IS NULL
        ), room AS (
          SELECT count(*) < ${this.caps.views} AS open FROM post_views
          WHERE post_id = ${postId} AND window_start = ${windowStart} AND network = ${network}
        ), added AS (
          INSERT INTO post_views (post_id, viewer_key, window_start, completed, network)
          SELECT id, ${key}, ${windowStart}, ${completed}, ${network} FROM visible WHERE (SELECT open FROM room)
          ON CONFLICT DO NOTHING RETURNING post_id, completed
        ), finished AS (
          UPDATE post_views SET completed = true
          WHERE ${completed} AND post_id = ${postId} AND viewer_key = ${key} AND window_start = ${windowStart}
            AND NOT completed AND EXISTS (SELECT 1 FROM visible) AND NOT EXISTS (SELECT 1 FROM added)
          RETURNING post_id
        ), logged AS (
          INSERT INTO view_events (post_id, viewer_key, window_start, owner_id, viewed_at, reported_at, page, referrer, country, completed)
          SELECT v.id, ${key}, ${windowStart}, v.user_id, ${viewedAt}, ${viewedAt}, ${source.page}, ${source.referrer}, ${source.country}, a.completed
          FROM added a JOIN visible v ON v.id = a.post_id
          ON CONFLICT DO NOTHING
        ), logged_completion AS (
          UPDATE view_events SET completed = true
          WHERE post_id IN (SELECT post_id FROM finished) AND viewer_key = ${key} AND window_start = ${windowStart}
        ), counted AS (
          UPDATE posts SET
            views_count = views_count + (SELECT count(*) FROM added),
            completions = completions + (SELECT count(*) FROM added WHERE completed) + (SELECT count(*) FROM finished)
          WHERE id = ${postId} AND (EXISTS (SELECT 1 FROM added) OR EXISTS (SELECT 1 FROM finished))
          RETURNING views_count
        )
        SELECT EXISTS (SELECT 1 FROM added) AS counted, views_count::int AS "viewCount" FROM counted
        UNION ALL
        SELECT false, p.views_count::int FROM posts p
        WHERE p.id IN (SELECT id FROM visible) AND NOT EXISTS (SELECT 1 FROM counted)`.execute(trx);
      return rows[0];
    });
  }

  /**
   * A share is logged per platform, but counts once per viewer, post and window whatever the platform:
   * eleven share targets are not eleven shares.
   */
  async recordShare(
    postId: number,
    viewer: CountingViewer,
    platform: string,
    windowStart: Date,
  ): Promise<CountedShare | undefined> {
    const { key, network } = viewer;
    return this.db.transaction().execute(async (trx) => {
      await lockRange(trx, 'share', postId, network);
      const { rows } = await sql<{ counted: boolean; shareCount: number }>`
        WITH visible AS (
          SELECT p.id FROM posts p JOIN users u ON u.id = p.user_id
          WHERE p.id = ${postId} AND p.status = ${PostStatus.published} AND p.deleted_at IS NULL AND u.banned_at IS NULL
        ), earlier AS (
          SELECT 1 FROM share_events
          WHERE target_kind = 'post' AND target_id = ${postId} AND viewer_key = ${key} AND window_start = ${windowStart}
        ), room AS (
          SELECT count(DISTINCT viewer_key) < ${this.caps.shares} AS open FROM share_events
          WHERE target_kind = 'post' AND target_id = ${postId} AND window_start = ${windowStart} AND network = ${network}
        ), added AS (
          INSERT INTO share_events (target_kind, target_id, platform, viewer_key, window_start, network)
          SELECT 'post', id, ${platform}, ${key}, ${windowStart}, ${network} FROM visible
          WHERE EXISTS (SELECT 1 FROM earlier) OR (SELECT open FROM room)
          ON CONFLICT (target_kind, target_id, viewer_key, platform, window_start) WHERE window_start IS NOT NULL DO NOTHING
          RETURNING target_id
        ), counted AS (
          UPDATE posts SET shares_count = shares_count + 1
          WHERE id IN (SELECT target_id FROM added) AND NOT EXISTS (SELECT 1 FROM earlier)
          RETURNING shares_count
        )
        SELECT true AS counted, shares_count AS "shareCount" FROM counted
        UNION ALL
        SELECT false, p.shares_count FROM posts p
        WHERE p.id IN (SELECT id FROM visible) AND NOT EXISTS (SELECT 1 FROM counted)`.execute(trx);
      return rows[0];
    });
  }
}

/** Serialises the counting of one address range on one post, so the cap is read and used in one step. */
async function lockRange(trx: Transaction<Database>, kind: 'view' | 'share', postId: number, network: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${kind}:${postId}:${network}`}, 0))`.execute(trx);
}
