import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { MediaVariant } from '../db/schema.ts';
import { addJobIn, removeJobIn } from '../jobs/queue.ts';
import { stillOf } from '../notifications/notification-view.ts';
import { variantUrls } from '../posts/post-card.ts';
import type { PageCursor } from '../posts/post-feed.repository.ts';
import { PostStatus } from '../posts/post-status.ts';
import { type PostSettings, type StudioPost, type StudioPostRow, type StudioTarget, stateOfStatus } from './studio-schema.ts';

const PIPELINE = sql.raw([PostStatus.created, PostStatus.processing, PostStatus.queued, PostStatus.checking].join(', '));
const TARGETS: Record<number, StudioTarget> = {
  [PostStatus.published]: 'published',
  [PostStatus.private]: 'private',
  [PostStatus.draft]: 'draft',
  [PostStatus.scheduled]: 'scheduled',
};

/** The job that publishes a scheduled post, one per post: rescheduling replaces it, cancelling removes it. */
export const publishJobKey = (postId: number) => `studio-publish:${postId}`;

interface PostRowData {
  readonly id: number;
  readonly title: string;
  readonly status: number;
  readonly targetStatus: number;
  readonly lgbt: number;
  readonly scheduledAt: Date | null;
  readonly createdAt: Date;
  readonly publishedAt: Date | null;
  readonly viewsCount: number;
  readonly likesCount: number;
  readonly variants: Record<string, MediaVariant> | null;
  readonly durationMs: number | null;
  readonly cursorKey: string;
}

const ROW_COLUMNS = sql`p.id, p.title, p.status, p.target_status AS "targetStatus", p.lgbt, p.scheduled_at AS "scheduledAt",
  p.created_at AS "createdAt", p.published_at AS "publishedAt", p.views_count AS "viewsCount", p.likes_count AS "likesCount",
  m.variants, m.duration_ms AS "durationMs", (extract(epoch from p.created_at) * 1000000)::bigint::text AS "cursorKey"`;
const FIRST_MEDIA = sql`LEFT JOIN LATERAL (SELECT variants, duration_ms FROM media_files
  WHERE post_id = p.id ORDER BY position LIMIT 1) m ON true`;

/**
 * One status as an equality, so the page is read in index order from the cursor on; the pipeline's four
 * statuses (few posts at any time) as a list, whose rows are then sorted.
 */
function statusFilter(statuses: readonly number[] | undefined) {
  if (!statuses) return sql``;
  return statuses.length === 1 ? sql`AND p.status = ${statuses[0]}` : sql`AND p.status = ANY(${[...statuses]}::smallint[])`;
}

function toRow(row: PostRowData): StudioPostRow {
  return {
    id: Number(row.id),
    title: row.title,
    state: stateOfStatus(row.status),
    status: row.status,
    target: TARGETS[row.targetStatus] ?? 'published',
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    publishedAt: row.publishedAt?.toISOString() ?? null,
    viewCount: Number(row.viewsCount),
    likesCount: Number(row.likesCount),
    thumbnail: row.variants ? stillOf(row.variants) : '',
    duration: row.durationMs === null ? null : Number(row.durationMs) / 1000,
  };
}

/** A post's state as the studio's rules read it, locked for the change that follows. */
export interface LockedPost {
  readonly status: number;
  readonly targetStatus: number;
}

/** The studio's reads and writes of posts: the owner's list, drafts, schedules and per-post settings. */
export class StudioRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  get db(): Db {
    return this.#db;
  }

  transaction<T>(work: (repository: StudioRepository) => Promise<T>): Promise<T> {
    return this.#db.transaction().execute((trx) => work(new StudioRepository(trx)));
  }

  /**
   * The owner's posts in every state but removed, newest first, from `after` on: a keyset page on
   * posts_by_user, or with a state on posts_studio_by_status (migration 0032).
   */
  async list(ownerId: number, statuses: readonly number[] | undefined, limit: number, after: PageCursor | undefined) {
    const { rows } = await sql<PostRowData>`
      SELECT ${ROW_COLUMNS} FROM posts p ${FIRST_MEDIA}
      WHERE p.user_id = ${ownerId} AND p.deleted_at IS NULL AND p.status <> ${PostStatus.removed}
        ${statusFilter(statuses)}
        ${after ? sql`AND (p.created_at, p.id) < (timestamptz 'epoch' + ${after.key}::bigint * interval '1 microsecond', ${after.id})` : sql``}
      ORDER BY p.created_at DESC, p.id DESC
      LIMIT ${limit}`.execute(this.#db);
    return rows.map((row) => ({ row: toRow(row), cursor: { key: Number(row.cursorKey), id: Number(row.id) } }));
  }

  /** One post of the owner's with what the editor shows; undefined when absent, deleted, removed or someone else's. */
  async post(ownerId: number, postId: number): Promise<StudioPost | undefined> {
    const { rows } = await sql<
      PostRowData & {
        allowEmbedding: boolean;
        allowDownloads: boolean;
        tags: { id: number; tag: string }[];
        media: {
          id: number;
          name: string;
          kind: string;
          width: number | null;
          height: number | null;
          durationMs: number | null;
          variants: Record<string, MediaVariant>;
        }[];
      }
    >`
      SELECT ${ROW_COLUMNS}, p.allow_embedding AS "allowEmbedding", p.allow_downloads AS "allowDownloads",
        coalesce((SELECT json_agg(json_build_object('id', t.id, 'tag', t.tag) ORDER BY pt.position)
          FROM post_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.post_id = p.id), '[]') AS tags,
        coalesce((SELECT json_agg(json_build_object('id', f.id, 'name', f.name, 'kind', f.kind, 'width', f.width,
            'height', f.height, 'durationMs', f.duration_ms, 'variants', f.variants) ORDER BY f.position)
          FROM media_files f WHERE f.post_id = p.id), '[]') AS media
      FROM posts p ${FIRST_MEDIA}
      WHERE p.id = ${postId} AND p.user_id = ${ownerId} AND p.deleted_at IS NULL AND p.status <> ${PostStatus.removed}`.execute(
      this.#db,
    );
    const row = rows[0];
    if (!row) return undefined;
    const settings: PostSettings = {
      allowEmbedding: row.allowEmbedding,
      allowDownloads: row.allowDownloads,
      allowComments: false,
    };
    return {
      ...toRow(row),
      lgbt: row.lgbt,
      tags: row.tags.map((tag) => ({ id: Number(tag.id), tag: tag.tag })),
      settings,
      media: row.media.map((file) => ({
        id: Number(file.id),
        name: file.name,
        kind: file.kind,
        width: file.width,
        height: file.height,
        duration: file.durationMs === null ? null : file.durationMs / 1000,
        variants: variantUrls(file.variants),
      })),
    };
  }

  /** The owner's post, its row locked until the transaction ends; undefined as for `post`. */
  async lockOwned(ownerId: number, postId: number): Promise<LockedPost | undefined> {
    const { rows } = await sql<LockedPost>`
      SELECT status, target_status AS "targetStatus" FROM posts
      WHERE id = ${postId} AND user_id = ${ownerId} AND deleted_at IS NULL AND status <> ${PostStatus.removed}
      FOR UPDATE`.execute(this.#db);
    return rows[0];
  }

  /**
   * Schedules still pending of a creator (scheduled, or in the pipeline with a schedule to take), counted
   * after locking the creator's row so that two schedules at once cannot both take the last place.
   */
  async pendingSchedules(ownerId: number): Promise<number> {
    await sql`SELECT 1 FROM users WHERE id = ${ownerId} FOR UPDATE`.execute(this.#db);
    const { rows } = await sql<{ count: number }>`
      SELECT count(*)::int AS count FROM posts
      WHERE user_id = ${ownerId} AND target_status = ${PostStatus.scheduled} AND deleted_at IS NULL
        AND status IN (${PostStatus.scheduled}, ${PIPELINE})`.execute(this.#db);
    return rows[0]?.count ?? 0;
  }

  /** A draft becomes scheduled (a post in the pipeline takes the schedule as its target) and its job is (re)placed. */
  async schedule(postId: number, at: Date): Promise<void> {
    await sql`
      UPDATE posts SET scheduled_at = ${at}, target_status = ${PostStatus.scheduled}, updated_at = now(),
        status = CASE WHEN status = ${PostStatus.draft} THEN ${PostStatus.scheduled}::smallint ELSE status END
      WHERE id = ${postId}`.execute(this.#db);
    await this.requeue(postId, at);
  }

  /** Back to draft (or a draft target while in the pipeline); the publication job goes. */
  async unschedule(postId: number): Promise<void> {
    await sql`
      UPDATE posts SET scheduled_at = NULL, target_status = ${PostStatus.draft}, updated_at = now(),
        status = CASE WHEN status = ${PostStatus.scheduled} THEN ${PostStatus.draft}::smallint ELSE status END
      WHERE id = ${postId}`.execute(this.#db);
    await removeJobIn(this.#db, publishJobKey(postId));
  }

  /**
   * Publishes a draft or scheduled post now as `status` (published or private), or makes that the target
   * of a post still in the pipeline; counts it on the owner's profile when it went public. The
   * pre-publication trigger (migration 0025) may hold it in review instead. Answers the status it took.
   */
  async publishNow(postId: number, status: number): Promise<number> {
    const { rows } = await sql<{ status: number }>`
      WITH changed AS (
        UPDATE posts p SET target_status = ${status}, scheduled_at = NULL, updated_at = now(),
          status = CASE WHEN p.status IN (${PostStatus.draft}, ${PostStatus.scheduled}) THEN ${status}::smallint ELSE p.status END,
          published_at = CASE WHEN p.status IN (${PostStatus.draft}, ${PostStatus.scheduled}) AND ${status} = ${PostStatus.published}
            THEN coalesce(p.published_at, now()) ELSE p.published_at END
        WHERE p.id = ${postId}
        RETURNING p.user_id, p.status
      ), counted AS (
        UPDATE users u SET posts_count = u.posts_count + 1 FROM changed c
        WHERE u.id = c.user_id AND c.status = ${PostStatus.published}
      )
      SELECT status FROM changed`.execute(this.#db);
    await removeJobIn(this.#db, publishJobKey(postId));
    return rows[0]?.status ?? PostStatus.draft;
  }

  /**
   * The publication job's step: a post still scheduled whose time has come goes public (or in review), a
   * post in the pipeline (or failed, then retried) gets published as its target so processing publishes it
   * when done. Deleted,
   * removed, blocked, reviewed, cancelled and rescheduled-later posts match nothing. Answers the status
   * the post took, or undefined when there was nothing to do.
   */
  async publishDue(postId: number): Promise<number | undefined> {
    const { rows } = await sql<{ status: number }>`
      WITH due AS (
        UPDATE posts p SET target_status = ${PostStatus.published}, scheduled_at = NULL, updated_at = now(),
          status = CASE WHEN p.status = ${PostStatus.scheduled} THEN ${PostStatus.published}::smallint ELSE p.status END,
          published_at = CASE WHEN p.status = ${PostStatus.scheduled} THEN coalesce(p.published_at, now()) ELSE p.published_at END
        WHERE p.id = ${postId} AND p.deleted_at IS NULL AND p.target_status = ${PostStatus.scheduled}
          AND p.status IN (${PostStatus.scheduled}, ${PostStatus.failed}, ${PIPELINE}) AND p.scheduled_at <= now()
        RETURNING p.user_id, p.status
      ), counted AS (
        UPDATE users u SET posts_count = u.posts_count + 1 FROM due d
        WHERE u.id = d.user_id AND d.status = ${PostStatus.published}
      )
      SELECT status FROM due`.execute(this.#db);
    return rows[0]?.status;
  }

  /** When a post that is still waiting for its time is due; undefined for any other post. */
  async pendingTime(postId: number): Promise<Date | undefined> {
    const { rows } = await sql<{ scheduledAt: Date }>`
      SELECT scheduled_at AS "scheduledAt" FROM posts
      WHERE id = ${postId} AND deleted_at IS NULL AND target_status = ${PostStatus.scheduled}
        AND status IN (${PostStatus.scheduled}, ${PIPELINE}) AND scheduled_at > now()`.execute(this.#db);
    return rows[0]?.scheduledAt;
  }

  /** Places the post's publication job at `at`, replacing the one it had. */
  async requeue(postId: number, at: Date): Promise<void> {
    await addJobIn(this.#db, 'studio:publish-scheduled', { postId }, { jobKey: publishJobKey(postId), runAt: at });
  }

  async updateSettings(postId: number, changes: { allowEmbedding?: boolean; allowDownloads?: boolean }): Promise<void> {
    await this.#db
      .updateTable('posts')
      .set({
        ...(changes.allowEmbedding === undefined ? {} : { allow_embedding: changes.allowEmbedding }),
        ...(changes.allowDownloads === undefined ? {} : { allow_downloads: changes.allowDownloads }),
        updated_at: new Date(),
      })
      .where('id', '=', postId)
      .execute();
  }
}
