import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { MediaStatus, PostStatus } from '../../posts/post-status.ts';
import { refreshPostSearchText, replacePostTags } from '../../posts/post-tags.repository.ts';

/** A media file of a new post whose original is already in storage. */
export interface MediaDraft {
  readonly name: string;
  readonly kind: 'video' | 'image';
  readonly mimeType: string;
  /** As displayed (after rotation or EXIF orientation). */
  readonly width: number;
  readonly height: number;
  readonly durationMs: number | null;
  readonly sizeBytes: number;
  readonly originalKey: string;
  /** The original's SHA-256 in hex (consent records, compliance/performers/). */
  readonly sha256?: string;
}

export interface PostDraft {
  readonly userId: number;
  readonly kind: 'video' | 'images';
  readonly title: string;
  readonly lgbt: number;
  readonly tags: readonly string[];
  readonly media: readonly MediaDraft[];
  /** The URL import this post comes from; it is linked in the same transaction. */
  readonly scraperJobId?: number;
  /** What the post becomes once processed: published, or private until its owner publishes it. */
  readonly targetStatus?: typeof PostStatus.published | typeof PostStatus.private | typeof PostStatus.draft;
}

export interface CreatedPost {
  readonly postId: number;
  readonly media: { id: number; name: string; kind: 'video' | 'image' }[];
}

export interface Uploader {
  readonly type: number;
  readonly lgbtPreference: number;
}

/** Raised inside the post transaction when a URL import already has its post (a retried job): nothing is written. */
export class ScraperJobTaken extends Error {}

/** The only place that writes a new post from an upload, and the journal of originals stored ahead of it. */
export class MediaIngestRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  uploader(userId: number): Promise<Uploader | undefined> {
    return this.#db
      .selectFrom('users')
      .select(['type', 'lgbt_preference as lgbtPreference'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  /** A URL import of the user, by uid and/or id, with the post it became (null while it has none). */
  scraperJob(userId: number, ref: { uid?: string; id?: number }) {
    return this.#db
      .selectFrom('scraper_jobs')
      .select(['id', 'post_id as postId'])
      .where('user_id', '=', userId)
      .$if(ref.uid !== undefined, (query) => query.where('uid', '=', ref.uid as string))
      .$if(ref.id !== undefined, (query) => query.where('id', '=', ref.id as number))
      .executeTakeFirst();
  }

  /** The media files of a post, in order. */
  mediaOf(postId: number) {
    return this.#db
      .selectFrom('media_files')
      .select(['id', 'name', 'kind'])
      .where('post_id', '=', postId)
      .orderBy('position')
      .execute() as Promise<{ id: number; name: string; kind: 'video' | 'image' }[]>;
  }

  /** Records storage keys about to be written, before the first byte goes out (committed on its own). */
  async journal(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.#db
      .insertInto('pending_originals')
      .values(keys.map((key) => ({ storage_key: key })))
      .execute();
  }

  /** Drops journal rows whose objects the caller has deleted itself. */
  async forget(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.#db.deleteFrom('pending_originals').where('storage_key', 'in', keys).execute();
  }

  /**
   * Creates the post (created, to be published when processed), its media rows (uploaded) and tags, links
   * the URL import, and closes the journal rows of its originals, all in one transaction. When the journal
   * rows are gone (the orphan purge took them), the transaction fails and nothing is written.
   */
  /** `within`: more rows of the new post written in the same transaction (its creator on its performer manifest). */
  async createPost(draft: PostDraft, within?: (trx: Db, postId: number) => Promise<void>): Promise<CreatedPost> {
    const created = await this.#db.transaction().execute(async (trx) => {
      const keys = draft.media.map((media) => media.originalKey);
      const closed = await trx
        .deleteFrom('pending_originals')
        .where('storage_key', 'in', keys)
        .returning('storage_key')
        .execute();
      if (closed.length !== keys.length) throw new Error('an original was purged before its post was committed');
      const post = await trx
        .insertInto('posts')
        .values({
          user_id: draft.userId,
          kind: draft.kind,
          title: draft.title,
          lgbt: draft.lgbt,
          status: PostStatus.created,
          target_status: draft.targetStatus ?? PostStatus.published,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const media = await trx
        .insertInto('media_files')
        .values(
          draft.media.map((file, position) => ({
            name: file.name,
            owner_id: draft.userId,
            kind: file.kind,
            mime_type: file.mimeType,
            status: MediaStatus.uploaded,
            width: file.width,
            height: file.height,
            duration_ms: file.durationMs,
            size_bytes: file.sizeBytes,
            original_key: file.originalKey,
            sha256: file.sha256 ?? null,
            post_id: post.id,
            position,
          })),
        )
        .returning(['id', 'name', 'kind', 'position'])
        .execute();
      if (draft.tags.length) await replacePostTags(trx, post.id, draft.tags);
      await refreshPostSearchText(trx, post.id);
      if (draft.scraperJobId !== undefined) {
        const linked = await trx
          .updateTable('scraper_jobs')
          .set({ post_id: post.id, updated_at: sql`now()` })
          .where('id', '=', draft.scraperJobId)
          .where('post_id', 'is', null)
          .executeTakeFirst();
        if (linked.numUpdatedRows === 0n) throw new ScraperJobTaken();
      }
      await within?.(trx, post.id);
      return {
        postId: post.id,
        media: media
          .sort((a, b) => a.position - b.position)
          .map(({ id, name, kind }) => ({ id, name, kind: kind as 'video' | 'image' })),
      };
    });
    return created;
  }

  /** Posts still `created` more than `seconds` after their creation: committed, but never scheduled. */
  async unscheduledPosts(seconds: number): Promise<number[]> {
    const rows = await this.#db
      .selectFrom('posts')
      .select('id')
      .where('status', '=', PostStatus.created)
      .where('deleted_at', 'is', null)
      .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${seconds})`)
      .orderBy('id')
      .limit(100)
      .execute();
    return rows.map((row) => row.id);
  }

  /**
   * Hands up to `limit` journal keys older than `seconds` (originals no post will ever own) to `remove`, and
   * deletes their rows once it succeeded. The rows stay locked meanwhile: an upload still committing one of
   * them waits, then finds it gone and fails cleanly; a failed `remove` keeps them for the next run.
   */
  async removeOrphans(seconds: number, limit: number, remove: (keys: string[]) => Promise<void>): Promise<number> {
    return this.#db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('pending_originals')
        .select('storage_key')
        .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${seconds})`)
        .orderBy('created_at')
        .limit(limit)
        .forUpdate()
        .skipLocked()
        .execute();
      const keys = rows.map((row) => row.storage_key);
      if (keys.length === 0) return 0;
      await remove(keys);
      await trx.deleteFrom('pending_originals').where('storage_key', 'in', keys).execute();
      return keys.length;
    });
  }
}
