import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { MediaVariant } from '../db/schema.ts';
import { PostStatus } from '../posts/post-status.ts';
import { queryWords } from './search-text.ts';
import { nearQuery, SearchWordsRepository, spelledOutQuery } from './search-words.ts';
import { withTrigramThresholds } from './trigram-thresholds.ts';

/** A query as the repository takes it: normalised text, its tag form (no spaces) and its tsquery. */
export interface SearchTerms {
  readonly text: string;
  readonly compact: string;
  readonly tsQuery: string;
}

export interface PostSearch {
  readonly terms: SearchTerms;
  readonly lgbt?: number;
  readonly inclTagId?: number;
  readonly exclTagId?: number;
  readonly limit: number;
  readonly offset: number;
}

/** A page of matching post ids, and how many posts matched the words as typed (before any typo tolerance). */
export interface PostMatches {
  readonly ids: number[];
  readonly asTyped: number;
}

export interface UserHit {
  readonly id: number;
  readonly username: string;
  readonly displayName: string;
  readonly followersCount: number;
  readonly postsCount: number;
  readonly avatarVariants: Record<string, MediaVariant> | null;
}

export interface TrendRow {
  readonly query: string;
  readonly searches: number;
}

export type TrendKind = 'top' | 'popular' | 'combo' | 'random';

/**
 * Typo tolerance: a display name with a word within this trigram word-similarity of the query matches, and
 * tag names and usernames within this similarity (dence → dance at 0.33). Set per transaction so the GIN
 * trigram indexes apply with these thresholds (trigram-thresholds.ts). Title words: search-words.ts.
 */
const WORD_SIMILARITY = 0.5;
const TAG_SIMILARITY = 0.3;
const MATCHED_TAGS_MAX = 20;
/** Most posts each search phase ranks; pages reach as deep as the candidates go. */
const CANDIDATES = 1000;
/** Whisperer: names a prefix lookup reads before calling the prefix common; common ones scan the most used tags. */
const PREFIX_CAP = 500;
const USAGE_WINDOW = 5000;
const TREND_DAYS = 30;
/** Shortest search a trend list shows ("a", "xx" say nothing); CJK and Hangul words are shorter: 2. */
const TREND_MIN_LENGTH = 3;
const CJK = '[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]';
/** Full text search: the most popular posts read before asking the GIN index (about 7 ms at 1M posts). */
const POPULAR_WALK = 5000;

interface RankedId {
  readonly id: number;
  readonly popularity: number;
}

/** Ids of two ranked lists in one, most popular first, each once. */
function mostPopular(rows: readonly RankedId[], limit: number): number[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return [...byId.values()]
    .sort((a, b) => b.popularity - a.popularity || b.id - a.id)
    .slice(0, limit)
    .map((row) => row.id);
}

const visiblePost = sql`p.status = ${PostStatus.published} AND p.deleted_at IS NULL
  AND NOT EXISTS (SELECT 1 FROM users au WHERE au.id = p.user_id AND (au.banned_at IS NOT NULL OR au.delete_requested_at IS NOT NULL))`;

/** Search over PostgreSQL full text search and pg_trgm; the only place that knows its SQL. */
export class SearchRepository {
  private readonly db: Db;
  private readonly words: SearchWordsRepository;

  constructor(db: Db) {
    this.db = db;
    this.words = new SearchWordsRepository(db);
  }

  private withThresholds<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    return withTrigramThresholds(this.db, { similarity: TAG_SIMILARITY, wordSimilarity: WORD_SIMILARITY }, work);
  }

  /**
   * Ids of public posts matching the text, best first, `limit` from `offset`. Two phases, each bounded to
   * CANDIDATES posts so a word shared by a million posts costs about the same as a rare one:
   * 1. exact: every word as a prefix in the title and tag text (full text search), or a tag whose name in
   *    any language starts like the text; the most popular first;
   * 2. near spellings, only when the first phase found too little for the page: the text with each word no
   *    known word starts replaced by the closest known words (search-words.ts), most popular first, then
   *    posts of tags named like it, closest first.
   */
  async searchPostIds(search: PostSearch): Promise<PostMatches> {
    const { terms } = search;
    const conditions: RawBuilder<unknown>[] = [visiblePost];
    if (search.lgbt) conditions.push(sql`p.lgbt = ${search.lgbt}`);
    if (search.inclTagId !== undefined) {
      conditions.push(sql`EXISTS (SELECT 1 FROM post_tags i WHERE i.post_id = p.id AND i.tag_id = ${search.inclTagId})`);
    }
    if (search.exclTagId !== undefined) {
      conditions.push(sql`NOT EXISTS (SELECT 1 FROM post_tags x WHERE x.post_id = p.id AND x.tag_id = ${search.exclTagId})`);
    }
    const filters = sql.join(conditions, sql` AND `);
    const wanted = search.offset + search.limit;
    const take = Math.min(wanted, CANDIDATES);
    const prefix = `${terms.compact}%`;
    const words = await this.words.forms(queryWords(terms.text));
    const spelledOut = spelledOutQuery(words);
    const [texts, tagged] = await Promise.all([
      this.textMatches(
        spelledOut ? sql`${spelledOut}::tsquery` : sql`to_tsquery('simple', ${terms.tsQuery})`,
        filters,
        search.lgbt,
        take,
      ),
      sql<RankedId>`
        SELECT p.id, p.popularity FROM post_tags pt JOIN posts p ON p.id = pt.post_id
        WHERE pt.tag_id IN (SELECT tag_id FROM tag_translations WHERE normalized LIKE ${prefix}
                            UNION SELECT id FROM tags WHERE tag LIKE ${prefix} LIMIT ${MATCHED_TAGS_MAX})
          AND ${filters}
        ORDER BY p.popularity DESC, p.id DESC LIMIT ${take}`.execute(this.db),
    ]);
    const ids = mostPopular([...texts, ...tagged.rows], take);
    if (ids.length >= wanted) return { ids: ids.slice(search.offset, wanted), asTyped: ids.length };

    const unknown = words.filter((entry) => entry.forms.length === 0).map((entry) => entry.word);
    const relaxed = nearQuery(words, await this.words.near(unknown));
    const [corrected, namedLike] = await Promise.all([
      relaxed ? this.textMatches(sql`${relaxed}::tsquery`, filters, search.lgbt, take) : [],
      this.withThresholds(async (trx) => {
        const result = await sql<{ id: number }>`
          SELECT id FROM (
            SELECT p.id, m.score, p.popularity FROM post_tags pt JOIN posts p ON p.id = pt.post_id
            JOIN (SELECT tag_id, max(similarity(normalized, ${terms.compact})) AS score FROM tag_translations
                  WHERE normalized % ${terms.compact} GROUP BY tag_id ORDER BY 2 DESC LIMIT ${MATCHED_TAGS_MAX}) m ON m.tag_id = pt.tag_id
            WHERE ${filters} LIMIT ${take}
          ) found ORDER BY score DESC, popularity DESC, id DESC`.execute(trx);
        return result.rows.map((row) => row.id);
      }),
    ]);
    return {
      ids: [...new Set([...ids, ...corrected.map((row) => row.id), ...namedLike])].slice(search.offset, wanted),
      asTyped: ids.length,
    };
  }

  /**
   * Full-text matches, most popular first. The planner cannot tell from its statistics how many posts a
   * prefix like `kalomi:*` or two words together match, and when it guesses "many" it walks the popularity
   * index and filters up to every post (1.1 s at 1M posts for a word of 70). So the choice is made here:
   * the most popular POPULAR_WALK posts are read first, which fills the page at once for common words; when
   * they do not, the words are rare there and the GIN index finds every match (seq scans off so the planner
   * cannot go back to reading the table; the CTE keeps the ordering from pulling in the popularity index).
   */
  private async textMatches(tsQuery: RawBuilder<unknown>, filters: RawBuilder<unknown>, lgbt: number | undefined, take: number) {
    const walked = await sql<RankedId>`
      SELECT p.id, p.popularity FROM (
        SELECT id, popularity, search_vector, status, deleted_at, lgbt, user_id FROM posts
        WHERE status = ${PostStatus.published} AND deleted_at IS NULL ${lgbt ? sql`AND lgbt = ${lgbt}` : sql``}
        ORDER BY popularity DESC, id DESC LIMIT ${POPULAR_WALK}) p
      WHERE p.search_vector @@ ${tsQuery} AND ${filters}
      ORDER BY p.popularity DESC, p.id DESC LIMIT ${take}`.execute(this.db);
    if (walked.rows.length >= take) return walked.rows;
    return this.db.transaction().execute(async (trx) => {
      await sql`SELECT set_config('enable_seqscan', 'off', true)`.execute(trx);
      const indexed = await sql<RankedId>`
        WITH matched AS MATERIALIZED (SELECT p.id, p.popularity FROM posts p WHERE p.search_vector @@ ${tsQuery} AND ${filters})
        SELECT id, popularity FROM matched ORDER BY popularity DESC, id DESC LIMIT ${take}`.execute(trx);
      return indexed.rows;
    });
  }

  /** The fallback when a search finds too little: the most popular public posts of the orientation. */
  async popularPostIds(lgbt: number | undefined, limit: number): Promise<number[]> {
    const result = await sql<{ id: number }>`
      SELECT p.id FROM posts p WHERE ${visiblePost} ${lgbt ? sql`AND p.lgbt = ${lgbt}` : sql``}
      ORDER BY p.popularity DESC, p.id DESC LIMIT ${limit}`.execute(this.db);
    return result.rows.map((row) => row.id);
  }

  /**
   * Tag ids by name likeness: names starting like the text (exact names first, then the most used), then,
   * only when those do not fill the page, near spellings in any language, closest first.
   */
  async searchTagIds(compact: string, limit: number, offset: number): Promise<number[]> {
    const prefix = `${compact}%`;
    const wanted = offset + limit;
    const starting = await sql<{ id: number }>`
      SELECT t.id FROM tags t WHERE t.id IN (
        SELECT tag_id FROM tag_translations WHERE normalized LIKE ${prefix} UNION SELECT id FROM tags WHERE tag LIKE ${prefix})
      ORDER BY (t.tag = ${compact} OR EXISTS (SELECT 1 FROM tag_translations e WHERE e.tag_id = t.id AND e.normalized = ${compact})) DESC,
        t.use_count DESC, t.id DESC
      LIMIT ${Math.min(wanted, CANDIDATES)}`.execute(this.db);
    const ids = starting.rows.map((row) => row.id);
    if (ids.length >= wanted || compact.length < 3) return ids.slice(offset, wanted);
    const near = await this.tagIdsNear(compact, wanted);
    const seen = new Set(ids);
    return [...ids, ...near.filter((id) => !seen.has(id))].slice(offset, wanted);
  }

  /** Tags named like the text in any language (typos), closest first. */
  async tagIdsNear(compact: string, limit: number): Promise<number[]> {
    return this.withThresholds(async (trx) => {
      const result = await sql<{ id: number }>`
        SELECT tag_id AS id FROM (
          SELECT tag_id, similarity(normalized, ${compact}) AS score FROM tag_translations WHERE normalized % ${compact}
          UNION ALL SELECT id, similarity(tag, ${compact}) FROM tags WHERE tag % ${compact}) names
        GROUP BY tag_id ORDER BY max(score) DESC, tag_id DESC LIMIT ${limit}`.execute(trx);
      return result.rows.map((row) => row.id);
    });
  }

  /**
   * Tags whose name in any language starts with the prefix, most used first (the whisperer's fast path).
   * The prefix indexes read at most PREFIX_CAP names: when the prefix matches fewer, they are all there is
   * and the answer is exact. A prefix matching more (one or two letters, a common syllable) is common among
   * the most used tags too, so those are read in usage order until enough match, within a bounded window;
   * only when even that window holds too few are all matching names ranked.
   */
  async tagIdsByPrefix(compact: string, limit: number): Promise<number[]> {
    const prefix = `${compact}%`;
    const probe = await sql<{ matched: number }>`
      SELECT (SELECT count(*) FROM (SELECT 1 FROM tag_translations WHERE normalized LIKE ${prefix} LIMIT ${PREFIX_CAP}) a)
        + (SELECT count(*) FROM (SELECT 1 FROM tags WHERE tag LIKE ${prefix} LIMIT ${PREFIX_CAP}) b) AS matched`.execute(this.db);
    if (Number(probe.rows[0]?.matched) < PREFIX_CAP) return this.tagIdsStartingWith(prefix, limit);
    const popular = await sql<{ id: number }>`
      SELECT t.id FROM (SELECT id, tag, use_count FROM tags ORDER BY use_count DESC, id DESC LIMIT ${USAGE_WINDOW}) t
      -- A correlated lookup per tag read (not EXISTS, which the planner turns into a hash of every match),
      -- by tag id: a LIKE here made the planner probe the name prefix index instead, reading every
      -- translation starting like the text once per tag (390 ms for "dan" at 100k tags).
      WHERE starts_with(t.tag, ${compact})
        OR (SELECT true FROM tag_translations tt
            WHERE tt.tag_id = t.id AND left(tt.normalized, char_length(${compact})) = ${compact} LIMIT 1)
      ORDER BY t.use_count DESC, t.id DESC LIMIT ${limit}`.execute(this.db);
    if (popular.rows.length === limit) return popular.rows.map((row) => row.id);
    return this.tagIdsStartingWith(prefix, limit);
  }

  private async tagIdsStartingWith(prefix: string, limit: number): Promise<number[]> {
    const result = await sql<{ id: number }>`
      SELECT t.id FROM tags t WHERE t.id IN (
        SELECT tag_id FROM tag_translations WHERE normalized LIKE ${prefix}
        UNION SELECT id FROM tags WHERE tag LIKE ${prefix})
      ORDER BY t.use_count DESC, t.id DESC LIMIT ${limit}`.execute(this.db);
    return result.rows.map((row) => row.id);
  }

  /**
   * Active accounts: usernames starting with the text (an exact one first, then the most followed), then,
   * only when those do not fill the page, near spellings of the username and display names with a word
   * like the text.
   */
  async searchUsers(terms: SearchTerms, limit: number, offset: number): Promise<UserHit[]> {
    const wanted = offset + limit;
    const select = sql`SELECT u.id, u.username::text AS username, u.display_name AS "displayName",
      u.followers_count AS "followersCount", u.posts_count AS "postsCount", av.variants AS "avatarVariants"
      FROM users u LEFT JOIN media_files av ON av.id = u.avatar_media_id
      WHERE u.banned_at IS NULL AND u.delete_requested_at IS NULL`;
    const starting = await sql<UserHit>`${select} AND lower(u.username::text) LIKE ${`${terms.compact}%`}
      ORDER BY (lower(u.username::text) = ${terms.compact}) DESC, u.followers_count DESC, u.id DESC
      LIMIT ${Math.min(wanted, CANDIDATES)}`.execute(this.db);
    if (starting.rows.length >= wanted || terms.compact.length < 3) return starting.rows.slice(offset, wanted);
    const near = await this.withThresholds(async (trx) => {
      const result = await sql<UserHit>`
        SELECT * FROM (${select} AND (lower(u.username::text) % ${terms.compact}
          OR ${terms.text} <% immutable_unaccent(lower(u.display_name))) LIMIT ${CANDIDATES}) found
        ORDER BY "followersCount" DESC, id DESC LIMIT ${wanted}`.execute(trx);
      return result.rows;
    });
    const seen = new Set(starting.rows.map((row) => row.id));
    return [...starting.rows, ...near.filter((row) => !seen.has(row.id))].slice(offset, wanted);
  }

  /** Usernames starting with the prefix, most followed first (the whisperer's fast path). */
  async usersByPrefix(compact: string, limit: number): Promise<UserHit[]> {
    const result = await sql<UserHit>`
      SELECT u.id, u.username::text AS username, u.display_name AS "displayName", u.followers_count AS "followersCount",
        u.posts_count AS "postsCount", av.variants AS "avatarVariants"
      FROM users u LEFT JOIN media_files av ON av.id = u.avatar_media_id
      WHERE lower(u.username::text) LIKE ${`${compact}%`} AND u.banned_at IS NULL AND u.delete_requested_at IS NULL
      ORDER BY u.followers_count DESC, u.id DESC LIMIT ${limit}`.execute(this.db);
    return result.rows;
  }

  /** Past searches starting with the text that found enough, most searched first. */
  async queriesByPrefix(text: string, minResults: number, limit: number): Promise<string[]> {
    const result = await sql<{ query: string }>`
      SELECT query FROM search_query_totals WHERE query LIKE ${`${text}%`} AND results >= ${minResults} AND searches > 0
      ORDER BY searches DESC, query LIMIT ${limit}`.execute(this.db);
    return result.rows.map((row) => row.query);
  }

  /** Counts a search for the day's trends in the country and in the all-time totals. */
  async countQuery(country: string, text: string): Promise<void> {
    await sql`
      WITH daily AS (
        INSERT INTO search_queries (country, query) VALUES (${country}, ${text})
        ON CONFLICT (country, day, query) DO UPDATE SET searches = search_queries.searches + 1
      )
      INSERT INTO search_query_totals (query) VALUES (${text})
      ON CONFLICT (query) DO UPDATE SET searches = search_query_totals.searches + 1, searched_at = now()`.execute(this.db);
  }

  /**
   * How many posts a search found (the most any orientation found, so trends keep it). Written before or
   * after countQuery: a row it creates counts no search yet.
   */
  async recordResults(country: string, text: string, results: number): Promise<void> {
    await sql`
      WITH daily AS (
        INSERT INTO search_queries (country, query, searches, results) VALUES (${country}, ${text}, 0, ${results})
        ON CONFLICT (country, day, query) DO UPDATE SET results = greatest(search_queries.results, excluded.results)
      )
      INSERT INTO search_query_totals (query, searches, results) VALUES (${text}, 0, ${results})
      ON CONFLICT (query) DO UPDATE SET results = greatest(search_query_totals.results, excluded.results)`.execute(this.db);
  }

  /**
   * Trend lists of a country over the last 30 days, among searches that found enough and are long enough
   * to mean something (TREND_MIN_LENGTH): `top` by searches, `popular` by today's searches, `combo`
   * multi-word searches, `random` a fresh sample of the searches `top` does not already list. Spellings
   * that differ only in case, accents or spaces count as one search, shown as its most searched spelling.
   */
  async trends(kind: TrendKind, country: string, minResults: number, limit: number): Promise<TrendRow[]> {
    const since = kind === 'popular' ? sql`current_date` : sql`current_date - ${TREND_DAYS}::int`;
    const multiWord = kind === 'combo' ? sql`AND position(' ' in query) > 0` : sql``;
    const ranked = sql`ORDER BY searches DESC, query`;
    const result = await sql<TrendRow>`
      WITH counted AS (
        SELECT query, sum(searches)::int AS searches,
          regexp_replace(immutable_unaccent(lower(query)), '[[:space:]]+', '', 'g') AS spelling
        FROM search_queries
        WHERE country = ${country} AND day >= ${since} AND results >= ${minResults} AND searches > 0 ${multiWord}
          AND char_length(replace(query, ' ', '')) >= CASE WHEN query ~ ${CJK} THEN 2 ELSE ${TREND_MIN_LENGTH} END
        GROUP BY query
      ), merged AS (
        SELECT (array_agg(query ORDER BY searches DESC, query))[1] AS query, sum(searches)::int AS searches, spelling
        FROM counted GROUP BY spelling
      )
      SELECT query, searches FROM merged
      ${kind === 'random' ? sql`WHERE spelling NOT IN (SELECT spelling FROM merged ${ranked} LIMIT ${limit}) ORDER BY random()` : ranked}
      LIMIT ${limit}`.execute(this.db);
    return result.rows;
  }
}
