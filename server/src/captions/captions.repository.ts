import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { addJobIn } from '../jobs/queue.ts';
import { PostStatus } from '../posts/post-status.ts';
import { refreshPostSearchText } from '../posts/post-tags.repository.ts';

/** The video a caption belongs to: a post's first media file, as its owner sees it. */
export interface CaptionedVideo {
  readonly postId: number;
  readonly mediaId: number;
  readonly mediaName: string;
  readonly kind: string;
  readonly mediaStatus: number;
  readonly durationMs: number | null;
  /** Storage key of the HLS master playlist; null before processing wrote it. */
  readonly masterKey: string | null;
}

export interface CaptionRow {
  readonly language: string;
  readonly label: string;
  readonly fileName: string;
  readonly cueText: string;
  readonly cueCount: number;
  readonly sizeBytes: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface NewCaption {
  readonly language: string;
  readonly label: string;
  readonly fileName: string;
  readonly cueText: string;
  readonly cueCount: number;
  readonly sizeBytes: number;
}

/** Posts whose media is withdrawn: their files are being deleted (media/README.md "Takedowns"). */
const WITHDRAWN = [PostStatus.removed, PostStatus.blocked];

/** The only place that knows post_captions and the caption variants of media_files. */
export class CaptionsRepository {
  readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** The owner's post and its video; undefined for a post of someone else, deleted or withdrawn. */
  async findOwnedVideo(postId: number, ownerId: number, db: Db | Transaction<Database> = this.db) {
    return db
      .selectFrom('posts as p')
      .innerJoin('media_files as m', (join) => join.onRef('m.post_id', '=', 'p.id').on('m.position', '=', 0))
      .select([
        'p.id as postId',
        'm.id as mediaId',
        'm.name as mediaName',
        'm.kind',
        'm.status as mediaStatus',
        'm.duration_ms as durationMs',
        sql<string | null>`m.variants -> 'hls' ->> 'key'`.as('masterKey'),
      ])
      .where('p.id', '=', postId)
      .where('p.user_id', '=', ownerId)
      .where('p.deleted_at', 'is', null)
      .where('p.status', 'not in', WITHDRAWN)
      .executeTakeFirst() as Promise<CaptionedVideo | undefined>;
  }

  list(postId: number, db: Db | Transaction<Database> = this.db): Promise<CaptionRow[]> {
    return db
      .selectFrom('post_captions')
      .select([
        'language',
        'label',
        'file_name as fileName',
        'cue_text as cueText',
        'cue_count as cueCount',
        'size_bytes as sizeBytes',
        'created_at as createdAt',
        'updated_at as updatedAt',
      ])
      .where('post_id', '=', postId)
      .orderBy('language')
      .execute();
  }

  /**
   * One caption change of a post, serialised with any other on the same video by a lock on its media row:
   * `change` sees the post's captions as they are and writes through the transaction it is given.
   */
  async changeLocked<T>(
    postId: number,
    ownerId: number,
    change: (trx: Transaction<Database>, video: CaptionedVideo) => Promise<T>,
  ) {
    return this.db.transaction().execute(async (trx) => {
      const video = await this.findOwnedVideo(postId, ownerId, trx);
      if (!video) return undefined;
      await trx.selectFrom('media_files').select('id').where('id', '=', video.mediaId).forUpdate().execute();
      return { result: await change(trx, video) };
    });
  }

  /** Inserts or replaces the language's row; answers the file name it had before, if any. */
  async upsert(trx: Transaction<Database>, video: CaptionedVideo, caption: NewCaption, vttKey: string, vttBytes: number) {
    const previous = await trx
      .selectFrom('post_captions')
      .select('file_name')
      .where('post_id', '=', video.postId)
      .where('language', '=', caption.language)
      .executeTakeFirst();
    const row = {
      post_id: video.postId,
      media_id: video.mediaId,
      language: caption.language,
      label: caption.label,
      file_name: caption.fileName,
      cue_text: caption.cueText,
      cue_count: caption.cueCount,
      size_bytes: caption.sizeBytes,
    };
    await trx
      .insertInto('post_captions')
      .values(row)
      .onConflict((conflict) => conflict.columns(['post_id', 'language']).doUpdateSet({ ...row, updated_at: sql`now()` }))
      .execute();
    const variant = JSON.stringify({ [captionVariant(caption.language)]: { key: vttKey, mime: 'text/vtt', bytes: vttBytes } });
    await trx
      .updateTable('media_files')
      .set({ variants: sql`variants || ${variant}::jsonb`, updated_at: sql`now()` })
      .where('id', '=', video.mediaId)
      .execute();
    await refreshPostSearchText(trx, video.postId);
    return previous?.file_name;
  }

  /** Removes the language's row and variant; answers its file name, or undefined when there was none. */
  async remove(trx: Transaction<Database>, video: CaptionedVideo, language: string) {
    const removed = await trx
      .deleteFrom('post_captions')
      .where('post_id', '=', video.postId)
      .where('language', '=', language)
      .returning('file_name')
      .executeTakeFirst();
    if (!removed) return undefined;
    await trx
      .updateTable('media_files')
      .set({ variants: sql`variants - ${captionVariant(language)}::text`, updated_at: sql`now()` })
      .where('id', '=', video.mediaId)
      .execute();
    await refreshPostSearchText(trx, video.postId);
    return removed.file_name;
  }

  /** Purges `purge` from the CDN and then deletes `remove`, after this transaction commits (job captions:retire-files). */
  retireFiles(trx: Transaction<Database>, purge: string[], remove: string[]) {
    return addJobIn(trx, 'captions:retire-files', { purge, remove });
  }
}

/** The name of a caption's entry in `media_files.variants` (post cards carry it as a URL). */
export function captionVariant(language: string): string {
  return `caption-${language}`;
}
