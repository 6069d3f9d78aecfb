import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { PostStatus } from './post-status.ts';
import { refreshPostSearchText, replacePostTags } from './post-tags.repository.ts';

export interface OwnedPost {
  readonly id: number;
  readonly status: number;
}

/** Writes to posts by their owner: pins, title and tags, soft deletion. */
/** Processed posts whose owner may switch them between public and private at once. */
const SWITCHABLE = sql.join(
  [PostStatus.published, PostStatus.private, PostStatus.awaitingPerformers].map((status) => sql.lit(status)),
);

export class PostsRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** Undefined when absent, deleted, removed or not the owner's: callers answer all of those alike. */
  findOwned(id: number, ownerId: number): Promise<OwnedPost | undefined> {
    return this.db
      .selectFrom('posts')
      .select(['id', 'status'])
      .where('id', '=', id)
      .where('user_id', '=', ownerId)
      .where('deleted_at', 'is', null)
      .where('status', '<>', PostStatus.removed)
      .executeTakeFirst();
  }

  /**
   * The owner's choice of published (6) or private (8), kept in target_status. A processed post (6 or 8, or
   * 13 held for its performers, which the hold keeps at 13 when asked to publish) switches now; one still in the pipeline (1, 2, 4, 5) switches in finishProcessing. The owner's
   * posts_count (published posts) follows in the same statement. False for failed or blocked posts.
   */
  async requestStatus(id: number, status: number): Promise<boolean> {
    const { rows } = await sql<{ changed: number }>`
      WITH current AS (
        SELECT id, status FROM posts WHERE id = ${id} AND deleted_at IS NULL FOR UPDATE
      ), changed AS (
        UPDATE posts p SET
          target_status = ${status},
          status = CASE WHEN c.status IN (${SWITCHABLE}) THEN ${status}::smallint ELSE p.status END,
          published_at = CASE WHEN c.status IN (${SWITCHABLE}) AND ${status} = ${PostStatus.published}
            THEN coalesce(p.published_at, now()) ELSE p.published_at END,
          updated_at = now()
        FROM current c
        WHERE p.id = c.id AND c.status IN (${PostStatus.created}, ${PostStatus.processing}, ${PostStatus.queued},
          ${PostStatus.checking}, ${SWITCHABLE})
        RETURNING p.user_id, c.status AS before, p.status AS after
      ), counted AS (
        UPDATE users u SET posts_count = greatest(u.posts_count
          + CASE WHEN ch.after = ${PostStatus.published} AND ch.before <> ${PostStatus.published} THEN 1
                 WHEN ch.before = ${PostStatus.published} AND ch.after <> ${PostStatus.published} THEN -1 ELSE 0 END, 0)
        FROM changed ch WHERE u.id = ch.user_id
      )
      SELECT count(*)::int AS changed FROM changed`.execute(this.db);
    return (rows[0]?.changed ?? 0) > 0;
  }

  /**
   * Called by the media pipeline when a post's processing has ended well: the post takes the status its
   * owner chose (published unless they asked for private) and, when published, counts on their profile.
   * Answers the new status, or undefined when the post was not in the pipeline.
   */
  async finishProcessing(id: number): Promise<number | undefined> {
    const { rows } = await sql<{ status: number }>`
      WITH done AS (
        UPDATE posts SET status = target_status, updated_at = now(),
          published_at = CASE WHEN target_status = ${PostStatus.published} THEN coalesce(published_at, now()) ELSE published_at END
        WHERE id = ${id} AND deleted_at IS NULL
          AND status IN (${PostStatus.created}, ${PostStatus.processing}, ${PostStatus.queued}, ${PostStatus.checking})
        RETURNING user_id, status
      ), counted AS (
        UPDATE users u SET posts_count = u.posts_count + 1 FROM done WHERE u.id = done.user_id AND done.status = ${PostStatus.published}
      )
      SELECT status FROM done`.execute(this.db);
    return rows[0]?.status;
  }

  /** Everything stored about a post, for GET /api/debug/post/{id}. */
  async debugInfo(id: number) {
    const post = await this.db
      .selectFrom('posts')
      .select([
        'id',
        'user_id as userId',
        'kind',
        'status',
        'target_status as targetStatus',
        'lgbt',
        'likes_count as likesCount',
        'shares_count as sharesCount',
        'views_count as viewsCount',
        'completions',
        'popularity',
        'pinned_at as pinnedAt',
        'created_at as createdAt',
        'published_at as publishedAt',
        'updated_at as updatedAt',
        'deleted_at as deletedAt',
      ])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!post) return undefined;
    const [media, jobs] = await Promise.all([
      this.db
        .selectFrom('media_files')
        .select([
          'id',
          'name',
          'kind',
          'status',
          'mime_type as mimeType',
          'width',
          'height',
          'duration_ms as durationMs',
          'variants',
          'error',
        ])
        .where('post_id', '=', id)
        .orderBy('position')
        .execute(),
      this.db
        .selectFrom('post_jobs')
        .select(['kind', 'state', 'attempts', 'error', 'updated_at as updatedAt'])
        .where('post_id', '=', id)
        .orderBy('id')
        .execute(),
    ]);
    return { ...post, media, jobs };
  }

  async setPinned(id: number, pinned: boolean): Promise<void> {
    await this.db
      .updateTable('posts')
      .set({ pinned_at: pinned ? sql<Date>`coalesce(pinned_at, now())` : null })
      .where('id', '=', id)
      .execute();
  }

  /** Sets the title and/or the tags (in the given order, created when new) and keeps tag use counts exact. */
  async edit(id: number, changes: { title?: string; tags?: readonly string[] }): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (changes.title !== undefined) {
        await trx.updateTable('posts').set({ title: changes.title, updated_at: new Date() }).where('id', '=', id).execute();
      }
      if (changes.tags !== undefined) await replacePostTags(trx, id, changes.tags);
    });
    await refreshPostSearchText(this.db, id);
  }

  /** Soft delete in one statement: the owner's post count and likes received drop with it, pins go. */
  async softDelete(id: number): Promise<void> {
    await sql`
      WITH gone AS (
        UPDATE posts SET deleted_at = now(), pinned_at = NULL, updated_at = now()
        WHERE id = ${id} AND deleted_at IS NULL
        RETURNING user_id, status, likes_count
      )
      UPDATE users u SET
        posts_count = greatest(u.posts_count - CASE WHEN gone.status = ${PostStatus.published} THEN 1 ELSE 0 END, 0),
        likes_received = greatest(u.likes_received - gone.likes_count, 0)
      FROM gone WHERE u.id = gone.user_id`.execute(this.db);
  }
}
