import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { MediaVariant } from '../db/schema.ts';
import { variantUrls } from '../posts/post-card.ts';

export interface FollowCounts {
  readonly followersCount: number;
  readonly followingCount: number;
}

export interface ListedUser {
  readonly id: number;
  readonly username: string;
  readonly displayName: string;
  readonly iFollowUser: boolean;
  readonly followersCount: number;
  /** The listed user is the viewer. */
  readonly myProfile: boolean;
  /** Rendition name → URL of the avatar, empty without one. */
  readonly avatar: Record<string, string>;
}

/**
 * The follow graph. Counters change in the same statement as the row, and only when the row changed; so
 * does the analytics' follow_events log (a follow gained or lost), since an unfollow deletes the row.
 */
export class FollowsRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async isFollowable(userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .where('banned_at', 'is', null)
      .where('delete_requested_at', 'is', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Both users' counters move in the same statement as the follow row, so they cannot disagree with it. */
  async follow(followerId: number, followeeId: number): Promise<void> {
    await sql`
      WITH added AS (
        INSERT INTO follows (follower_id, followee_id) VALUES (${followerId}, ${followeeId})
        ON CONFLICT DO NOTHING RETURNING follower_id, followee_id
      ), logged AS (
        INSERT INTO follow_events (followee_id, follower_id, kind) SELECT followee_id, follower_id, 'gained' FROM added
      )
      UPDATE users u SET
        followers_count = u.followers_count + CASE WHEN u.id = a.followee_id THEN 1 ELSE 0 END,
        following_count = u.following_count + CASE WHEN u.id = a.follower_id THEN 1 ELSE 0 END
      FROM added a WHERE u.id IN (a.follower_id, a.followee_id)`.execute(this.db);
  }

  async unfollow(followerId: number, followeeId: number): Promise<void> {
    await sql`
      WITH removed AS (
        DELETE FROM follows WHERE follower_id = ${followerId} AND followee_id = ${followeeId}
        RETURNING follower_id, followee_id
      ), logged AS (
        INSERT INTO follow_events (followee_id, follower_id, kind) SELECT followee_id, follower_id, 'lost' FROM removed
      )
      UPDATE users u SET
        followers_count = greatest(u.followers_count - CASE WHEN u.id = r.followee_id THEN 1 ELSE 0 END, 0),
        following_count = greatest(u.following_count - CASE WHEN u.id = r.follower_id THEN 1 ELSE 0 END, 0)
      FROM removed r WHERE u.id IN (r.follower_id, r.followee_id)`.execute(this.db);
  }

  counts(userId: number): Promise<FollowCounts | undefined> {
    return this.db
      .selectFrom('users')
      .select(['followers_count as followersCount', 'following_count as followingCount'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  /**
   * Users `userId` follows (`following`) or who follow them (`followers`), newest follow first;
   * `iFollowUser` is whether the viewer follows each of them (false for anonymous viewers).
   */
  async list(
    userId: number,
    direction: 'following' | 'followers',
    limit: number,
    offset: number,
    viewerId: number | undefined,
  ): Promise<ListedUser[]> {
    const [own, other] =
      direction === 'following' ? (['follower_id', 'followee_id'] as const) : (['followee_id', 'follower_id'] as const);
    const rows = await this.db
      .selectFrom('follows as f')
      .innerJoin('users as u', 'u.id', `f.${other}`)
      .leftJoin('media_files as av', 'av.id', 'u.avatar_media_id')
      .select(['u.id', 'u.username', 'u.display_name as displayName', 'u.followers_count as followersCount', 'av.variants'])
      .select(
        viewerId === undefined
          ? sql<boolean>`false`.as('iFollowUser')
          : sql<boolean>`exists (select 1 from follows mine where mine.follower_id = ${viewerId} and mine.followee_id = u.id)`.as(
              'iFollowUser',
            ),
      )
      .select(viewerId === undefined ? sql<boolean>`false`.as('myProfile') : sql<boolean>`u.id = ${viewerId}`.as('myProfile'))
      .where(`f.${own}`, '=', userId)
      .where('u.banned_at', 'is', null)
      .where('u.delete_requested_at', 'is', null)
      .orderBy('f.created_at', 'desc')
      .orderBy(`f.${other}`, 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map(({ variants, ...user }) => ({
      ...user,
      avatar: variantUrls(variants as Record<string, MediaVariant> | null),
    }));
  }
}
