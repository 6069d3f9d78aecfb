import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { PostStatus } from '../posts/post-status.ts';

/**
 * Who may fetch a media name's files: everyone (a published post of an active account, a sound, a
 * tag picture), only its owner (a private post, one still in the pipeline or failed, or any media of a
 * banned or leaving account) and the accounts tagged in it who have not declined or withdrawn (they see
 * what they are asked to confirm, compliance/performers/), or nobody (no row: never existed or its account is deleted; a deleted,
 * removed or blocked post), whose files a removal job is deleting.
 */
export type MediaAudience =
  | { readonly kind: 'everyone' }
  | { readonly kind: 'owner'; readonly ownerId: number; readonly performerIds: readonly number[] }
  | { readonly kind: 'nobody' };

const NOBODY: MediaAudience = Object.freeze({ kind: 'nobody' });
const EVERYONE: MediaAudience = Object.freeze({ kind: 'everyone' });
const WITHDRAWN: readonly number[] = [PostStatus.removed, PostStatus.blocked];

interface AudienceRow {
  readonly ownerId: number | null;
  readonly postStatus: number | null;
  readonly postDeleted: boolean | null;
  readonly ownerHidden: boolean;
  readonly performerIds: (number | string)[];
}

/** The media name of a `media/<name>/...` storage key. */
export function mediaNameOfKey(key: string): string | undefined {
  return /^media\/([A-Za-z0-9_-]{1,64})\//.exec(key)?.[1];
}

/** One indexed read per request (media_files.name is unique): the answer follows every change at once. */
export class MediaAccessRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /**
   * Whether the creator of the post holding this media name allows downloading it (studio/README.md), and
   * everyone else who appears in it consented to downloads (compliance/performers/README.md).
   */
  async allowsDownload(name: string): Promise<boolean> {
    const row = await this.#db
      .selectFrom('media_files as m')
      .innerJoin('posts as p', 'p.id', 'm.post_id')
      .select(
        sql<boolean>`p.allow_downloads AND NOT EXISTS (SELECT 1 FROM post_performers pp WHERE pp.post_id = p.id
          AND pp.kind <> 'self' AND NOT ('downloads' = ANY (pp.scopes)))`.as('allowed'),
      )
      .where('m.name', '=', name)
      .executeTakeFirst();
    return row?.allowed === true;
  }

  async audience(name: string): Promise<MediaAudience> {
    const { rows } = await sql<AudienceRow>`
      SELECT coalesce(p.user_id, m.owner_id) AS "ownerId", p.status AS "postStatus", p.deleted_at IS NOT NULL AS "postDeleted",
        coalesce(u.banned_at IS NOT NULL OR u.delete_requested_at IS NOT NULL, false) AS "ownerHidden",
        ARRAY(SELECT pp.user_id FROM post_performers pp WHERE pp.post_id = p.id AND pp.kind = 'account'
          AND pp.user_id IS NOT NULL AND pp.state IN ('pending', 'consented')) AS "performerIds"
      FROM media_files m
      LEFT JOIN posts p ON p.id = m.post_id
      LEFT JOIN users u ON u.id = coalesce(p.user_id, m.owner_id)
      WHERE m.name = ${name}`.execute(this.#db);
    const row = rows[0];
    if (!row) return NOBODY;
    if (row.postDeleted || (row.postStatus !== null && WITHDRAWN.includes(row.postStatus))) return NOBODY;
    const ownerOnly = row.ownerHidden || (row.postStatus !== null && row.postStatus !== PostStatus.published);
    if (!ownerOnly) return EVERYONE;
    if (row.ownerId === null) return NOBODY;
    // Tagged accounts see an unpublished post's media, never that of a banned or leaving owner.
    const performerIds = row.ownerHidden ? [] : row.performerIds.map(Number);
    return { kind: 'owner', ownerId: row.ownerId, performerIds };
  }
}
