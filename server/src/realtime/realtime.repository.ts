import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { PostStatus } from '../posts/post-status.ts';

/** A post's live counters, as post-likes and post-shares carry them. */
export interface PostCounters {
  readonly likesCount: number;
  readonly shareCount: number;
}

export type ShareTarget = 'post' | 'profile' | 'tag' | 'playlist';

/** Views count once per viewer, post and day (post_views' primary key). */
const VIEW_WINDOW = sql`date_trunc('day', now())`;

/**
 * The counters the socket events drive: views and completions (posts), hits (tags, playlists,
 * profiles) and shares (every kind, logged in share_events and counted once per viewer a day).
 */
export class RealtimeRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** Counters of a post anyone may see; undefined for missing, hidden or deleted posts. */
  async postCounters(postId: number): Promise<PostCounters | undefined> {
    return this.db
      .selectFrom('posts')
      .select(['likes_count as likesCount', 'shares_count as shareCount'])
      .where('id', '=', postId)
      .where('status', '=', PostStatus.published)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  /** True when this was the viewer's first view of the post today (views_count moved). */
  async recordView(postId: number, viewerKey: string): Promise<boolean> {
    const { rows } = await sql`
      WITH added AS (
        INSERT INTO post_views (post_id, viewer_key, window_start)
        SELECT p.id, ${viewerKey}, ${VIEW_WINDOW} FROM posts p
        WHERE p.id = ${postId} AND p.status = ${PostStatus.published} AND p.deleted_at IS NULL
        ON CONFLICT DO NOTHING RETURNING post_id
      )
      UPDATE posts SET views_count = views_count + 1 WHERE id IN (SELECT post_id FROM added) RETURNING id`.execute(this.db);
    return rows.length > 0;
  }

  /** Marks today's view completed; true when it was not yet (completions moved). */
  async completeView(postId: number, viewerKey: string): Promise<boolean> {
    const { rows } = await sql`
      WITH marked AS (
        UPDATE post_views SET completed = true
        WHERE post_id = ${postId} AND viewer_key = ${viewerKey} AND window_start = ${VIEW_WINDOW} AND NOT completed
        RETURNING post_id
      )
      UPDATE posts SET completions = completions + 1 WHERE id IN (SELECT post_id FROM marked) RETURNING id`.execute(this.db);
    return rows.length > 0;
  }

  async hitPlaylist(playlistId: number): Promise<boolean> {
    const result = await this.db
      .updateTable('playlists')
      .set((eb) => ({ hits_count: eb('hits_count', '+', 1) }))
      .where('id', '=', playlistId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async hitTag(tag: string): Promise<boolean> {
    const result = await this.db
      .updateTable('tags')
      .set((eb) => ({ hits_count: eb('hits_count', '+', 1) }))
      .where('tag', '=', tag)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async hitProfile(userId: number): Promise<boolean> {
    const { rows } = await sql`
      INSERT INTO profile_stats (user_id, hits_count)
      SELECT id, 1 FROM users WHERE id = ${userId} AND banned_at IS NULL AND delete_requested_at IS NULL
      ON CONFLICT (user_id) DO UPDATE SET hits_count = profile_stats.hits_count + 1
      RETURNING user_id`.execute(this.db);
    return rows.length > 0;
  }

  /** A share of a published post; answers the post's share count after it (undefined: no such post). */
  async sharePost(postId: number, viewerKey: string): Promise<number | undefined> {
    const target = sql`SELECT id FROM posts WHERE id = ${postId} AND status = ${PostStatus.published} AND deleted_at IS NULL`;
    const counted = await this.share(
      'post',
      target,
      viewerKey,
      (ids) => sql`UPDATE posts SET shares_count = shares_count + 1 WHERE id IN (${ids}) RETURNING shares_count AS count`,
    );
    if (counted !== undefined) return counted;
    return (await this.postCounters(postId))?.shareCount;
  }

  async shareProfile(userId: number, viewerKey: string): Promise<boolean> {
    const target = sql`SELECT id FROM users WHERE id = ${userId} AND banned_at IS NULL AND delete_requested_at IS NULL`;
    const counted = await this.share(
      'profile',
      target,
      viewerKey,
      (ids) =>
        sql`INSERT INTO profile_stats (user_id, shares_count) SELECT target_id, 1 FROM (${ids}) AS shared (target_id)
          ON CONFLICT (user_id) DO UPDATE SET shares_count = profile_stats.shares_count + 1 RETURNING shares_count AS count`,
    );
    return counted !== undefined;
  }

  async shareTag(tag: string, viewerKey: string): Promise<boolean> {
    const target = sql`SELECT id FROM tags WHERE tag = ${tag}`;
    const counted = await this.share(
      'tag',
      target,
      viewerKey,
      (ids) => sql`UPDATE tags SET shares_count = shares_count + 1 WHERE id IN (${ids}) RETURNING shares_count AS count`,
    );
    return counted !== undefined;
  }

  async sharePlaylist(playlistId: number, viewerKey: string): Promise<boolean> {
    const target = sql`SELECT id FROM playlists WHERE id = ${playlistId}`;
    const counted = await this.share(
      'playlist',
      target,
      viewerKey,
      (ids) => sql`UPDATE playlists SET shares_count = shares_count + 1 WHERE id IN (${ids}) RETURNING shares_count AS count`,
    );
    return counted !== undefined;
  }

  /** Of these users, those banned, and those whose sessions ended otherwise (leaving or deleted). */
  async blockedUsers(userIds: number[]): Promise<{ banned: number[]; ended: number[] }> {
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'banned_at as bannedAt', 'delete_requested_at as deleteRequestedAt'])
      .where('id', 'in', userIds)
      .execute();
    const found = new Map(rows.map((row) => [row.id, row]));
    const banned = rows.filter((row) => row.bannedAt !== null).map((row) => row.id);
    const ended = userIds.filter((id) => {
      const row = found.get(id);
      return !row || (row.bannedAt === null && row.deleteRequestedAt !== null);
    });
    return { banned, ended };
  }

  /**
   * Logs the share and moves the target's counter in one statement, unless the viewer already shared the
   * target within a day. Answers the new count, or undefined when nothing was counted.
   */
  private async share(
    kind: ShareTarget,
    target: RawBuilder<unknown>,
    viewerKey: string,
    bump: (loggedIds: RawBuilder<unknown>) => RawBuilder<unknown>,
  ): Promise<number | undefined> {
    const { rows } = await sql<{ count: number }>`
      WITH target AS (${target}), logged AS (
        INSERT INTO share_events (target_kind, target_id, viewer_key)
        SELECT ${kind}, target.id, ${viewerKey} FROM target
        WHERE NOT EXISTS (
          SELECT 1 FROM share_events s WHERE s.viewer_key = ${viewerKey} AND s.target_kind = ${kind}
            AND s.target_id = target.id AND s.created_at > now() - interval '1 day')
        RETURNING target_id
      ), bumped AS (${bump(sql`SELECT target_id FROM logged`)})
      SELECT count FROM bumped`.execute(this.db);
    return rows[0]?.count;
  }
}
