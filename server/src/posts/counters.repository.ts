import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { PostStatus } from './post-status.ts';

export interface CountedView {
  /** False when this viewer's view was already counted in this window. */
  readonly counted: boolean;
  readonly viewCount: number;
}

export interface CountedShare {
  readonly counted: boolean;
  readonly shareCount: number;
}

/**
 * Views and shares. Like likes, each is one statement: the event row is inserted once per viewer and
 * window (`ON CONFLICT DO NOTHING`) and the counter moves only for a row that was really inserted, so
 * concurrent calls can neither double-count nor lose a count. Undefined when the post is not visible.
 */
export class CountersRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async recordView(postId: number, viewerKey: string, windowStart: Date, completed: boolean): Promise<CountedView | undefined> {
    const { rows } = await sql<{ counted: boolean; viewCount: number }>`
      WITH visible AS (
        SELECT p.id FROM posts p JOIN users u ON u.id = p.user_id
        WHERE p.id = ${postId} AND p.status = ${PostStatus.published} AND p.deleted_at IS NULL AND u.banned_at IS NULL
      ), added AS (
        INSERT INTO post_views (post_id, viewer_key, window_start, completed)
        SELECT id, ${viewerKey}, ${windowStart}, ${completed} FROM visible
        ON CONFLICT DO NOTHING RETURNING post_id, completed
      ), finished AS (
        UPDATE post_views SET completed = true
        WHERE ${completed} AND post_id = ${postId} AND viewer_key = ${viewerKey} AND window_start = ${windowStart}
          AND NOT completed AND EXISTS (SELECT 1 FROM visible) AND NOT EXISTS (SELECT 1 FROM added)
        RETURNING post_id
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
      WHERE p.id IN (SELECT id FROM visible) AND NOT EXISTS (SELECT 1 FROM counted)`.execute(this.db);
    return rows[0];
  }

  async recordShare(postId: number, viewerKey: string, platform: string, windowStart: Date): Promise<CountedShare | undefined> {
    const { rows } = await sql<{ counted: boolean; shareCount: number }>`
      WITH visible AS (
        SELECT p.id FROM posts p JOIN users u ON u.id = p.user_id
        WHERE p.id = ${postId} AND p.status = ${PostStatus.published} AND p.deleted_at IS NULL AND u.banned_at IS NULL
      ), added AS (
        INSERT INTO share_events (target_kind, target_id, platform, viewer_key, window_start)
        SELECT 'post', id, ${platform}, ${viewerKey}, ${windowStart} FROM visible
        ON CONFLICT (target_kind, target_id, viewer_key, platform, window_start) WHERE window_start IS NOT NULL DO NOTHING
        RETURNING target_id
      ), counted AS (
        UPDATE posts SET shares_count = shares_count + 1 WHERE id IN (SELECT target_id FROM added)
        RETURNING shares_count
      )
      SELECT true AS counted, shares_count AS "shareCount" FROM counted
      UNION ALL
      SELECT false, p.shares_count FROM posts p
      WHERE p.id IN (SELECT id FROM visible) AND NOT EXISTS (SELECT 1 FROM counted)`.execute(this.db);
    return rows[0];
  }
}
