import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { MediaVariant } from '../db/schema.ts';
import { PostStatus } from '../posts/post-status.ts';

export interface SoundRow {
  readonly id: number;
  readonly name: string;
  readonly usesCount: number;
  readonly imagePostsCount: number;
  readonly durationMs: number | null;
  readonly mimeType: string;
  readonly variants: Record<string, MediaVariant>;
}

/** The only place that reads sounds and the posts that play them. */
export class SoundsRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** Most used first; the image-post count per sound reads posts_sound, one index probe each. */
  async list(limit: number, offset: number, soundId?: number): Promise<SoundRow[]> {
    const result = await sql<SoundRow>`
      SELECT s.id, s.name, s.uses_count AS "usesCount", m.duration_ms AS "durationMs", m.mime_type AS "mimeType", m.variants,
        (SELECT count(*)::int FROM posts p WHERE p.sound_id = s.id AND p.kind = 'images'
           AND p.status = ${PostStatus.published} AND p.deleted_at IS NULL) AS "imagePostsCount"
      FROM sounds s JOIN media_files m ON m.id = s.media_file_id
      WHERE ${soundId === undefined ? sql`true` : sql`s.id = ${soundId}`}
      ORDER BY s.uses_count DESC, s.id DESC
      LIMIT ${limit} OFFSET ${offset}`.execute(this.db);
    return result.rows;
  }

  /** Ids of the published posts playing a sound, newest first, after a (publishedAt, id) keyset position. */
  async postIds(soundId: number, limit: number, after?: { at: Date; id: number }): Promise<{ id: number; at: Date }[]> {
    const result = await sql<{ id: number; at: Date }>`
      SELECT p.id, p.published_at AS at FROM posts p
      WHERE p.sound_id = ${soundId} AND p.published_at IS NOT NULL
        AND p.status = ${PostStatus.published} AND p.deleted_at IS NULL
        ${after ? sql`AND (p.published_at, p.id) < (${after.at}, ${after.id})` : sql``}
      ORDER BY p.published_at DESC, p.id DESC
      LIMIT ${limit}`.execute(this.db);
    return result.rows;
  }
}
