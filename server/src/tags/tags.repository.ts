import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { MediaVariant } from '../db/schema.ts';
import { recordDailyShare } from '../db/share-events.ts';

/** A tag as lists read it: its names for one language, its picture and its counters. */
export interface TagRow {
  readonly id: number;
  readonly tag: string;
  readonly lang: string;
  readonly name: string;
  readonly nameLang: string | null;
  readonly isCategory: boolean;
  readonly detail: string;
  readonly useCount: number;
  readonly sharesCount: number;
  readonly hitsCount: number;
  readonly postLikesCount: number;
  readonly postSharesCount: number;
  readonly postViewsCount: number;
  readonly postVisible: number;
  readonly mediaName: string | null;
  readonly mediaMime: string | null;
  readonly mediaVariants: Record<string, MediaVariant> | null;
}

export interface TranslationRow {
  readonly id: number;
  readonly tagId: number;
  readonly lang: string;
  readonly tag: string;
  readonly status: number;
}

export type TagOrder = 'usage' | 'hits' | 'postLikes';

const ORDER = {
  usage: sql`t.use_count DESC, t.id DESC`,
  hits: sql`t.hits_count DESC, t.id DESC`,
  postLikes: sql`t.post_likes_count DESC, t.id DESC`,
} as const;

/** The only place that reads and writes tags, their translations and their counters. */
export class TagsRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** Columns of TagRow; `loc` is the reader's language, `prim` the tag's own. */
  private select(lang: string, where: ReturnType<typeof sql>, order: ReturnType<typeof sql>, limit: number, offset = 0) {
    return sql<TagRow>`
      SELECT t.id, t.tag, t.lang, coalesce(loc.tag, prim.tag, t.tag) AS name,
        coalesce(loc.lang, prim.lang) AS "nameLang", t.is_category AS "isCategory", t.detail,
        t.use_count AS "useCount", t.shares_count AS "sharesCount", t.hits_count::float8 AS "hitsCount",
        t.post_likes_count::float8 AS "postLikesCount", t.post_shares_count::float8 AS "postSharesCount",
        t.post_views_count::float8 AS "postViewsCount", t.post_visible AS "postVisible",
        m.name AS "mediaName", m.mime_type AS "mediaMime", m.variants AS "mediaVariants"
      FROM tags t
      LEFT JOIN tag_translations loc ON loc.tag_id = t.id AND loc.lang = ${lang}
      LEFT JOIN tag_translations prim ON prim.tag_id = t.id AND prim.lang = t.lang
      LEFT JOIN media_files m ON m.id = t.tag_media_id
      WHERE ${where}
      ORDER BY ${order}
      LIMIT ${limit} OFFSET ${offset}`;
  }

  async list(
    lang: string,
    options: { order: TagOrder; limit: number; offset?: number; categoriesOnly?: boolean; minUsage?: number },
  ) {
    const conditions = [sql`true`];
    if (options.categoriesOnly) conditions.push(sql`t.is_category`);
    if (options.minUsage !== undefined) conditions.push(sql`t.use_count >= ${options.minUsage}`);
    const query = this.select(lang, sql.join(conditions, sql` AND `), ORDER[options.order], options.limit, options.offset);
    return (await query.execute(this.db)).rows;
  }

  /** Tags of the posts a user liked, most frequent first (one aggregate over the user's likes). */
  async likedBy(userId: number, lang: string, limit: number) {
    const where = sql`t.id IN (SELECT pt.tag_id FROM likes l JOIN post_tags pt ON pt.post_id = l.post_id WHERE l.user_id = ${userId})`;
    const order = sql`(SELECT count(*) FROM likes l JOIN post_tags pt ON pt.post_id = l.post_id
      WHERE l.user_id = ${userId} AND pt.tag_id = t.id) DESC, t.id DESC`;
    return (await this.select(lang, where, order, limit).execute(this.db)).rows;
  }

  async byIds(ids: readonly number[], lang: string) {
    if (ids.length === 0) return [];
    const where = sql`t.id IN (${sql.join(ids)})`;
    return (await this.select(lang, where, sql`t.id`, ids.length).execute(this.db)).rows;
  }

  /**
   * The tag a normalised name stands for: its primary name, else a translation, preferring the reader's
   * language when two languages share a spelling.
   */
  async idByName(normalized: string, lang: string): Promise<number | undefined> {
    const row = await sql<{ id: number }>`
      SELECT id FROM (
        SELECT t.id, 0 AS rank FROM tags t WHERE t.tag = ${normalized}
        UNION ALL
        SELECT tt.tag_id, CASE WHEN tt.lang = ${lang} THEN 1 ELSE 2 END FROM tag_translations tt WHERE tt.normalized = ${normalized}
      ) found ORDER BY rank LIMIT 1`.execute(this.db);
    return row.rows[0]?.id;
  }

  async translations(tagIds: readonly number[]): Promise<TranslationRow[]> {
    if (tagIds.length === 0) return [];
    return this.db
      .selectFrom('tag_translations')
      .select(['id', 'tag_id as tagId', 'lang', 'tag', 'status'])
      .where('tag_id', 'in', tagIds)
      .orderBy('tag_id')
      .orderBy('lang')
      .execute();
  }

  async isLikedBy(tagId: number, userId: number): Promise<boolean> {
    const row = await sql<{ liked: boolean }>`
      SELECT EXISTS (SELECT 1 FROM likes l JOIN post_tags pt ON pt.post_id = l.post_id
        WHERE l.user_id = ${userId} AND pt.tag_id = ${tagId}) AS liked`.execute(this.db);
    return row.rows[0]?.liked ?? false;
  }

  /** Returns false when no such tag exists. */
  async addHit(tagId: number): Promise<boolean> {
    const result = await this.db
      .updateTable('tags')
      .set({ hits_count: sql`hits_count + 1` })
      .where('id', '=', tagId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** The share counter and the share event in one statement; false when no such tag exists. */
  async addShare(tagId: number, viewerKey: string, platform: string): Promise<boolean> {
    return recordDailyShare(this.db, { table: 'tags', kind: 'tag', id: tagId }, viewerKey, platform);
  }
}
