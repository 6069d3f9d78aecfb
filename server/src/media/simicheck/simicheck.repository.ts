import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { PostStatus } from '../../posts/post-status.ts';
import { prefilterBox, prefilterPoint, type Sixpack, sixpackFromBytes, sixpackToBytes } from './sixpack.ts';

export interface SignatureCandidate {
  readonly mediaId: number;
  readonly postId: number;
  readonly sixpack: Sixpack;
}

export interface MediaToCheck {
  readonly id: number;
  readonly ownerId: number | null;
  readonly kind: 'video' | 'image' | 'audio';
  readonly originalKey: string | null;
  readonly postId: number | null;
}

/** How many nearest candidates of the prefilter box are compared in full; copies sit at the very centre. */
const CANDIDATE_LIMIT = 64;

const cubeOf = (values: number[]) => sql`cube(${values}::float8[])`;
const boxOf = (sixpack: Sixpack) => {
  const { lower, upper } = prefilterBox(sixpack);
  return sql`cube(${lower}::float8[], ${upper}::float8[])`;
};

/** The only place that knows media_signatures. */
export class SimicheckRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  async findMedia(mediaId: number): Promise<MediaToCheck | undefined> {
    const row = await this.#db
      .selectFrom('media_files')
      .select(['id', 'owner_id', 'kind', 'original_key', 'post_id'])
      .where('id', '=', mediaId)
      .executeTakeFirst();
    return row && { id: row.id, ownerId: row.owner_id, kind: row.kind, originalKey: row.original_key, postId: row.post_id };
  }

  /** Stores (or replaces, when the job runs again) the signature of a media file and clears an earlier verdict. */
  async saveSignature(mediaId: number, ownerId: number | null, sixpack: Sixpack): Promise<void> {
    const values = {
      media_id: mediaId,
      owner_id: ownerId,
      sixpack: Buffer.from(sixpackToBytes(sixpack)),
      coarse: cubeOf(prefilterPoint(sixpack)),
      duplicate_of_media_id: null,
      similarity: null,
      checked_at: new Date(),
    };
    await this.#db
      .insertInto('media_signatures')
      // biome-ignore lint/suspicious/noExplicitAny: the cube column is written through a SQL expression
      .values(values as any)
      .onConflict((conflict) =>
        conflict.column('media_id').doUpdateSet((eb) => ({
          owner_id: eb.ref('excluded.owner_id'),
          sixpack: eb.ref('excluded.sixpack'),
          coarse: eb.ref('excluded.coarse'),
          duplicate_of_media_id: null,
          similarity: null,
          checked_at: eb.ref('excluded.checked_at'),
        })),
      )
      .execute();
  }

  async markDuplicate(mediaId: number, duplicateOfMediaId: number, similarity: number): Promise<void> {
    await this.#db
      .updateTable('media_signatures')
      .set({ duplicate_of_media_id: duplicateOfMediaId, similarity })
      .where('media_id', '=', mediaId)
      .execute();
  }

  /** Signatures of the user's own live posts inside the prefilter box (before upload: only their own posts count). */
  async candidatesOfUser(userId: number, sixpack: Sixpack): Promise<SignatureCandidate[]> {
    const rows = await this.#live()
      .where('posts.user_id', '=', userId)
      .where(sql<boolean>`s.coarse <@ ${boxOf(sixpack)}`)
      .orderBy(sql`s.coarse <-> ${cubeOf(prefilterPoint(sixpack))}`)
      .limit(CANDIDATE_LIMIT)
      .execute();
    return decode(rows);
  }

  /** Signatures of every live post inside the prefilter box, nearest first, other than the media's own post. */
  async candidatesOfAll(media: MediaToCheck, sixpack: Sixpack): Promise<SignatureCandidate[]> {
    const rows = await this.#live()
      .where('s.media_id', '<>', media.id)
      .$if(media.postId !== null, (query) => query.where('posts.id', '<>', media.postId as number))
      .where(sql<boolean>`s.coarse <@ ${boxOf(sixpack)}`)
      .orderBy(sql`s.coarse <-> ${cubeOf(prefilterPoint(sixpack))}`)
      .limit(CANDIDATE_LIMIT)
      .execute();
    return decode(rows);
  }

  /** Signatures attached to a post that is neither deleted nor failed/removed, and not duplicates themselves. */
  #live() {
    return this.#db
      .selectFrom('media_signatures as s')
      .innerJoin('media_files', 'media_files.id', 's.media_id')
      .innerJoin('posts', 'posts.id', 'media_files.post_id')
      .select(['s.media_id as mediaId', 'posts.id as postId', 's.sixpack as sixpack'])
      .where('s.duplicate_of_media_id', 'is', null)
      .where('posts.deleted_at', 'is', null)
      .where('posts.status', 'not in', [PostStatus.failed, PostStatus.removed]);
  }
}

function decode(rows: { mediaId: number; postId: number; sixpack: Buffer }[]): SignatureCandidate[] {
  return rows.flatMap((row) => {
    const sixpack = sixpackFromBytes(new Uint8Array(row.sixpack));
    return sixpack ? [{ mediaId: row.mediaId, postId: row.postId, sixpack }] : [];
  });
}
