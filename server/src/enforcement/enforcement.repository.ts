import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { PostStatus } from '../posts/post-status.ts';
import type { ActionKind, Category, Rule } from './vocabulary.ts';

export interface ActionRow {
  readonly id: number;
  readonly kind: ActionKind;
  readonly userId: number;
  readonly postId: number | null;
  readonly caseId: number | null;
  readonly moderatorId: number | null;
  readonly automated: boolean;
  readonly category: Category;
  readonly rule: Rule;
  readonly publicReason: string;
  readonly endsAt: Date | null;
  readonly appealableUntil: Date | null;
  readonly createdAt: Date;
  readonly appealId: number | null;
  readonly appealStatus: 'open' | 'upheld' | 'reversed' | null;
  readonly counterNoticeId: number | null;
  readonly postStatus: number | null;
}

export interface AppealRow {
  readonly id: number;
  readonly actionId: number;
  readonly userId: number;
  readonly statement: string;
  readonly caseId: number | null;
  readonly status: 'open' | 'upheld' | 'reversed';
  readonly decidedBy: number | null;
  readonly decidedAt: Date | null;
  readonly decision: string;
  readonly createdAt: Date;
}

export interface CounterNoticeRow {
  readonly id: number;
  readonly actionId: number;
  readonly postId: number;
  readonly userId: number;
  readonly fullName: string;
  readonly address: string;
  readonly phone: string;
  readonly email: string;
  readonly material: string;
  readonly signature: string;
  readonly submittedAt: Date;
  readonly restoreAt: Date;
  readonly lawsuitReportedAt: Date | null;
  readonly restoredAt: Date | null;
}

export interface NewCounterNotice {
  readonly actionId: number;
  readonly postId: number;
  readonly userId: number;
  readonly fullName: string;
  readonly address: string;
  readonly phone: string;
  readonly email: string;
  readonly material: string;
  readonly signature: string;
  readonly restoreAt: Date;
}

export interface ReviewQueueRow {
  readonly postId: number;
  readonly userId: number;
  readonly username: string;
  readonly title: string;
  readonly reviewReason: 'prepublication' | 'watched-word' | 'hidden';
  readonly since: Date;
  readonly cursorAt: string;
  /** The first media file's variants (null without media): the console's preview. */
  readonly variants: unknown;
}

export interface NewAction {
  readonly kind: ActionKind;
  readonly userId: number;
  readonly postId: number | null;
  readonly caseId: number | null;
  readonly moderatorId: number | null;
  readonly automated: boolean;
  readonly category: Category;
  readonly rule: Rule;
  readonly publicReason: string;
  readonly endsAt: Date | null;
  readonly appealableUntil: Date | null;
  readonly appealTokenHash: Buffer | null;
}

export interface PostSubject {
  readonly id: number;
  readonly userId: number;
  readonly status: number;
  readonly targetStatus: number;
  readonly reviewReason: string | null;
  readonly title: string;
}

export interface AccountSubject {
  readonly id: number;
  readonly username: string;
  readonly email: string | null;
  readonly lang: string;
  readonly bannedAt: Date | null;
  readonly suspendedUntil: Date | null;
  readonly uploadsLimitedAt: Date | null;
}

const ACTION_COLUMNS = sql`a.id, a.kind, a.user_id AS "userId", a.post_id AS "postId", a.case_id AS "caseId",
  a.moderator_id AS "moderatorId", a.automated, a.category, a.rule, a.public_reason AS "publicReason",
  a.ends_at AS "endsAt", a.appealable_until AS "appealableUntil", a.created_at AS "createdAt",
  ap.id AS "appealId", ap.status AS "appealStatus", cn.id AS "counterNoticeId", p.status AS "postStatus"`;
const ACTION_JOINS = sql`LEFT JOIN enforcement_appeals ap ON ap.action_id = a.id
  LEFT JOIN counter_notices cn ON cn.action_id = a.id
  LEFT JOIN posts p ON p.id = a.post_id`;

const numeric = <T extends { id: unknown }>(row: T) => ({ ...row, id: Number(row.id) });

/**
 * The only place that knows the enforcement tables, and the one that changes posts and accounts for a
 * moderator. Each change of a post keeps the owner's published-post count right in the same statement,
 * and the database triggers of migrations 0008, 0012 and 0015 do the rest (media files, CDN, caches, sockets).
 */
export class EnforcementRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** The connection or transaction this repository works on, for writers that join its transaction. */
  get db(): Db {
    return this.#db;
  }

  transaction<T>(work: (repository: EnforcementRepository) => Promise<T>): Promise<T> {
    return this.#db.transaction().execute((trx) => work(new EnforcementRepository(trx)));
  }

  async setReviewThreshold(postsRequired: number): Promise<void> {
    await sql`UPDATE prepublication_review SET posts_required = ${postsRequired}`.execute(this.#db);
  }

  async insertAction(action: NewAction): Promise<number> {
    const { rows } = await sql<{ id: string }>`
      INSERT INTO enforcement_actions (kind, user_id, post_id, case_id, moderator_id, automated, category, rule,
        public_reason, ends_at, appealable_until, appeal_token_hash)
      VALUES (${action.kind}, ${action.userId}, ${action.postId}, ${action.caseId}, ${action.moderatorId}, ${action.automated},
        ${action.category}, ${action.rule}, ${action.publicReason}, ${action.endsAt}, ${action.appealableUntil}, ${action.appealTokenHash})
      RETURNING id`.execute(this.#db);
    return Number(rows[0]?.id);
  }

  /** The action whose appeal token has this digest (a locked-out user's e-mail link). */
  async actionByToken(id: number, digest: Buffer): Promise<ActionRow | undefined> {
    const { rows } = await sql<ActionRow>`SELECT ${ACTION_COLUMNS} FROM enforcement_actions a ${ACTION_JOINS}
      WHERE a.id = ${id} AND a.appeal_token_hash = ${digest}`.execute(this.#db);
    return rows.map(numeric)[0];
  }

  async action(id: number): Promise<ActionRow | undefined> {
    const { rows } = await sql<ActionRow>`SELECT ${ACTION_COLUMNS} FROM enforcement_actions a ${ACTION_JOINS}
      WHERE a.id = ${id}`.execute(this.#db);
    return rows.map(numeric)[0];
  }

  /** Newest first; `beforeId` pages by key. */
  async actionsOf(filter: { userId?: number; postId?: number }, limit: number, beforeId?: number): Promise<ActionRow[]> {
    const { rows } = await sql<ActionRow>`SELECT ${ACTION_COLUMNS} FROM enforcement_actions a ${ACTION_JOINS}
      WHERE (${filter.userId ?? null}::bigint IS NULL OR a.user_id = ${filter.userId ?? null})
        AND (${filter.postId ?? null}::bigint IS NULL OR a.post_id = ${filter.postId ?? null})
        AND (${beforeId ?? null}::bigint IS NULL OR a.id < ${beforeId ?? null})
      ORDER BY a.id DESC LIMIT ${limit}`.execute(this.#db);
    return rows.map(numeric);
  }

  async post(id: number): Promise<PostSubject | undefined> {
    const { rows } = await sql<PostSubject>`
      SELECT id, user_id AS "userId", status, target_status AS "targetStatus", review_reason AS "reviewReason", title
      FROM posts WHERE id = ${id} AND deleted_at IS NULL FOR UPDATE`.execute(this.#db);
    return rows.map((row) => ({ ...row, id: Number(row.id), userId: Number(row.userId) }))[0];
  }

  /**
   * Sets a post's status. Hiding keeps what the owner had (published or private) in target_status so a
   * restore can bring it back; a restore applies target_status and marks the post reviewed.
   */
  async setPostStatus(id: number, change: 'hide' | 'remove' | 'block' | 'restore', reviewReason?: string): Promise<void> {
    const status = { hide: PostStatus.inReview, remove: PostStatus.removed, block: PostStatus.blocked }[
      change as 'hide' | 'remove' | 'block'
    ];
    await sql`
      WITH before AS (SELECT id, user_id, status FROM posts WHERE id = ${id}),
      changed AS (
        UPDATE posts p SET
          target_status = CASE WHEN ${change} = 'hide' AND b.status IN (${PostStatus.published}, ${PostStatus.private})
            THEN b.status ELSE p.target_status END,
          status = CASE WHEN ${change} = 'restore' THEN p.target_status ELSE ${status ?? 0}::smallint END,
          review_reason = CASE WHEN ${change} = 'hide' THEN ${reviewReason ?? 'hidden'}
            WHEN ${change} = 'restore' THEN NULL ELSE p.review_reason END,
          reviewed_at = CASE WHEN ${change} = 'restore' THEN now() ELSE p.reviewed_at END,
          published_at = CASE WHEN ${change} = 'restore' AND p.target_status = ${PostStatus.published}
            THEN coalesce(p.published_at, now()) ELSE p.published_at END,
          updated_at = now()
        FROM before b WHERE p.id = b.id
        RETURNING p.user_id, b.status AS before, p.status AS after
      )
      UPDATE users u SET posts_count = greatest(u.posts_count
        + CASE WHEN c.after = ${PostStatus.published} AND c.before <> ${PostStatus.published} THEN 1
               WHEN c.before = ${PostStatus.published} AND c.after <> ${PostStatus.published} THEN -1 ELSE 0 END, 0)
      FROM changed c WHERE u.id = c.user_id`.execute(this.#db);
  }

  /** Posts whose media is an identical copy of this post's: the same signature, or found a duplicate of it. */
  async identicalCopies(postId: number): Promise<number[]> {
    const { rows } = await sql<{ id: string }>`
      WITH mine AS (
        SELECT s.media_id, s.sixpack FROM media_files m JOIN media_signatures s ON s.media_id = m.id WHERE m.post_id = ${postId}
      )
      SELECT DISTINCT m.post_id AS id FROM media_signatures s JOIN media_files m ON m.id = s.media_id
      JOIN posts p ON p.id = m.post_id
      WHERE m.post_id <> ${postId} AND p.deleted_at IS NULL AND p.status NOT IN (${PostStatus.removed}, ${PostStatus.blocked})
        AND (s.sixpack IN (SELECT sixpack FROM mine) OR s.duplicate_of_media_id IN (SELECT media_id FROM mine)
          OR s.media_id IN (SELECT d.duplicate_of_media_id FROM media_signatures d JOIN mine ON mine.media_id = d.media_id))
      ORDER BY id`.execute(this.#db);
    return rows.map((row) => Number(row.id));
  }

  async account(id: number): Promise<AccountSubject | undefined> {
    const { rows } = await sql<AccountSubject>`
      SELECT id, username, email, lang, banned_at AS "bannedAt", suspended_until AS "suspendedUntil",
        uploads_limited_at AS "uploadsLimitedAt"
      FROM users WHERE id = ${id} AND delete_requested_at IS NULL FOR UPDATE`.execute(this.#db);
    return rows.map(numeric)[0];
  }

  async setAccountState(
    id: number,
    change: { kind: 'ban' } | { kind: 'suspend'; until: Date } | { kind: 'limit-uploads' } | { kind: 'restore' },
  ): Promise<void> {
    if (change.kind === 'ban') await sql`UPDATE users SET banned_at = now() WHERE id = ${id}`.execute(this.#db);
    if (change.kind === 'suspend')
      await sql`UPDATE users SET suspended_until = ${change.until} WHERE id = ${id}`.execute(this.#db);
    if (change.kind === 'limit-uploads') {
      await sql`UPDATE users SET uploads_limited_at = now() WHERE id = ${id}`.execute(this.#db);
      await sql`UPDATE upload_tokens SET revoked_at = now() WHERE user_id = ${id} AND revoked_at IS NULL`.execute(this.#db);
    }
    if (change.kind === 'restore') {
      await sql`UPDATE users SET banned_at = NULL, suspended_until = NULL, uploads_limited_at = NULL WHERE id = ${id}`.execute(
        this.#db,
      );
    }
  }

  /** The category of a case (migration 0020), to name it in an action the case model asked for. */
  async caseCategory(caseId: number): Promise<string | undefined> {
    const { rows } = await sql<{ category: string }>`SELECT category FROM moderation_cases WHERE id = ${caseId}`.execute(
      this.#db,
    );
    return rows[0]?.category;
  }

  async actorName(userId: number): Promise<string | undefined> {
    const { rows } = await sql<{ username: string }>`SELECT username FROM users WHERE id = ${userId}`.execute(this.#db);
    return rows[0]?.username;
  }

  async insertAppeal(actionId: number, userId: number, statement: string): Promise<number | undefined> {
    const { rows } = await sql<{ id: string }>`
      INSERT INTO enforcement_appeals (action_id, user_id, statement) VALUES (${actionId}, ${userId}, ${statement})
      ON CONFLICT (action_id) DO NOTHING RETURNING id`.execute(this.#db);
    return rows[0] ? Number(rows[0].id) : undefined;
  }

  async linkAppealCase(appealId: number, caseId: number): Promise<void> {
    await sql`UPDATE enforcement_appeals SET case_id = ${caseId} WHERE id = ${appealId}`.execute(this.#db);
  }

  async appeal(id: number): Promise<AppealRow | undefined> {
    const { rows } = await sql<AppealRow>`
      SELECT id, action_id AS "actionId", user_id AS "userId", statement, case_id AS "caseId", status,
        decided_by AS "decidedBy", decided_at AS "decidedAt", decision, created_at AS "createdAt"
      FROM enforcement_appeals WHERE id = ${id} FOR UPDATE`.execute(this.#db);
    return rows.map((row) => ({ ...row, id: Number(row.id), actionId: Number(row.actionId), userId: Number(row.userId) }))[0];
  }

  /** Open appeals; those of a restricted case only with `includeRestricted` (compliance/csam). */
  async openAppeals(limit: number, afterId: number | undefined, includeRestricted: boolean): Promise<AppealRow[]> {
    const { rows } = await sql<AppealRow>`
      SELECT id, action_id AS "actionId", user_id AS "userId", statement, case_id AS "caseId", status,
        decided_by AS "decidedBy", decided_at AS "decidedAt", decision, created_at AS "createdAt"
      FROM enforcement_appeals a WHERE status = 'open' AND (${afterId ?? null}::bigint IS NULL OR id > ${afterId ?? null})
        AND (${includeRestricted} OR NOT EXISTS (SELECT 1 FROM moderation_cases c WHERE c.id = a.case_id AND c.restricted))
      ORDER BY id LIMIT ${limit}`.execute(this.#db);
    return rows.map((row) => ({ ...row, id: Number(row.id), actionId: Number(row.actionId), userId: Number(row.userId) }));
  }

  async decideAppeal(id: number, moderatorId: number, status: 'upheld' | 'reversed', decision: string): Promise<void> {
    await sql`UPDATE enforcement_appeals SET status = ${status}, decided_by = ${moderatorId}, decided_at = now(), decision = ${decision}
      WHERE id = ${id}`.execute(this.#db);
  }

  async insertCounterNotice(notice: NewCounterNotice): Promise<number | undefined> {
    const { rows } = await sql<{ id: string }>`
      INSERT INTO counter_notices (action_id, post_id, user_id, full_name, address, phone, email, material,
        perjury_statement, jurisdiction_consent, signature, restore_at)
      VALUES (${notice.actionId}, ${notice.postId}, ${notice.userId}, ${notice.fullName}, ${notice.address}, ${notice.phone},
        ${notice.email}, ${notice.material}, true, true, ${notice.signature}, ${notice.restoreAt})
      ON CONFLICT (action_id) DO NOTHING RETURNING id`.execute(this.#db);
    return rows[0] ? Number(rows[0].id) : undefined;
  }

  async counterNotice(id: number): Promise<CounterNoticeRow | undefined> {
    const { rows } = await sql<CounterNoticeRow>`
      SELECT id, action_id AS "actionId", post_id AS "postId", user_id AS "userId", full_name AS "fullName", address, phone,
        email, material, signature, submitted_at AS "submittedAt", restore_at AS "restoreAt",
        lawsuit_reported_at AS "lawsuitReportedAt", restored_at AS "restoredAt"
      FROM counter_notices WHERE id = ${id} FOR UPDATE`.execute(this.#db);
    return rows.map((row) => ({
      ...row,
      id: Number(row.id),
      actionId: Number(row.actionId),
      postId: Number(row.postId),
      userId: Number(row.userId),
    }))[0];
  }

  async reportLawsuit(id: number, moderatorId: number): Promise<void> {
    await sql`UPDATE counter_notices SET lawsuit_reported_at = now(), lawsuit_reported_by = ${moderatorId} WHERE id = ${id}`.execute(
      this.#db,
    );
    await sql`SELECT graphile_worker.remove_job(${`counter-notice-restore:${id}`})`.execute(this.#db);
  }

  async markRestored(id: number): Promise<void> {
    await sql`UPDATE counter_notices SET restored_at = now() WHERE id = ${id}`.execute(this.#db);
  }

  /** Posts waiting in review (10), longest waiting first; keyset on (updated_at, id). */
  async reviewQueue(limit: number, after?: { at: string; id: number }): Promise<ReviewQueueRow[]> {
    const { rows } = await sql<ReviewQueueRow>`
      SELECT p.id AS "postId", p.user_id AS "userId", u.username, p.title, p.review_reason AS "reviewReason",
        p.updated_at AS "since", p.updated_at::text AS "cursorAt", m.variants
      FROM posts p JOIN users u ON u.id = p.user_id
      LEFT JOIN LATERAL (SELECT variants FROM media_files WHERE post_id = p.id ORDER BY position LIMIT 1) m ON true
      WHERE p.status = ${PostStatus.inReview} AND p.deleted_at IS NULL
        -- Hash-bank matches wait in their restricted case, for admins only (compliance/hash-banks).
        AND p.review_reason IS DISTINCT FROM 'hash-match'
        AND (${after?.at ?? null}::timestamptz IS NULL OR (p.updated_at, p.id) > (${after?.at ?? null}::timestamptz, ${after?.id ?? 0}))
      ORDER BY p.updated_at, p.id LIMIT ${limit}`.execute(this.#db);
    return rows.map((row) => ({ ...row, postId: Number(row.postId), userId: Number(row.userId) }));
  }

  async addStrike(userId: number, actionId: number): Promise<number> {
    const { rows } = await sql<{ count: number }>`
      WITH added AS (INSERT INTO copyright_strikes (user_id, action_id) VALUES (${userId}, ${actionId}) RETURNING id)
      SELECT (SELECT count(*) FROM copyright_strikes WHERE user_id = ${userId})::int + (SELECT count(*) FROM added)::int AS count`.execute(
      this.#db,
    );
    return rows[0]?.count ?? 0;
  }

  async strikeCount(userId: number): Promise<number> {
    const { rows } = await sql<{
      count: number;
    }>`SELECT count(*)::int AS count FROM copyright_strikes WHERE user_id = ${userId}`.execute(this.#db);
    return rows[0]?.count ?? 0;
  }
}
