import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { NotificationType } from '../db/schema.ts';

/**
 * Where a keyset page ends: the last row's time (as PostgreSQL's text, exact to the microsecond) and id.
 * Every list below is read newest first, one page after another, along an index that has the same order.
 */
export interface Keyset {
  readonly at: string;
  readonly id: number;
}

/** `(time, id) < (cursor)` for the next page, or nothing on the first. */
function before(at: RawBuilder<unknown>, id: RawBuilder<unknown>, cursor: Keyset | undefined): RawBuilder<SqlBool> {
  return cursor ? sql<SqlBool>`(${at}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id})` : sql<SqlBool>`true`;
}

export interface ProfileRow {
  readonly id: number;
  readonly username: string;
  readonly displayName: string;
  readonly email: string | null;
  readonly emailVerifiedAt: Date | null;
  readonly type: number;
  readonly bio: string;
  readonly socialLinks: Record<string, string>;
  readonly lang: string;
  readonly country: string | null;
  readonly lgbtPreference: number;
  readonly generalNotifSound: boolean;
  readonly fePreference: Record<string, boolean>;
  readonly followersCount: number;
  readonly followingCount: number;
  readonly postsCount: number;
  readonly likesReceived: number;
  readonly createdAt: Date;
  readonly avatarKey: string | null;
}

export interface PostRow {
  readonly id: number;
  readonly kind: string;
  readonly title: string;
  readonly status: number;
  readonly lgbt: number;
  readonly likesCount: number;
  readonly sharesCount: number;
  readonly viewsCount: number;
  readonly pinnedAt: Date | null;
  readonly createdAt: Date;
  readonly publishedAt: Date | null;
  readonly tags: string[];
  readonly cursorAt: string;
}

export interface PostMediaRow {
  readonly postId: number;
  readonly position: number;
  readonly name: string;
  readonly kind: string;
  readonly mimeType: string;
  readonly width: number | null;
  readonly height: number | null;
  readonly durationMs: number | null;
  readonly sizeBytes: number | null;
  readonly originalKey: string | null;
}

export interface CaptionRow {
  readonly postId: number;
  readonly language: string;
  readonly label: string;
  readonly cueCount: number;
  readonly updatedAt: Date;
  /** Where the WebVTT is stored: `media/{media name}/captions/{file name}` (captions/README.md). */
  readonly storageKey: string;
}

export interface LikeRow {
  readonly postId: number;
  readonly title: string;
  readonly lgbt: number;
  readonly author: string;
  readonly likedAt: Date;
  readonly cursorAt: string;
}

export interface FollowRow {
  readonly userId: number;
  readonly username: string;
  readonly displayName: string;
  readonly followedAt: Date;
  readonly cursorAt: string;
}

export interface NotificationRow {
  readonly id: number;
  readonly type: NotificationType;
  readonly createdAt: Date;
  readonly readAt: Date | null;
  readonly postId: number | null;
  readonly actors: string[];
  readonly actorCount: number;
  readonly notice: string | null;
  readonly caseId: number | null;
  readonly cursorAt: string;
}

/**
 * What an export reads of one account, page by page: nothing here loads a whole list, so an archive of an
 * account with millions of rows costs the memory of one page.
 */
export class ArchiveRowsRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  profile(userId: number): Promise<ProfileRow | undefined> {
    return this.#db
      .selectFrom('users as u')
      .leftJoin('media_files as a', 'a.id', 'u.avatar_media_id')
      .select([
        'u.id',
        'u.username',
        'u.display_name as displayName',
        'u.email',
        'u.email_verified_at as emailVerifiedAt',
        'u.type',
        'u.bio',
        'u.social_links as socialLinks',
        'u.lang',
        'u.country',
        'u.lgbt_preference as lgbtPreference',
        'u.general_notif_sound as generalNotifSound',
        'u.fe_preference as fePreference',
        'u.followers_count as followersCount',
        'u.following_count as followingCount',
        'u.posts_count as postsCount',
        'u.likes_received as likesReceived',
        'u.created_at as createdAt',
        'a.original_key as avatarKey',
      ])
      .where('u.id', '=', userId)
      .executeTakeFirst() as Promise<ProfileRow | undefined>;
  }

  /** Sign-in accounts connected to the profile (a handful at most). */
  identities(userId: number) {
    return this.#db
      .selectFrom('external_identities')
      .select(['provider', 'email', 'created_at as connectedAt'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
  }

  /** Preference cookies kept for the account (spec §7 POST /api/user/cookie; a few names only). */
  savedCookies(userId: number) {
    return this.#db
      .selectFrom('user_cookies')
      .select(['name', 'value', 'expires_at as expiresAt'])
      .where('user_id', '=', userId)
      .orderBy('name')
      .execute();
  }

  /** The account's posts but deleted ones, newest first (index posts_by_user). */
  async posts(userId: number, after: Keyset | undefined, limit: number): Promise<PostRow[]> {
    const { rows } = await sql<PostRow>`
      SELECT p.id, p.kind, p.title, p.status, p.lgbt, p.likes_count AS "likesCount", p.shares_count AS "sharesCount",
        p.views_count AS "viewsCount", p.pinned_at AS "pinnedAt", p.created_at AS "createdAt",
        p.published_at AS "publishedAt", p.created_at::text AS "cursorAt",
        array(SELECT t.tag::text FROM post_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.post_id = p.id ORDER BY pt.position) AS tags
      FROM posts p
      WHERE p.user_id = ${userId} AND p.deleted_at IS NULL AND ${before(sql`p.created_at`, sql`p.id`, after)}
      ORDER BY p.created_at DESC, p.id DESC
      LIMIT ${limit}`.execute(this.#db);
    return rows;
  }

  /** The media files of some posts, in each post's order (index media_files_post). */
  media(postIds: readonly number[]): Promise<PostMediaRow[]> {
    if (postIds.length === 0) return Promise.resolve([]);
    return this.#db
      .selectFrom('media_files')
      .select([
        'post_id as postId',
        'position',
        'name',
        'kind',
        'mime_type as mimeType',
        'width',
        'height',
        'duration_ms as durationMs',
        'size_bytes as sizeBytes',
        'original_key as originalKey',
      ])
      .where('post_id', 'in', postIds)
      .orderBy('post_id')
      .orderBy('position')
      .execute() as Promise<PostMediaRow[]>;
  }

  /** The captions of some posts (migration 0027, index on (post_id, language)), by post and language. */
  captions(postIds: readonly number[]): Promise<CaptionRow[]> {
    if (postIds.length === 0) return Promise.resolve([]);
    return this.#db
      .selectFrom('post_captions as c')
      .innerJoin('media_files as m', 'm.id', 'c.media_id')
      .select([
        'c.post_id as postId',
        'c.language',
        'c.label',
        'c.cue_count as cueCount',
        'c.updated_at as updatedAt',
        sql<string>`'media/' || m.name || '/captions/' || c.file_name`.as('storageKey'),
      ])
      .where('c.post_id', 'in', postIds)
      .orderBy('c.post_id')
      .orderBy('c.language')
      .execute();
  }

  /** Posts the account liked that still exist, newest like first (index likes_by_user). */
  async likes(userId: number, after: Keyset | undefined, limit: number): Promise<LikeRow[]> {
    const { rows } = await sql<LikeRow>`
      SELECT l.post_id AS "postId", p.title, p.lgbt, u.username AS author, l.created_at AS "likedAt",
        l.created_at::text AS "cursorAt"
      FROM likes l JOIN posts p ON p.id = l.post_id JOIN users u ON u.id = p.user_id
      WHERE l.user_id = ${userId} AND p.deleted_at IS NULL AND ${before(sql`l.created_at`, sql`l.post_id`, after)}
      ORDER BY l.created_at DESC, l.post_id DESC
      LIMIT ${limit}`.execute(this.#db);
    return rows;
  }

  /** Whom the account follows (`following`, index follows_following) or who follows it (`followers`, follows_followers). */
  async follows(
    direction: 'following' | 'followers',
    userId: number,
    after: Keyset | undefined,
    limit: number,
  ): Promise<FollowRow[]> {
    const [self, other] =
      direction === 'following' ? [sql`f.follower_id`, sql`f.followee_id`] : [sql`f.followee_id`, sql`f.follower_id`];
    const { rows } = await sql<FollowRow>`
      SELECT ${other} AS "userId", u.username, u.display_name AS "displayName", f.created_at AS "followedAt",
        f.created_at::text AS "cursorAt"
      FROM follows f JOIN users u ON u.id = ${other}
      WHERE ${self} = ${userId} AND ${before(sql`f.created_at`, other, after)}
      ORDER BY f.created_at DESC, ${other} DESC
      LIMIT ${limit}`.execute(this.#db);
    return rows;
  }

  /** The account's notifications of one type, newest first (index notifications_by_type). */
  async notifications(
    userId: number,
    type: NotificationType,
    after: Keyset | undefined,
    limit: number,
  ): Promise<NotificationRow[]> {
    const { rows } = await sql<NotificationRow>`
      SELECT n.id, n.type, n.created_at AS "createdAt", n.read_at AS "readAt", n.post_id AS "postId",
        -- citext[] has no parser in node-postgres: the names come back as text[].
        array(SELECT a.username::text FROM users a WHERE a.id = ANY (n.actor_ids) ORDER BY a.username) AS actors,
        n.actor_count AS "actorCount", n.notice, n.case_id AS "caseId", n.created_at::text AS "cursorAt"
      FROM notifications n
      WHERE n.user_id = ${userId} AND n.type = ${type} AND ${before(sql`n.created_at`, sql`n.id`, after)}
      ORDER BY n.created_at DESC, n.id DESC
      LIMIT ${limit}`.execute(this.#db);
    return rows;
  }
}
