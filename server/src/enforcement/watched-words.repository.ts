import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { PostStatus } from '../posts/post-status.ts';

export const watchScopes = ['title', 'tag', 'bio', 'search'] as const;
export type WatchScope = (typeof watchScopes)[number];
export type WatchAction = 'block' | 'review';

export interface WatchedWordRow {
  readonly id: number;
  readonly term: string;
  readonly scopes: WatchScope[];
  readonly action: WatchAction;
  readonly createdBy: number | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

const COLUMNS = sql`id, term, scopes, action, created_by AS "createdBy", created_at AS "createdAt", updated_at AS "updatedAt"`;
const numeric = (row: WatchedWordRow): WatchedWordRow => ({
  ...row,
  id: Number(row.id),
  createdBy: row.createdBy === null ? null : Number(row.createdBy),
});

/** The admins' watched words (migration 0025), and holding a post for review when one of them asks to. */
export class WatchedWordsRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  async all(): Promise<WatchedWordRow[]> {
    const { rows } = await sql<WatchedWordRow>`SELECT ${COLUMNS} FROM watched_words ORDER BY term`.execute(this.#db);
    return rows.map(numeric);
  }

  /** Undefined when the term is listed already. */
  async add(
    term: string,
    scopes: readonly WatchScope[],
    action: WatchAction,
    createdBy: number,
  ): Promise<WatchedWordRow | undefined> {
    const { rows } = await sql<WatchedWordRow>`
      INSERT INTO watched_words (term, scopes, action, created_by) VALUES (${term}, ${scopes}::text[], ${action}, ${createdBy})
      ON CONFLICT (term) DO NOTHING RETURNING ${COLUMNS}`.execute(this.#db);
    return rows.map(numeric)[0];
  }

  async update(
    id: number,
    change: { scopes?: readonly WatchScope[]; action?: WatchAction },
  ): Promise<WatchedWordRow | undefined> {
    const { rows } = await sql<WatchedWordRow>`
      UPDATE watched_words SET scopes = coalesce(${change.scopes ?? null}::text[], scopes),
        action = coalesce(${change.action ?? null}, action), updated_at = now()
      WHERE id = ${id} RETURNING ${COLUMNS}`.execute(this.#db);
    return rows.map(numeric)[0];
  }

  async remove(id: number): Promise<WatchedWordRow | undefined> {
    const { rows } = await sql<WatchedWordRow>`DELETE FROM watched_words WHERE id = ${id} RETURNING ${COLUMNS}`.execute(this.#db);
    return rows.map(numeric)[0];
  }

  /**
   * Holds a post for review: a published one goes to in review (10) at once, one still in the pipeline is
   * marked so that the pre-publication trigger holds it when it would be published.
   */
  async holdPost(postId: number): Promise<void> {
    await sql`
      WITH held AS (
        UPDATE posts SET review_reason = 'watched-word', reviewed_at = NULL,
          target_status = CASE WHEN status IN (${PostStatus.published}, ${PostStatus.private}) THEN status ELSE target_status END,
          status = CASE WHEN status = ${PostStatus.published} THEN ${PostStatus.inReview}::smallint ELSE status END,
          updated_at = now()
        WHERE id = ${postId} AND deleted_at IS NULL AND status NOT IN (${PostStatus.removed}, ${PostStatus.blocked}, ${PostStatus.inReview})
        RETURNING user_id, target_status, status
      )
      UPDATE users u SET posts_count = greatest(u.posts_count - 1, 0)
      FROM held h WHERE u.id = h.user_id AND h.status = ${PostStatus.inReview} AND h.target_status = ${PostStatus.published}`.execute(
      this.#db,
    );
  }
}
