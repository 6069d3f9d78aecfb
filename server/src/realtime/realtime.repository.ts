import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { PostStatus } from '../posts/post-status.ts';

/** A post's live counters, as post-likes and post-shares carry them. */
export interface PostCounters {
  readonly likesCount: number;
  readonly shareCount: number;
}

export type ShareTarget = 'profile';

/**
 * What the socket reads and counts itself: live post counters, profile hits and shares (logged in
 * share_events, once per viewer a day), and who is banned. Post views and shares, tag and playlist hits
 * and shares go through their domains' services (posts/engagement, tags, playlists).
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

  async hitProfile(userId: number): Promise<boolean> {
    const { rows } = await sql`
      INSERT INTO profile_stats (user_id, hits_count)
      SELECT id, 1 FROM users WHERE id = ${userId} AND banned_at IS NULL AND delete_requested_at IS NULL
      ON CONFLICT (user_id) DO UPDATE SET hits_count = profile_stats.hits_count + 1
      RETURNING user_id`.execute(this.db);
    return rows.length > 0;
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

  /** Of these sessions (refresh families), those still open: a logout or a password change revoked the others. */
  async liveSessions(sessionIds: string[]): Promise<Set<string>> {
    if (sessionIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('refresh_tokens')
      .select('family_id')
      .distinct()
      .where('family_id', 'in', sessionIds)
      .where('revoked_at', 'is', null)
      .execute();
    return new Set(rows.map((row) => row.family_id));
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
