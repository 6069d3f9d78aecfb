import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** pg_trgm's thresholds for `%` (similarity) and `<%` (word similarity). */
export interface TrigramThresholds {
  readonly similarity: number;
  readonly wordSimilarity?: number;
}

/**
 * Runs `work` in a transaction with these thresholds (set_config(..., true): this transaction only), so the
 * GIN trigram indexes apply with them.
 */
export function withTrigramThresholds<T>(db: Db, thresholds: TrigramThresholds, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const wordSimilarity = thresholds.wordSimilarity ?? thresholds.similarity;
    await sql`SELECT set_config('pg_trgm.similarity_threshold', ${String(thresholds.similarity)}, true),
      set_config('pg_trgm.word_similarity_threshold', ${String(wordSimilarity)}, true)`.execute(trx);
    return work(trx as unknown as Db);
  });
}
