import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { withTrigramThresholds } from './trigram-thresholds.ts';

/** A query word and the known words (search_words) starting with it, at most FORMS_MAX + 1 of them. */
export interface WordForms {
  readonly word: string;
  readonly forms: readonly string[];
}

/** Up to this many known words, a prefix is spelt out as those words; the GIN index intersects them far faster. */
const FORMS_MAX = 10;
/** Known words that stand in for a misspelt one. */
const NEAR_WORDS = 3;
/** A known word within this trigram similarity of a misspelt one stands in for it (cafw → cafe at 0.43). */
const NEAR_SIMILARITY = 0.3;
/** The highest code point: every string starting with w sorts (byte order, collation "C") below w + this. */
const LAST_CHAR = String.fromCodePoint(0x10ffff);

/** A lexeme in tsquery input syntax, quoted so that nothing in it reads as an operator. */
function lexeme(word: string, prefix = false): string {
  return `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'${prefix ? ':*' : ''}`;
}

function spelt(entry: WordForms): string {
  return entry.forms.length > FORMS_MAX ? lexeme(entry.word, true) : `(${entry.forms.map((form) => lexeme(form)).join(' | ')})`;
}

/**
 * The exact phase's query as tsquery input, every word's prefix spelt out as the known words it stands
 * for ('beach' & 'sunset' rather than beach:* & sunset:*, whose index scans build a bitmap of every match
 * of each word first). Undefined when a word starts no known word, where to_tsquery's own parsing decides.
 */
export function spelledOutQuery(words: readonly WordForms[]): string | undefined {
  if (words.length === 0 || words.some((entry) => entry.forms.length === 0)) return undefined;
  return words.map(spelt).join(' & ');
}

/**
 * The near-spelling phase's query: a word starting no known word is replaced by the closest known ones
 * (any of them) and left out when there are none. When every word is known, the words together found too
 * little, so any of them will do. Undefined when that asks nothing the exact phase did not.
 */
export function nearQuery(words: readonly WordForms[], near: ReadonlyMap<string, readonly string[]>): string | undefined {
  if (words.every((entry) => entry.forms.length > 0)) return words.length > 1 ? words.map(spelt).join(' | ') : undefined;
  const parts = words.flatMap((entry) => {
    if (entry.forms.length > 0) return [spelt(entry)];
    const closest = near.get(entry.word) ?? [];
    return closest.length > 0 ? [`(${closest.map((word) => lexeme(word)).join(' | ')})`] : [];
  });
  return parts.length > 0 ? parts.join(' & ') : undefined;
}

/** The words the full text search knows (search_words, kept by a trigger on posts.search_vector). */
export class SearchWordsRepository {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async forms(words: readonly string[]): Promise<WordForms[]> {
    const result = await sql<WordForms>`
      SELECT w.word, array(SELECT s.word FROM search_words s WHERE s.word >= w.word AND s.word < w.word || ${LAST_CHAR}
                           ORDER BY s.word LIMIT ${FORMS_MAX + 1})::text[] AS forms
      FROM unnest(${words}::text[]) WITH ORDINALITY w(word, position) ORDER BY w.position`.execute(this.db);
    return result.rows;
  }

  /** The closest known words to each of the given ones, closest first. */
  async near(words: readonly string[]): Promise<Map<string, string[]>> {
    if (words.length === 0) return new Map();
    const rows = await withTrigramThresholds(this.db, { similarity: NEAR_SIMILARITY }, async (trx) => {
      const result = await sql<{ word: string; near: string[] }>`
        SELECT w.word, array(SELECT s.word FROM search_words s WHERE s.word % w.word
                             ORDER BY similarity(s.word, w.word) DESC, s.word LIMIT ${NEAR_WORDS})::text[] AS near
        FROM unnest(${words}::text[]) w(word)`.execute(trx);
      return result.rows;
    });
    return new Map(rows.map((row) => [row.word, row.near]));
  }
}
