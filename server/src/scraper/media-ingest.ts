import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { Storage } from '../media/storage.ts';
import { MediaStatus } from '../posts/post-status.ts';

/** A downloaded file that passed sniffing, ready to enter the media pipeline. */
export interface IngestInput {
  readonly userId: number;
  /** A local file the ingest may read; the caller removes it afterwards. */
  readonly path: string;
  readonly bytes: number;
  readonly kind: 'video' | 'image';
  readonly mimeType: string;
  readonly extension: string;
  readonly sourceUrl: string;
  /** The scraper job's uid (the upload form's `scraperUId`). */
  readonly scraperJobUid: string;
}

/**
 * Where URL imports hand their files to the media pipeline. The lead wires the upload service here, so an
 * imported file goes through the same validation, duplicate check and transcoding as an uploaded one.
 */
export interface MediaIngest {
  ingest(input: IngestInput): Promise<{ readonly mediaId: number }>;
}

/**
 * Stores the original in Storage and records it as an uploaded media file of the user: the pipeline's first
 * step, and the ingest used until the upload service is wired in.
 */
export class StorageMediaIngest implements MediaIngest {
  readonly #db: Db;
  readonly #storage: Storage;

  constructor(db: Db, storage: Storage) {
    this.#db = db;
    this.#storage = storage;
  }

  async ingest(input: IngestInput): Promise<{ mediaId: number }> {
    const name = randomBytes(12).toString('hex');
    const key = `media/${name}/original.${input.extension}`;
    const stored = await this.#storage.putFile(key, input.path);
    const row = await this.#db
      .insertInto('media_files')
      .values({
        name,
        owner_id: input.userId,
        kind: input.kind,
        mime_type: input.mimeType,
        status: MediaStatus.uploaded,
        size_bytes: stored.size,
        original_key: key,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { mediaId: row.id };
  }
}
