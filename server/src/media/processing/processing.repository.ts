import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { MediaVariant } from '../../db/schema.ts';
import { addJobIn } from '../../jobs/queue.ts';
import { MediaStatus, PostStatus } from '../../posts/post-status.ts';
import { PostsRepository } from '../../posts/posts.repository.ts';

export interface ProcessingPost {
  readonly id: number;
  readonly userId: number;
  readonly kind: 'video' | 'images';
  readonly status: number;
  readonly deleted: boolean;
  readonly soundId: number | null;
}

export interface ProcessingMedia {
  readonly id: number;
  readonly name: string;
  readonly kind: 'video' | 'image' | 'audio';
  readonly status: number;
  readonly width: number | null;
  readonly height: number | null;
  readonly originalKey: string | null;
  readonly variants: Record<string, MediaVariant>;
}

export interface PostJob {
  readonly kind: string;
  readonly state: 'new' | 'started' | 'done' | 'failed';
}

export interface LibrarySound {
  readonly id: number;
  readonly key: string;
}

/** How the worker job of a post is enqueued: one per post (job key), a bounded number of attempts. */
export interface ProcessJobSpec {
  readonly jobKey: string;
  readonly maxAttempts: number;
}

/** The SQL of the processing half of the media pipeline: posts, their media rows and their post_jobs. */
export class ProcessingRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  findPost(postId: number): Promise<ProcessingPost | undefined> {
    return this.#db
      .selectFrom('posts')
      .select([
        'id',
        'user_id as userId',
        'kind',
        'status',
        sql<boolean>`deleted_at IS NOT NULL`.as('deleted'),
        'sound_id as soundId',
      ])
      .where('id', '=', postId)
      .executeTakeFirst();
  }

  /** The post's media files in their order; audio rows (sounds) never belong to a post. */
  media(postId: number): Promise<ProcessingMedia[]> {
    return this.#db
      .selectFrom('media_files')
      .select(['id', 'name', 'kind', 'status', 'width', 'height', 'original_key as originalKey', 'variants'])
      .where('post_id', '=', postId)
      .where('kind', 'in', ['video', 'image'])
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  jobs(postId: number): Promise<PostJob[]> {
    return this.#db.selectFrom('post_jobs').select(['kind', 'state']).where('post_id', '=', postId).orderBy('id').execute();
  }

  /**
   * Plans a freshly uploaded post: its jobs, status queued and the worker job, in one transaction. Only a
   * post still `created` is planned, so a second call changes nothing; answers whether this call planned it.
   */
  async plan(postId: number, kinds: readonly string[], job: ProcessJobSpec): Promise<boolean> {
    return this.#db.transaction().execute(async (trx) => {
      const queued = await trx
        .updateTable('posts')
        .set({ status: PostStatus.queued, updated_at: new Date() })
        .where('id', '=', postId)
        .where('status', '=', PostStatus.created)
        .where('deleted_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!queued) return false;
      await trx
        .insertInto('post_jobs')
        .values(kinds.map((kind) => ({ post_id: postId, kind })))
        .onConflict((conflict) => conflict.columns(['post_id', 'kind']).doNothing())
        .execute();
      await addJobIn(trx, 'media:process', { postId }, job);
      return true;
    });
  }

  /** Adds jobs missing from the plan and drops planned ones that no longer apply (never a done one). */
  async replan(postId: number, kinds: readonly string[]): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('post_jobs')
        .where('post_id', '=', postId)
        .where('kind', 'not in', kinds)
        .where('state', '<>', 'done')
        .execute();
      await trx
        .insertInto('post_jobs')
        .values(kinds.map((kind) => ({ post_id: postId, kind })))
        .onConflict((conflict) => conflict.columns(['post_id', 'kind']).doNothing())
        .execute();
    });
  }

  /** The worker has the post: processing (2), its waiting media files processing (3). */
  async startProcessing(postId: number): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await trx
        .updateTable('posts')
        .set({ status: PostStatus.processing, updated_at: new Date() })
        .where('id', '=', postId)
        .where('status', 'in', [PostStatus.queued, PostStatus.checking])
        .execute();
      await trx
        .updateTable('media_files')
        .set({ status: MediaStatus.processing, updated_at: new Date() })
        .where('post_id', '=', postId)
        .where('status', 'in', [MediaStatus.uploaded, MediaStatus.refetch])
        .execute();
    });
  }

  async markJob(postId: number, kind: string, state: 'started' | 'done'): Promise<void> {
    await this.#db
      .updateTable('post_jobs')
      .set((eb) => ({
        state,
        error: null,
        updated_at: new Date(),
        attempts: state === 'started' ? eb('attempts', '+', 1) : eb.ref('attempts'),
      }))
      .where('post_id', '=', postId)
      .where('kind', '=', kind)
      .execute();
  }

  /** Adds renditions to a media file's variants; called only once every file they name is stored. */
  async addVariants(mediaId: number, variants: Record<string, MediaVariant>): Promise<void> {
    await this.#db
      .updateTable('media_files')
      .set({ variants: sql<string>`variants || ${JSON.stringify(variants)}::jsonb`, updated_at: new Date() })
      .where('id', '=', mediaId)
      .execute();
  }

  /** What the worker measured itself: displayed size and duration. */
  async saveMeasurements(mediaId: number, values: { width: number; height: number; durationMs?: number }): Promise<void> {
    await this.#db
      .updateTable('media_files')
      .set({ width: values.width, height: values.height, duration_ms: values.durationMs ?? null, updated_at: new Date() })
      .where('id', '=', mediaId)
      .execute();
  }

  async savePlaceholder(mediaId: number, placeholder: string): Promise<void> {
    await this.#db.updateTable('media_files').set({ placeholder, updated_at: new Date() }).where('id', '=', mediaId).execute();
  }

  /** The post's sound, else a random one of the library (undefined when the library is empty). */
  async soundFor(post: ProcessingPost): Promise<LibrarySound | undefined> {
    const query = this.#db
      .selectFrom('sounds as s')
      .innerJoin('media_files as m', 'm.id', 's.media_file_id')
      .select(['s.id', sql<string | null>`coalesce(m.variants->'m4a'->>'key', m.original_key)`.as('key')]);
    const row = await (post.soundId !== null
      ? query.where('s.id', '=', post.soundId)
      : query.orderBy(sql`random()`).limit(1)
    ).executeTakeFirst();
    return row?.key ? { id: row.id, key: row.key } : undefined;
  }

  /** Sets the post's sound once; a retry that finds it set leaves it and the sound's use count alone. */
  async chooseSound(postId: number, soundId: number): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      const chosen = await trx
        .updateTable('posts')
        .set({ sound_id: soundId })
        .where('id', '=', postId)
        .where('sound_id', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (chosen)
        await trx
          .updateTable('sounds')
          .set((eb) => ({ uses_count: eb('uses_count', '+', 1) }))
          .where('id', '=', soundId)
          .execute();
    });
  }

  /**
   * Every job done: media ready, the post takes its owner's chosen status (PostsRepository.finishProcessing),
   * and the follow-up jobs are enqueued — all in one transaction, so a crash in between cannot lose them.
   * Answers the post's new status (undefined when it was no longer in the pipeline).
   */
  async finish(postId: number, videoMediaIds: readonly number[]): Promise<number | undefined> {
    return this.#db.transaction().execute(async (trx) => {
      await trx
        .updateTable('media_files')
        .set({ status: MediaStatus.ready, error: null, updated_at: new Date() })
        .where('post_id', '=', postId)
        .where('kind', 'in', ['video', 'image'])
        .execute();
      const status = await new PostsRepository(trx).finishProcessing(postId);
      if (status === undefined) return undefined;
      for (const mediaId of videoMediaIds) {
        await addJobIn(trx, 'media:simicheck', { mediaId }, { jobKey: `media-simicheck:${mediaId}` });
      }
      if (status === PostStatus.published) {
        await addJobIn(trx, 'notifications:post-created', { postId }, { jobKey: `post-created:${postId}` });
      }
      return status;
    });
  }

  /**
   * Posts in the pipeline untouched for `quietSeconds` whose `media:process` job (key `keyPrefix` + id) can
   * no longer run: graphile-worker has used every attempt and no worker holds it, or it is gone. A worker
   * killed during the last attempt leaves such a post; its lock is released (worker-liveness.ts), but a job
   * with no attempt left never runs again.
   */
  async abandonedPosts(keyPrefix: string, quietSeconds: number, limit: number): Promise<number[]> {
    const result = await sql<{ id: number }>`
      SELECT p.id FROM posts p
      WHERE p.status IN (${PostStatus.queued}, ${PostStatus.checking}, ${PostStatus.processing}) AND p.deleted_at IS NULL
        AND p.updated_at < now() - make_interval(secs => ${quietSeconds})
        AND NOT EXISTS (SELECT 1 FROM graphile_worker.jobs j
                        WHERE j.key = ${keyPrefix} || p.id AND (j.attempts < j.max_attempts OR j.locked_at IS NOT NULL))
      ORDER BY p.id LIMIT ${limit}`.execute(this.#db);
    return result.rows.map((row) => Number(row.id));
  }

  /**
   * The owner asks for a failed post to be processed again: post queued (4), its media back to uploaded (1)
   * without the old reason, every job not done back to new, and `media:process` enqueued under the post's
   * job key (graphile-worker then replaces the spent job and starts its attempts from zero), in one
   * transaction. Done jobs stay done. Answers whether the post was failed, owned by `ownerId` and not deleted.
   */
  async requeueFailed(postId: number, ownerId: number, job: ProcessJobSpec): Promise<boolean> {
    return this.#db.transaction().execute(async (trx) => {
      const queued = await trx
        .updateTable('posts')
        .set({ status: PostStatus.queued, updated_at: new Date() })
        .where('id', '=', postId)
        .where('user_id', '=', ownerId)
        .where('status', '=', PostStatus.failed)
        .where('deleted_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!queued) return false;
      await trx
        .updateTable('media_files')
        .set({ status: MediaStatus.uploaded, error: null, updated_at: new Date() })
        .where('post_id', '=', postId)
        .where('status', '=', MediaStatus.failed)
        .execute();
      await trx
        .updateTable('post_jobs')
        .set({ state: 'new', error: null, updated_at: new Date() })
        .where('post_id', '=', postId)
        .where('state', '<>', 'done')
        .execute();
      await addJobIn(trx, 'media:process', { postId }, job);
      return true;
    });
  }

  /** The post failed for good: post failed (3), its media failed (9) with the reason, the running job failed. */
  async fail(postId: number, reason: string, detail: string): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await trx
        .updateTable('posts')
        .set({ status: PostStatus.failed, updated_at: new Date() })
        .where('id', '=', postId)
        .where('status', 'in', [PostStatus.created, PostStatus.queued, PostStatus.checking, PostStatus.processing])
        .execute();
      await trx
        .updateTable('media_files')
        .set({ status: MediaStatus.failed, error: reason, updated_at: new Date() })
        .where('post_id', '=', postId)
        .where('kind', 'in', ['video', 'image'])
        .execute();
      await trx
        .updateTable('post_jobs')
        .set({ state: 'failed', error: `${reason}: ${detail}`.slice(0, 2000), updated_at: new Date() })
        .where('post_id', '=', postId)
        .where('state', '=', 'started')
        .execute();
    });
  }
}
