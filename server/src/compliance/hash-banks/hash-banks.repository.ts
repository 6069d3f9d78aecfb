import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PdqHash } from '../pdq/pdq.ts';
import { slotKeysWithin } from './pdq-slots.ts';

export type BankCategory = 'illegal' | 'non_consensual' | 'underage' | 'copyright' | 'spam' | 'other';

export interface BankRow {
  readonly id: number;
  readonly name: string;
  readonly source: 'internal' | 'imported';
  readonly category: BankCategory;
  readonly entries: number;
  readonly createdAt: Date;
}

export interface MediaHash extends PdqHash {
  readonly mediaId: number;
  readonly frame: number;
}

export interface FrameHash extends PdqHash {
  readonly seconds: number;
}

export interface BankMatch {
  readonly entryId: number;
  readonly bankId: number;
  readonly bankName: string;
  readonly category: BankCategory;
  readonly distance: number;
}

export interface NewEntry {
  readonly hash: string;
  readonly quality: number | null;
  readonly reason: string;
}

export interface MatchRow {
  readonly id: number;
  readonly postId: number;
  readonly bankName: string;
  readonly entryId: number;
  readonly distance: number;
  readonly caseId: number | null;
  readonly createdAt: Date;
}

const BANK_COLUMNS = sql`b.id::int AS id, b.name, b.source, b.category, b.created_at AS "createdAt",
  (SELECT count(*) FROM hash_bank_entries e WHERE e.bank_id = b.id)::int AS entries`;

/** The only place that knows migration 0031's tables. */
export class HashBanksRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  async banks(): Promise<BankRow[]> {
    const { rows } = await sql<BankRow>`SELECT ${BANK_COLUMNS} FROM hash_banks b ORDER BY b.source, b.name`.execute(this.#db);
    return rows;
  }

  async bankNamed(name: string): Promise<BankRow | undefined> {
    const { rows } = await sql<BankRow>`SELECT ${BANK_COLUMNS} FROM hash_banks b WHERE b.name = ${name}`.execute(this.#db);
    return rows[0];
  }

  /** The imported bank of that name, created when new; undefined when the name is the internal bank's. */
  async importBank(name: string, category: BankCategory, createdBy: number): Promise<BankRow | undefined> {
    await sql`INSERT INTO hash_banks (name, source, category, created_by) VALUES (${name}, 'imported', ${category}, ${createdBy})
      ON CONFLICT (name) DO NOTHING`.execute(this.#db);
    const bank = await this.bankNamed(name);
    return bank?.source === 'imported' ? bank : undefined;
  }

  /** Adds entries not in the bank yet; answers how many were new. */
  async addEntries(bankId: number, entries: readonly NewEntry[], addedBy: number): Promise<number> {
    if (entries.length === 0) return 0;
    const { rows } = await sql<{ added: number }>`
      WITH added AS (
        INSERT INTO hash_bank_entries (bank_id, hash, quality, reason, added_by)
        SELECT ${bankId}, e.hash, e.quality, e.reason, ${addedBy}
        FROM jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) AS e(hash text, quality smallint, reason text)
        ON CONFLICT (bank_id, hash) DO NOTHING
        RETURNING 1
      ) SELECT count(*)::int AS added FROM added`.execute(this.#db);
    return rows[0]?.added ?? 0;
  }

  /** The media's hashes, replacing what an earlier run of the same step stored. */
  async saveMediaHashes(mediaId: number, frames: readonly FrameHash[]): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await sql`DELETE FROM media_pdq_hashes WHERE media_id = ${mediaId}`.execute(trx);
      if (frames.length === 0) return;
      await sql`INSERT INTO media_pdq_hashes (media_id, frame, seconds, hash, quality)
        SELECT ${mediaId}, f.ord - 1, (f.value->>'seconds')::real, f.value->>'hash', (f.value->>'quality')::smallint
        FROM jsonb_array_elements(${JSON.stringify(frames)}::jsonb) WITH ORDINALITY AS f(value, ord)`.execute(trx);
    });
  }

  async postHashes(postId: number): Promise<MediaHash[]> {
    const { rows } = await sql<MediaHash>`
      SELECT h.media_id::int AS "mediaId", h.frame, h.hash, h.quality
      FROM media_pdq_hashes h JOIN media_files m ON m.id = h.media_id
      WHERE m.post_id = ${postId} ORDER BY h.media_id, h.frame`.execute(this.#db);
    return rows;
  }

  /**
   * The nearest entry of any bank within `maxDistance` bits. One GIN probe per slot key (a lateral join, so
   * the planner cannot swap it for a scan of the whole bank), then exact distances on those candidates only.
   */
  async nearest(hash: string, maxDistance: number): Promise<BankMatch | undefined> {
    const { rows } = await sql<BankMatch>`
      WITH candidates AS MATERIALIZED (
        SELECT DISTINCT c.id, c.bank_id, c.hash, c.category
        FROM unnest(${slotKeysWithin(hash, maxDistance)}::integer[]) AS k(key)
        CROSS JOIN LATERAL (SELECT id, bank_id, hash, category FROM hash_bank_entries WHERE slot_keys @> ARRAY[k.key]) c
      ), measured AS MATERIALIZED (
        SELECT c.*, bit_count(('x' || c.hash)::bit(256) # ('x' || ${hash})::bit(256))::int AS distance FROM candidates c
      )
      SELECT m.id::int AS "entryId", b.id::int AS "bankId", b.name AS "bankName",
        coalesce(m.category, b.category) AS category, m.distance
      FROM measured m JOIN hash_banks b ON b.id = m.bank_id
      WHERE m.distance <= ${maxDistance} ORDER BY m.distance, m.id LIMIT 1`.execute(this.#db);
    return rows[0];
  }

  /** Holds the post for review as a hash match (the trigger of migration 0031 keeps it from publishing). */
  async quarantine(postId: number): Promise<void> {
    await sql`UPDATE posts SET review_reason = 'hash-match', reviewed_at = NULL WHERE id = ${postId}`.execute(this.#db);
  }

  async recordMatch(postId: number, mediaId: number, match: BankMatch): Promise<void> {
    await sql`INSERT INTO hash_matches (post_id, media_id, entry_id, bank_id, distance)
      VALUES (${postId}, ${mediaId}, ${match.entryId}, ${match.bankId}, ${match.distance})
      ON CONFLICT (post_id, entry_id) DO NOTHING`.execute(this.#db);
  }

  /** The case already opened for this post's matches (a retried job opens none again). */
  async caseOf(postId: number): Promise<number | null> {
    const { rows } = await sql<{ caseId: number | null }>`
      SELECT max(case_id)::int AS "caseId" FROM hash_matches WHERE post_id = ${postId}`.execute(this.#db);
    return rows[0]?.caseId ?? null;
  }

  async attachCase(postId: number, caseId: number): Promise<void> {
    await sql`UPDATE hash_matches SET case_id = ${caseId} WHERE post_id = ${postId} AND case_id IS NULL`.execute(this.#db);
  }

  async recentMatches(limit: number): Promise<MatchRow[]> {
    const { rows } = await sql<MatchRow>`
      SELECT m.id::int AS id, m.post_id::int AS "postId", b.name AS "bankName", m.entry_id::int AS "entryId",
        m.distance, m.case_id::int AS "caseId", m.created_at AS "createdAt"
      FROM hash_matches m JOIN hash_banks b ON b.id = m.bank_id
      ORDER BY m.created_at DESC, m.id DESC LIMIT ${limit}`.execute(this.#db);
    return rows;
  }
}
