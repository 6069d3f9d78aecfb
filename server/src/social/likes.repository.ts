import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { MediaVariant } from '../db/schema.ts';
import { variantUrls } from '../posts/post-card.ts';
import { PostStatus } from '../posts/post-status.ts';
import type { ListedUser } from './follows.repository.ts';

/**
 * Likes and the counters they drive. Each change is one statement: the counter moves only when the
 * like row was really inserted or deleted, so concurrent clicks can neither double-count nor drift.
 */
export class LikesRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async isLikeable(postId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('posts as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select('p.id')
      .where('p.id', '=', postId)
      .where('p.status', '=', PostStatus.published)
      .where('p.deleted_at', 'is', null)
      .where('u.banned_at', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The post's like count after the call (undefined if the post is gone). */
  async like(userId: number, postId: number): Promise<number | undefined> {
    const { rows } = await sql<{ likesCount: number }>`
      WITH added AS (
        INSERT INTO likes (user_id, post_id) VALUES (${userId}, ${postId})
        ON CONFLICT DO NOTHING RETURNING post_id
      ), counted AS (
        UPDATE posts SET likes_count = likes_count + 1 WHERE id IN (SELECT post_id FROM added)
        RETURNING id, user_id, likes_count
      ), author AS (
        UPDATE users SET likes_received = likes_received + 1 WHERE id IN (SELECT user_id FROM counted)
      )
      SELECT likes_count AS "likesCount" FROM counted
      UNION ALL
      SELECT likes_count FROM posts WHERE id = ${postId} AND NOT EXISTS (SELECT 1 FROM added)`.execute(this.db);
    return rows[0]?.likesCount;
  }

  async unlike(userId: number, postId: number): Promise<number | undefined> {
    const { rows } = await sql<{ likesCount: number }>`
      WITH removed AS (
        DELETE FROM likes WHERE user_id = ${userId} AND post_id = ${postId} RETURNING post_id
      ), counted AS (
        UPDATE posts SET likes_count = greatest(likes_count - 1, 0) WHERE id IN (SELECT post_id FROM removed)
        RETURNING id, user_id, likes_count
      ), author AS (
        UPDATE users SET likes_received = greatest(likes_received - 1, 0) WHERE id IN (SELECT user_id FROM counted)
      )
      SELECT likes_count AS "likesCount" FROM counted
      UNION ALL
      SELECT p.likes_count FROM posts p JOIN users u ON u.id = p.user_id
      WHERE p.id = ${postId} AND NOT EXISTS (SELECT 1 FROM removed)
        -- Nothing to take back: only a post the caller may see answers its count, or a hidden one would show.
        AND (p.user_id = ${userId} OR (p.status = ${PostStatus.published} AND p.deleted_at IS NULL AND u.banned_at IS NULL))`.execute(
      this.db,
    );
    return rows[0]?.likesCount;
  }

  /** Who liked a post, newest first, in the shape of the followers lists (the same list on screen). */
  async likers(postId: number, viewerId: number, limit: number, offset: number): Promise<ListedUser[]> {
    const rows = await this.db
      .selectFrom('likes as l')
      .innerJoin('users as u', 'u.id', 'l.user_id')
      .leftJoin('media_files as av', 'av.id', 'u.avatar_media_id')
      .select(['u.id', 'u.username', 'u.display_name as displayName', 'u.followers_count as followersCount', 'av.variants'])
      .select(
        sql<boolean>`exists (select 1 from follows f where f.follower_id = ${viewerId} and f.followee_id = u.id)`.as(
          'iFollowUser',
        ),
      )
      .select(sql<boolean>`u.id = ${viewerId}`.as('myProfile'))
      .where('l.post_id', '=', postId)
      .where('u.banned_at', 'is', null)
      .where('u.delete_requested_at', 'is', null)
      .orderBy('l.created_at', 'desc')
      .orderBy('l.user_id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map(({ variants, ...user }) => ({
      ...user,
      avatar: variantUrls(variants as Record<string, MediaVariant> | null),
    }));
  }
}
