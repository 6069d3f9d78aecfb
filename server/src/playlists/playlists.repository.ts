import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { MediaVariant } from '../db/schema.ts';
import { recordDailyShare } from '../db/share-events.ts';

export interface PlaylistRow {
  readonly id: number;
  readonly name: string;
  readonly lgbt: number;
  readonly postsCount: number;
  readonly hitsCount: number;
  readonly sharesCount: number;
  readonly coverVariants: Record<string, MediaVariant> | null;
}

export interface PlaylistFilter {
  readonly lang: string;
  readonly lgbt?: number;
  readonly playlistId?: number;
  /** Accent-free, lower-case words a name must resemble. */
  readonly search?: string;
  readonly order: 'newest' | 'popular';
  readonly limit: number;
  readonly offset: number;
}

const NAME_SIMILARITY = 0.5;

/** The only place that reads and writes playlists and their counters. */
export class PlaylistsRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async list(filter: PlaylistFilter): Promise<PlaylistRow[]> {
    const conditions: RawBuilder<unknown>[] = [sql`true`];
    if (filter.lgbt) conditions.push(sql`pl.lgbt = ${filter.lgbt}`);
    if (filter.playlistId !== undefined) conditions.push(sql`pl.id = ${filter.playlistId}`);
    if (filter.search) {
      // Playlists are few (hundreds): an explicit threshold reads them all, and forgives a typo (goldan).
      conditions.push(sql`(word_similarity(${filter.search}, immutable_unaccent(lower(pl.name))) >= ${NAME_SIMILARITY} OR pl.id IN (
        SELECT playlist_id FROM playlist_translations
        WHERE word_similarity(${filter.search}, immutable_unaccent(lower(name))) >= ${NAME_SIMILARITY}))`);
    }
    const order = filter.order === 'popular' ? sql`pl.popularity DESC, pl.id DESC` : sql`pl.created_at DESC, pl.id DESC`;
    const result = await sql<PlaylistRow>`
      SELECT pl.id, coalesce(tr.name, pl.name) AS name, pl.lgbt, pl.posts_count AS "postsCount",
        pl.hits_count::float8 AS "hitsCount", pl.shares_count AS "sharesCount", cover.variants AS "coverVariants"
      FROM playlists pl
      LEFT JOIN playlist_translations tr ON tr.playlist_id = pl.id AND tr.lang = ${filter.lang}
      LEFT JOIN LATERAL (
        SELECT m.variants FROM playlist_posts pp
        JOIN posts p ON p.id = pp.post_id AND p.status = 6 AND p.deleted_at IS NULL
        JOIN media_files m ON m.post_id = p.id AND m.position = 0
        WHERE pp.playlist_id = pl.id ORDER BY pp.position LIMIT 1
      ) cover ON true
      WHERE ${sql.join(conditions, sql` AND `)}
      ORDER BY ${order}
      LIMIT ${filter.limit} OFFSET ${filter.offset}`.execute(this.db);
    return result.rows;
  }

  async translations(id: number): Promise<{ name: string; lgbt: number; names: Record<string, string> } | undefined> {
    const playlist = await this.db.selectFrom('playlists').select(['name', 'lgbt']).where('id', '=', id).executeTakeFirst();
    if (!playlist) return undefined;
    const rows = await this.db
      .selectFrom('playlist_translations')
      .select(['lang', 'name'])
      .where('playlist_id', '=', id)
      .orderBy('lang')
      .execute();
    return { ...playlist, names: Object.fromEntries(rows.map((row) => [row.lang, row.name])) };
  }

  async addHit(id: number): Promise<boolean> {
    const result = await this.db
      .updateTable('playlists')
      .set({ hits_count: sql`hits_count + 1`, popularity: sql`popularity + 1` })
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async addShare(id: number, viewerKey: string, platform: string): Promise<boolean> {
    return recordDailyShare(this.db, { table: 'playlists', kind: 'playlist', id: id }, viewerKey, platform);
  }
}
