import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { MediaVariant } from '../db/schema.ts';
import { PostStatus } from '../posts/post-status.ts';
import type { NotificationType } from '../realtime/events.ts';

/** Grouped likes keep this many actors by name; `actor_count` keeps the total. */
export const GROUPED_ACTORS = 10;

export interface NotificationRow {
  readonly id: number;
  readonly type: NotificationType;
  readonly actorIds: number[];
  readonly actorCount: number;
  readonly postId: number | null;
  readonly scraperJobId: number | null;
  readonly caseId: number | null;
  readonly notice: string | null;
  /** A statement of reasons (notice `statement`): the enforcement action it is about (enforcement/). */
  readonly enforcementActionId: number | null;
  /** A `performer` notice (compliance/performers/): the performer row it is about. */
  readonly performerId: number | null;
  readonly createdAt: Date;
  readonly readAt: Date | null;
}

export interface ActorRow {
  readonly id: number;
  readonly username: string;
  readonly displayName: string;
  readonly avatarVariants: Record<string, MediaVariant> | null;
}

export interface NotifiedPostRow {
  readonly id: number;
  readonly title: string;
  readonly lgbt: number;
}

export interface NotifiedMediaRow {
  readonly postId: number;
  readonly name: string;
  readonly mimeType: string;
  readonly status: number;
  readonly variants: Record<string, MediaVariant>;
}

/** A created or changed notification and whom it is for. */
export interface Touched {
  readonly id: number;
  readonly userId: number;
}

/** A notification just written, with whom it is for: enough to present it without reading it again. */
export type WrittenNotification = NotificationRow & { readonly userId: number };

const RETURNING_ROW = sql`RETURNING id, user_id AS "userId", type, actor_ids AS "actorIds", actor_count AS "actorCount",
  post_id AS "postId", scraper_job_id AS "scraperJobId", case_id AS "caseId", notice,
  enforcement_action_id AS "enforcementActionId", performer_id AS "performerId", created_at AS "createdAt", read_at AS "readAt"`;

export interface Cursor {
  readonly createdAt: string;
  readonly id: number;
}

/** A user's preference flag (users.fe_preference), on unless switched off. */
const wants = (flag: 'nFollow' | 'nLike' | 'nCreate' | 'nUpdate') =>
  sql<SqlBool>`coalesce((u.fe_preference ->> ${flag})::boolean, true)`;

/**
 * Notifications and what they show. Likes and follows are upserts on the partial unique indexes of
 * migration 0008, so a repeated event replaces the unread notification instead of adding one.
 */
export class NotificationsRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** Adds the liker to the unread like notification of the post (or starts one); undefined when nothing changed. */
  async addLike(actorId: number, postId: number): Promise<WrittenNotification | undefined> {
    const { rows } = await sql<WrittenNotification>`
      INSERT INTO notifications (user_id, type, actor_ids, post_id, actor_count)
      SELECT p.user_id, 'post-like', ARRAY[${actorId}::bigint], p.id, 1
      FROM posts p JOIN users u ON u.id = p.user_id
      WHERE p.id = ${postId} AND p.user_id <> ${actorId} AND ${wants('nLike')}
      ON CONFLICT (user_id, post_id) WHERE type = 'post-like' AND read_at IS NULL
      DO UPDATE SET
        actor_ids = (array_prepend(${actorId}::bigint, notifications.actor_ids))[1:${GROUPED_ACTORS}],
        actor_count = notifications.actor_count + 1,
        created_at = now()
      WHERE NOT (${actorId}::bigint = ANY (notifications.actor_ids))
      ${RETURNING_ROW}`.execute(this.db);
    return withNumericActors(rows)[0];
  }

  /** Takes an unliker out of the unread like notification; a notification left with nobody goes. */
  async removeLike(actorId: number, postId: number): Promise<void> {
    await sql`
      DELETE FROM notifications
      WHERE type = 'post-like' AND read_at IS NULL AND post_id = ${postId}
        AND actor_ids = ARRAY[${actorId}::bigint] AND actor_count <= 1`.execute(this.db);
    await sql`
      UPDATE notifications SET actor_ids = array_remove(actor_ids, ${actorId}::bigint), actor_count = greatest(actor_count - 1, 1)
      WHERE type = 'post-like' AND read_at IS NULL AND post_id = ${postId} AND ${actorId}::bigint = ANY (actor_ids)`.execute(
      this.db,
    );
  }

  /** A follow notification; a repeated follow by the same user refreshes the unread one. */
  async addFollow(followerId: number, followeeId: number): Promise<WrittenNotification | undefined> {
    const { rows } = await sql<WrittenNotification>`
      INSERT INTO notifications (user_id, type, actor_ids)
      SELECT u.id, 'user-follow', ARRAY[${followerId}::bigint] FROM users u
      WHERE u.id = ${followeeId} AND u.id <> ${followerId} AND ${wants('nFollow')}
      ON CONFLICT (user_id, (actor_ids[1])) WHERE type = 'user-follow' AND read_at IS NULL
      DO UPDATE SET created_at = now()
      ${RETURNING_ROW}`.execute(this.db);
    return withNumericActors(rows)[0];
  }

  async addScraperDone(userId: number, scraperJobId: number, postId: number | null): Promise<WrittenNotification | undefined> {
    const { rows } = await sql<WrittenNotification>`
      INSERT INTO notifications (user_id, type, scraper_job_id, post_id, actor_count)
      SELECT u.id, 'scraper-done', ${scraperJobId}, ${postId}, 0 FROM users u WHERE u.id = ${userId} AND ${wants('nUpdate')}
      ${RETURNING_ROW}`.execute(this.db);
    return withNumericActors(rows)[0];
  }

  /**
   * One batch of the post-created fan-out: followers of the author after `after` (newest follow first),
   * who want such notifications. Returns the rows made and the cursor of the last follower looked at.
   */
  /** A moderation notice about case `caseId` (a moderator's message, a decision); one per event, never grouped. */
  async addModeration(
    userId: number,
    caseId: number | null,
    notice: string,
    actionId: number | null = null,
  ): Promise<WrittenNotification | undefined> {
    const { rows } = await sql<WrittenNotification>`
      INSERT INTO notifications (user_id, type, case_id, notice, enforcement_action_id, actor_count)
      SELECT u.id, 'moderation', ${caseId}, ${notice}, ${actionId}, 0 FROM users u WHERE u.id = ${userId}
      ${RETURNING_ROW}`.execute(this.db);
    return withNumericActors(rows)[0];
  }

  /** "Your data export is ready" (exports/): one per finished export, never grouped. */
  async addDataExport(userId: number): Promise<WrittenNotification | undefined> {
    const { rows } = await sql<WrittenNotification>`
      INSERT INTO notifications (user_id, type, actor_count)
      SELECT u.id, 'data-export', 0 FROM users u WHERE u.id = ${userId}
      ${RETURNING_ROW}`.execute(this.db);
    return withNumericActors(rows)[0];
  }

  /** A `performer` notice about performer row `performerId` of post `postId`; `actorId` is who acted, if anyone. */
  async addPerformer(
    userId: number,
    performerId: number,
    postId: number,
    notice: string,
    actorId: number | null,
  ): Promise<WrittenNotification | undefined> {
    const { rows } = await sql<WrittenNotification>`
      INSERT INTO notifications (user_id, type, actor_ids, actor_count, post_id, performer_id, notice)
      SELECT u.id, 'performer', ${actorId === null ? sql`'{}'::bigint[]` : sql`ARRAY[${actorId}::bigint]`},
        ${actorId === null ? 0 : 1}, ${postId}, ${performerId}, ${notice}
      FROM users u WHERE u.id = ${userId}
      ${RETURNING_ROW}`.execute(this.db);
    return withNumericActors(rows)[0];
  }

  async addPostCreatedBatch(
    postId: number,
    after: Cursor | undefined,
    size: number,
  ): Promise<{ touched: Touched[]; authorId: number | undefined; next: Cursor | undefined }> {
    const afterClause = after ? sql`AND (f.created_at, f.follower_id) < (${after.createdAt}::timestamptz, ${after.id})` : sql``;
    const { rows } = await sql<{ id: number | null; userId: number | null; authorId: number; lastAt: string; lastId: number }>`
      WITH post AS (
        SELECT p.id, p.user_id FROM posts p WHERE p.id = ${postId} AND p.status = ${PostStatus.published} AND p.deleted_at IS NULL
      ), batch AS (
        SELECT f.follower_id, f.created_at FROM follows f JOIN post ON f.followee_id = post.user_id
        WHERE true ${afterClause}
        ORDER BY f.created_at DESC, f.follower_id DESC LIMIT ${size}
      ), added AS (
        INSERT INTO notifications (user_id, type, actor_ids, post_id)
        SELECT b.follower_id, 'post-created', ARRAY[post.user_id], post.id
        FROM batch b CROSS JOIN post JOIN users u ON u.id = b.follower_id
        WHERE u.banned_at IS NULL AND ${wants('nCreate')}
        ON CONFLICT (user_id, post_id) WHERE type = 'post-created' DO NOTHING
        RETURNING id, user_id
      ), last AS (
        SELECT follower_id, created_at FROM batch ORDER BY created_at, follower_id LIMIT 1
      )
      SELECT a.id, a.user_id AS "userId", post.user_id AS "authorId",
        last.created_at::text AS "lastAt", last.follower_id AS "lastId"
      FROM post CROSS JOIN last LEFT JOIN added a ON true`.execute(this.db);
    const first = rows[0];
    if (!first) return { touched: [], authorId: undefined, next: undefined };
    const touched = rows.filter((row) => row.id !== null).map((row) => ({ id: row.id as number, userId: row.userId as number }));
    return { touched, authorId: first.authorId, next: { createdAt: first.lastAt, id: first.lastId } };
  }

  /** A page of one type, newest first; hides notifications whose post or every actor is gone. */
  async list(userId: number, type: NotificationType, limit: number, page: { offset: number; cursor?: Cursor }) {
    let query = this.db
      .selectFrom('notifications as n')
      .select([
        'n.id',
        'n.type',
        'n.actor_ids as actorIds',
        'n.actor_count as actorCount',
        'n.post_id as postId',
        'n.scraper_job_id as scraperJobId',
        'n.case_id as caseId',
        'n.notice',
        'n.enforcement_action_id as enforcementActionId',
        'n.performer_id as performerId',
        'n.created_at as createdAt',
        'n.read_at as readAt',
      ])
      .where('n.user_id', '=', userId)
      .where('n.type', '=', type)
      .where(visible)
      .orderBy('n.created_at', 'desc')
      .orderBy('n.id', 'desc')
      .limit(limit);
    if (page.cursor) {
      const { createdAt, id } = page.cursor;
      query = query.where(sql<SqlBool>`(n.created_at, n.id) < (${createdAt}::timestamptz, ${id})`);
    } else if (page.offset > 0) {
      query = query.offset(page.offset);
    }
    return withNumericActors(await query.execute()) as NotificationRow[];
  }

  /** The text form of a row's created_at, exact to the microsecond, for the keyset cursor. */
  async cursorOf(id: number): Promise<Cursor | undefined> {
    const row = await this.db
      .selectFrom('notifications')
      .select(sql<string>`created_at::text`.as('createdAt'))
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? { createdAt: row.createdAt, id } : undefined;
  }

  async byIds(ids: readonly number[]): Promise<(NotificationRow & { userId: number })[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('notifications as n')
      .select([
        'n.id',
        'n.user_id as userId',
        'n.type',
        'n.actor_ids as actorIds',
        'n.actor_count as actorCount',
        'n.post_id as postId',
        'n.scraper_job_id as scraperJobId',
        'n.case_id as caseId',
        'n.notice',
        'n.enforcement_action_id as enforcementActionId',
        'n.performer_id as performerId',
        'n.created_at as createdAt',
        'n.read_at as readAt',
      ])
      .where('n.id', 'in', ids)
      .execute();
    return withNumericActors(rows) as (NotificationRow & { userId: number })[];
  }

  /** Unread notifications per type, counting only those the lists would show. */
  async unreadCounts(userId: number): Promise<Record<string, number>> {
    const rows = await this.db
      .selectFrom('notifications as n')
      .select(['n.type', (eb) => eb.fn.countAll<number>().as('count')])
      .where('n.user_id', '=', userId)
      .where('n.read_at', 'is', null)
      .where(visible)
      .groupBy('n.type')
      .execute();
    return Object.fromEntries(rows.map((row) => [row.type, Number(row.count)]));
  }

  async markRead(userId: number, type: NotificationType): Promise<number> {
    const result = await this.db
      .updateTable('notifications')
      .set({ read_at: new Date() })
      .where('user_id', '=', userId)
      .where('type', '=', type)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Actors that may still be shown (neither banned nor leaving). */
  actors(ids: readonly number[]): Promise<ActorRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('users as u')
      .leftJoin('media_files as a', 'a.id', 'u.avatar_media_id')
      .select(['u.id', 'u.username', 'u.display_name as displayName', 'a.variants as avatarVariants'])
      .where('u.id', 'in', ids)
      .where('u.banned_at', 'is', null)
      .where('u.delete_requested_at', 'is', null)
      .execute();
  }

  posts(ids: readonly number[]): Promise<NotifiedPostRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('posts').select(['id', 'title', 'lgbt']).where('id', 'in', ids).execute();
  }

  media(postIds: readonly number[]): Promise<NotifiedMediaRow[]> {
    if (postIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('media_files')
      .select(['post_id as postId', 'name', 'mime_type as mimeType', 'status', 'variants'])
      .where('post_id', 'in', postIds)
      .orderBy('post_id')
      .orderBy('position')
      .execute() as Promise<NotifiedMediaRow[]>;
  }
}

/** node-postgres reads bigint[] as strings (only scalar int8 has a parser set in db/database.ts). */
function withNumericActors<T extends { actorIds: unknown }>(rows: T[]): (T & { actorIds: number[] })[] {
  return rows.map((row) => ({ ...row, actorIds: (row.actorIds as (string | number)[]).map(Number) }));
}

/**
 * Spec §3: notifications of deleted posts or users disappear. A post must still exist and not be removed
 * (new-post notifications: still published); at least one actor must be an active account.
 */
const visible: Expression<SqlBool> = sql<SqlBool>`(
    (n.post_id IS NULL OR EXISTS (
      SELECT 1 FROM posts p WHERE p.id = n.post_id AND p.deleted_at IS NULL
        AND (p.status = ${PostStatus.published} OR (n.type <> 'post-created' AND p.status <> ${PostStatus.removed}))))
    AND (n.type IN ('scraper-done', 'moderation', 'data-export', 'performer') OR EXISTS (
      SELECT 1 FROM users a WHERE a.id = ANY (n.actor_ids) AND a.banned_at IS NULL AND a.delete_requested_at IS NULL))
  )`;
