import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { MediaVariant } from '../../db/schema.ts';
import { addJobIn } from '../../jobs/queue.ts';
import type { CoverSource, CoverState } from './cover.tables.ts';

/** A post of the caller's as the studio's cover tab sees it, with its video file when it has one. */
export interface StudioVideo {
  readonly postId: number;
  readonly kind: 'video' | 'images';
  readonly status: number;
  readonly media?: {
    readonly id: number;
    readonly name: string;
    readonly status: number;
    readonly width: number | null;
    readonly height: number | null;
    readonly durationMs: number | null;
    readonly variants: Record<string, MediaVariant>;
    readonly placeholder: string | null;
  };
}

export interface CoverRequestRow {
  readonly id: number;
  readonly source: CoverSource;
  readonly timeMs: number | null;
  readonly state: CoverState;
  readonly error: string | null;
  readonly createdAt: Date;
}

/** What the job needs of one request: the request, its media file and the post around it. */
export interface CoverJobRow {
  readonly id: number;
  readonly mediaId: number;
  readonly source: CoverSource;
  readonly timeMs: number | null;
  readonly imageKey: string | null;
  readonly folder: string;
  readonly state: CoverState;
  readonly replacedKeys: string[];
  readonly name: string;
  readonly width: number | null;
  readonly height: number | null;
  readonly durationMs: number | null;
  readonly originalKey: string | null;
  readonly mediaStatus: number;
  readonly ownerId: number;
  readonly postId: number;
  readonly postKind: 'video' | 'images';
  readonly postStatus: number;
  readonly postDeleted: boolean;
}

export interface NewCoverRequest {
  readonly mediaId: number;
  readonly source: CoverSource;
  readonly timeMs?: number;
  readonly imageKey?: string;
  readonly folder: string;
}

/** How `media:cover` jobs are enqueued: one at a time per media file, in the order asked. */
export interface CoverJobSpec {
  readonly queueName: string;
  readonly maxAttempts: number;
}

/** What applying a rendered cover did. */
export type ApplyOutcome = 'applied' | 'superseded' | 'withdrawn';

/** Folds the new cover's variants into the media row's, answering the row's new variants and the keys no longer named. */
export type VariantMerge = (current: Record<string, MediaVariant>) => {
  readonly variants: Record<string, MediaVariant>;
  readonly retired: string[];
};

/** The SQL of cover frames: requests (media_covers) and the one write that switches a media file's stills. */
export class CoverRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** The owner's post (not deleted) and its video file; undefined for anyone else's post. */
  async studioVideo(ownerId: number, postId: number): Promise<StudioVideo | undefined> {
    const post = await this.#db
      .selectFrom('posts')
      .select(['id', 'kind', 'status'])
      .where('id', '=', postId)
      .where('user_id', '=', ownerId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!post) return undefined;
    const media = await this.#db
      .selectFrom('media_files')
      .select(['id', 'name', 'status', 'width', 'height', 'duration_ms as durationMs', 'variants', 'placeholder'])
      .where('post_id', '=', postId)
      .where('kind', '=', 'video')
      .orderBy('position')
      .executeTakeFirst();
    return { postId: post.id, kind: post.kind, status: post.status, media };
  }

  /** The media file's latest cover request, whatever became of it. */
  latestRequest(mediaId: number): Promise<CoverRequestRow | undefined> {
    return this.#db
      .selectFrom('media_covers')
      .select(['id', 'source', 'time_ms as timeMs', 'state', 'error', 'created_at as createdAt'])
      .where('media_id', '=', mediaId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Records a request and enqueues its job in one transaction, so neither exists without the other. */
  async request(values: NewCoverRequest, job: CoverJobSpec): Promise<number> {
    return this.#db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('media_covers')
        .values({
          media_id: values.mediaId,
          source: values.source,
          time_ms: values.timeMs ?? null,
          image_key: values.imageKey ?? null,
          folder: values.folder,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await addJobIn(trx, 'media:cover', { coverId: id }, job);
      return id;
    });
  }

  job(coverId: number): Promise<CoverJobRow | undefined> {
    return this.#db
      .selectFrom('media_covers as c')
      .innerJoin('media_files as m', 'm.id', 'c.media_id')
      .innerJoin('posts as p', 'p.id', 'm.post_id')
      .select([
        'c.id',
        'c.media_id as mediaId',
        'c.source',
        'c.time_ms as timeMs',
        'c.image_key as imageKey',
        'c.folder',
        'c.state',
        'c.replaced_keys as replacedKeys',
        'm.name',
        'm.width',
        'm.height',
        'm.duration_ms as durationMs',
        'm.original_key as originalKey',
        'm.status as mediaStatus',
        'p.user_id as ownerId',
        'p.id as postId',
        'p.kind as postKind',
        'p.status as postStatus',
        sql<boolean>`p.deleted_at IS NOT NULL`.as('postDeleted'),
      ])
      .where('c.id', '=', coverId)
      .executeTakeFirst();
  }

  /** True when the owner asked for another cover after this one (a later request wins; a failed one does not count). */
  async hasNewerRequest(coverId: number, mediaId: number): Promise<boolean> {
    const newer = await this.#db
      .selectFrom('media_covers')
      .select('id')
      .where('media_id', '=', mediaId)
      .where('id', '>', coverId)
      .where('state', '<>', 'failed')
      .executeTakeFirst();
    return newer !== undefined;
  }

  /**
   * The switch, in one transaction with the media row locked: unless a newer cover was applied meanwhile or
   * the post left the states a cover may change in, the row's variants and placeholder become the new
   * cover's and the request is `applied`, remembering the keys it retired for the clean-up.
   */
  async apply(coverId: number, merge: VariantMerge, placeholder: string, eligible: readonly number[]): Promise<ApplyOutcome> {
    return this.#db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('media_covers as c')
        .innerJoin('media_files as m', 'm.id', 'c.media_id')
        .innerJoin('posts as p', 'p.id', 'm.post_id')
        .select([
          'm.id as mediaId',
          'm.variants',
          'p.status as postStatus',
          sql<boolean>`p.deleted_at IS NOT NULL`.as('postDeleted'),
        ])
        .where('c.id', '=', coverId)
        .forUpdate('m')
        .executeTakeFirst();
      if (!row || row.postDeleted || !eligible.includes(row.postStatus)) return 'withdrawn';
      const newer = await trx
        .selectFrom('media_covers')
        .select('id')
        .where('media_id', '=', row.mediaId)
        .where('id', '>', coverId)
        .where('state', 'in', ['applied', 'done'])
        .executeTakeFirst();
      if (newer) return 'superseded';
      const { variants, retired } = merge(row.variants);
      await trx
        .updateTable('media_files')
        .set({ variants: JSON.stringify(variants), placeholder, updated_at: new Date() })
        .where('id', '=', row.mediaId)
        .execute();
      await trx
        .updateTable('media_covers')
        .set({ state: 'applied', replaced_keys: JSON.stringify(retired), updated_at: new Date() })
        .where('id', '=', coverId)
        .execute();
      return 'applied';
    });
  }

  /** True while no cover newer than this one has been applied to its media file. */
  async isCurrent(coverId: number, mediaId: number): Promise<boolean> {
    const newer = await this.#db
      .selectFrom('media_covers')
      .select('id')
      .where('media_id', '=', mediaId)
      .where('id', '>', coverId)
      .where('state', 'in', ['applied', 'done'])
      .executeTakeFirst();
    return newer === undefined;
  }

  async end(coverId: number, state: 'done' | 'failed' | 'superseded', error: string | null = null): Promise<void> {
    await this.#db.updateTable('media_covers').set({ state, error, updated_at: new Date() }).where('id', '=', coverId).execute();
  }
}
