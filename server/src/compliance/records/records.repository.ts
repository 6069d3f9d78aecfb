import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { PostStatus } from '../../posts/post-status.ts';
import type { ConsentScope, PerformerKind, PerformerState } from '../performers/performers.tables.ts';
import type { SealedDocument } from '../verification/verification.tables.ts';

/** A post as the records see it: one depiction. */
export interface DepictionRow {
  readonly postId: number;
  readonly title: string;
  readonly lgbt: number;
  readonly status: number;
  readonly ownerId: number;
  readonly ownerUsername: string;
  readonly allowEmbedding: boolean;
  readonly producedOn: string | null;
  readonly publishedAt: Date | null;
  readonly deletedAt: Date | null;
}

/** One person in one post, with the verified identity behind them when there is one. */
export interface PerformerRecordRow {
  readonly postId: number;
  readonly performerId: number;
  readonly kind: PerformerKind;
  readonly state: PerformerState;
  readonly scopes: ConsentScope[];
  readonly username: string | null;
  readonly displayName: string | null;
  readonly guestName: string | null;
  readonly identityId: number | null;
  readonly submissionId: number | null;
  readonly legalName: string | null;
  readonly dateOfBirth: string | null;
  readonly aliases: string[] | null;
  readonly documents: SealedDocument[] | null;
  readonly verifiedAt: Date | null;
}

export type SearchField = 'legalName' | 'alias' | 'post';

/** What the legacy guard found wrong with one published post. */
export interface IncompletePostRow {
  readonly postId: number;
  readonly ownerId: number;
  readonly title: string;
  readonly noPerformers: boolean;
  readonly performerNotCleared: boolean;
  readonly ownerUnverified: boolean;
  readonly noProductionDate: boolean;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** The tables behind the 2257 records: posts, their performers and the performer identities (migrations 0033, 0036). */
export class RecordsRepository {
  readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  depictions(postIds: readonly number[]): Promise<DepictionRow[]> {
    if (postIds.length === 0) return Promise.resolve([]);
    return this.#depictions().where('p.id', 'in', postIds).orderBy('p.id', 'desc').execute();
  }

  /**
   * Depictions in id order after `afterId`, for the export: every post that was ever published or has a
   * performer declared, removed ones included (records outlive the depiction, 28 CFR 75.4).
   */
  depictionsPage(afterId: number, limit: number): Promise<DepictionRow[]> {
    return this.#depictions()
      .where('p.id', '>', afterId)
      .where((eb) =>
        eb.or([
          eb('p.published_at', 'is not', null),
          eb.exists(eb.selectFrom('post_performers as pp').select('pp.id').whereRef('pp.post_id', '=', 'p.id')),
        ]),
      )
      .orderBy('p.id')
      .limit(limit)
      .execute();
  }

  #depictions() {
    return this.db
      .selectFrom('posts as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select([
        'p.id as postId',
        'p.title',
        'p.lgbt',
        'p.status',
        'p.user_id as ownerId',
        'u.username as ownerUsername',
        'p.allow_embedding as allowEmbedding',
        'p.produced_on as producedOn',
        'p.published_at as publishedAt',
        'p.deleted_at as deletedAt',
      ]);
  }

  /** Every performer of the posts, self first, then in the order they were declared. */
  performersOf(postIds: readonly number[]): Promise<PerformerRecordRow[]> {
    if (postIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('post_performers as pp')
      .leftJoin('performer_identities as pi', 'pi.id', 'pp.identity_id')
      .leftJoin('users as u', (join) => join.on(sql<boolean>`u.id = coalesce(pp.user_id, pi.user_id)`))
      .select([
        'pp.post_id as postId',
        'pp.id as performerId',
        'pp.kind',
        'pp.state',
        'pp.scopes',
        'u.username',
        'u.display_name as displayName',
        'pp.guest_name as guestName',
        'pi.id as identityId',
        'pi.submission_id as submissionId',
        'pi.legal_name as legalName',
        'pi.date_of_birth as dateOfBirth',
        'pi.aliases',
        'pi.documents',
        'pi.verified_at as verifiedAt',
      ])
      .where('pp.post_id', 'in', postIds)
      .orderBy(sql`pp.kind = 'self'`, 'desc')
      .orderBy('pp.id')
      .execute();
  }

  /**
   * The cross-index: posts whose performers carry the legal name, or a name used (alias, username,
   * display name, a guest's name), containing `text`; or the post with that id. Newest first.
   */
  async search(field: SearchField, text: string, limit: number): Promise<number[]> {
    if (field === 'post') {
      const id = Number(text);
      if (!Number.isSafeInteger(id) || id <= 0) return [];
      const row = await this.db.selectFrom('posts').select('id').where('id', '=', id).executeTakeFirst();
      return row ? [row.id] : [];
    }
    const pattern = likePattern(text.trim());
    const rows = await this.db
      .selectFrom('post_performers as pp')
      .leftJoin('performer_identities as pi', 'pi.id', 'pp.identity_id')
      .leftJoin('users as u', (join) => join.on(sql<boolean>`u.id = coalesce(pp.user_id, pi.user_id)`))
      .select('pp.post_id as postId')
      .distinct()
      .where(
        field === 'legalName'
          ? sql<boolean>`pi.legal_name ILIKE ${pattern}`
          : sql<boolean>`(EXISTS (SELECT 1 FROM unnest(pi.aliases) alias WHERE alias ILIKE ${pattern})
              OR u.username ILIKE ${pattern} OR u.display_name ILIKE ${pattern} OR pp.guest_name ILIKE ${pattern})`,
      )
      .orderBy('pp.post_id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => row.postId);
  }

  /**
   * Published posts, out for longer than `graceHours`, whose records are incomplete: no performer
   * declared, a performer not cleared (consented with a verified identity), an owner without a verified
   * identity, or no production date. By owner, then post.
   */
  async incompletePublished(graceHours: number): Promise<IncompletePostRow[]> {
    const { rows } = await sql<IncompletePostRow>`
      SELECT * FROM (
        SELECT p.id AS "postId", p.user_id AS "ownerId", p.title,
          NOT EXISTS (SELECT 1 FROM post_performers pp WHERE pp.post_id = p.id) AS "noPerformers",
          EXISTS (SELECT 1 FROM post_performers pp WHERE pp.post_id = p.id
                  AND (pp.state <> 'consented' OR pp.identity_id IS NULL)) AS "performerNotCleared",
          NOT EXISTS (SELECT 1 FROM performer_identities pi WHERE pi.user_id = p.user_id) AS "ownerUnverified",
          p.produced_on IS NULL AS "noProductionDate"
        FROM posts p
        WHERE p.status = ${PostStatus.published} AND p.deleted_at IS NULL
          AND p.published_at < now() - make_interval(hours => ${graceHours})
      ) checked
      WHERE "noPerformers" OR "performerNotCleared" OR "ownerUnverified" OR "noProductionDate"
      ORDER BY "ownerId", "postId"`.execute(this.db);
    return rows;
  }

  /**
   * Takes published posts off the site into awaiting performers (13), visible to their owners only, and
   * keeps each owner's posts_count as requestStatus does. `target_status` stays published, so the post
   * returns once its performers are cleared. Answers the posts actually moved.
   */
  async holdForRecords(postIds: readonly number[]): Promise<number[]> {
    if (postIds.length === 0) return [];
    const { rows } = await sql<{ id: number }>`
      WITH held AS (
        UPDATE posts SET status = ${PostStatus.awaitingPerformers}, target_status = ${PostStatus.published}, updated_at = now()
        WHERE id = ANY(${sql.val([...postIds])}::bigint[]) AND status = ${PostStatus.published} AND deleted_at IS NULL
        RETURNING id, user_id
      ), counted AS (
        UPDATE users u SET posts_count = greatest(u.posts_count - c.n, 0)
        FROM (SELECT user_id, count(*)::int AS n FROM held GROUP BY user_id) c WHERE u.id = c.user_id
      )
      SELECT id FROM held`.execute(this.db);
    return rows.map((row) => row.id);
  }

  /** Where to tell an owner: their address, if any, and language. */
  owners(userIds: readonly number[]): Promise<{ id: number; username: string; email: string | null; lang: string | null }[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('users').select(['id', 'username', 'email', 'lang']).where('id', 'in', userIds).execute();
  }
}
