import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { MediaVariant } from '../../db/schema.ts';
import { addJobIn } from '../../jobs/queue.ts';
import { PostStatus } from '../../posts/post-status.ts';
import type { ConsentEventKind, ConsentScope, PerformerKind, PerformerState, PostPerformersTable } from './performers.tables.ts';

export interface ManifestPostRow {
  readonly id: number;
  readonly userId: number;
  readonly status: number;
  readonly targetStatus: number;
  readonly title: string;
  readonly producedOn: string | null;
  readonly allowDownloads: boolean;
}

export interface PerformerRow {
  readonly id: number;
  readonly postId: number;
  readonly kind: PerformerKind;
  readonly userId: number | null;
  readonly identityId: number | null;
  readonly guestName: string | null;
  readonly guestEmail: string | null;
  readonly releaseExpiresAt: Date | null;
  readonly state: PerformerState;
  readonly scopes: ConsentScope[];
  readonly username: string | null;
  readonly displayName: string | null;
  readonly avatarVariants: Record<string, MediaVariant> | null;
  /** The newest identity sent through the guest's release link, if any. */
  readonly submissionState: string | null;
  readonly submissionReason: string | null;
  readonly answeredAt: Date | null;
}

export interface NewPerformer {
  readonly postId: number;
  readonly kind: PerformerKind;
  readonly userId?: number | null;
  readonly identityId?: number | null;
  readonly guestName?: string;
  readonly guestEmail?: string;
  readonly releaseTokenHash?: Buffer;
  readonly releaseExpiresAt?: Date;
  readonly state?: PerformerState;
  readonly scopes?: ConsentScope[];
}

export interface ConsentEvent {
  readonly performerId: number;
  readonly kind: ConsentEventKind;
  readonly scopes: ConsentScope[];
  readonly signature: string;
  readonly mediaSha256: string[];
  readonly ip: string;
  readonly userAgent: string;
}

/** A post as the people asked about it see it: its creator and the stills of its first media file. */
export interface AskedPostRow {
  readonly id: number;
  readonly title: string;
  readonly status: number;
  readonly allowDownloads: boolean;
  readonly username: string;
  readonly displayName: string;
  readonly avatarVariants: Record<string, MediaVariant> | null;
  readonly variants: Record<string, MediaVariant> | null;
}

export interface CreatorRow {
  readonly id: number;
  readonly username: string;
  readonly displayName: string;
  readonly lang: string;
  readonly avatarVariants: Record<string, MediaVariant> | null;
}

/** Why a guest's waiting identity was closed without review: the creator took them off the post. */
export const GUEST_REMOVED = 'The creator took this person off the post before review.';

const NOT_CLEARED = sql<boolean>`(pp.state <> 'consented' OR pp.identity_id IS NULL)`;

/** The only place that reads or writes migration 0036's tables (README.md "Tables"). */
export class PerformersRepository {
  readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  transaction<T>(work: (repository: PerformersRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new PerformersRepository(trx)));
  }

  /** A post not deleted; `lock` holds it for the rest of the transaction. */
  async post(postId: number, lock = false): Promise<ManifestPostRow | undefined> {
    let query = this.db
      .selectFrom('posts')
      .select([
        'id',
        'user_id as userId',
        'status',
        'target_status as targetStatus',
        'title',
        sql<string | null>`produced_on::text`.as('producedOn'),
        'allow_downloads as allowDownloads',
      ])
      .where('id', '=', postId)
      .where('deleted_at', 'is', null);
    if (lock) query = query.forUpdate();
    return query.executeTakeFirst();
  }

  async creator(userId: number): Promise<CreatorRow | undefined> {
    return this.db
      .selectFrom('users as u')
      .leftJoin('media_files as a', 'a.id', 'u.avatar_media_id')
      .select(['u.id', 'u.username', 'u.display_name as displayName', 'u.lang', 'a.variants as avatarVariants'])
      .where('u.id', '=', userId)
      .executeTakeFirst();
  }

  askedPosts(postIds: readonly number[]): Promise<AskedPostRow[]> {
    if (postIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('posts as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .leftJoin('media_files as a', 'a.id', 'u.avatar_media_id')
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('media_files as m')
            .select('m.variants')
            .whereRef('m.post_id', '=', 'p.id')
            .orderBy('m.position')
            .limit(1)
            .as('m'),
        (join) => join.onTrue(),
      )
      .select([
        'p.id',
        'p.title',
        'p.status',
        'p.allow_downloads as allowDownloads',
        'u.username',
        'u.display_name as displayName',
        'a.variants as avatarVariants',
        'm.variants',
      ])
      .where('p.id', 'in', postIds)
      .execute() as Promise<AskedPostRow[]>;
  }

  #performers() {
    return this.db
      .selectFrom('post_performers as pp')
      .leftJoin('users as u', 'u.id', 'pp.user_id')
      .leftJoin('media_files as a', 'a.id', 'u.avatar_media_id')
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('identity_submissions as s')
            .select(['s.state', 's.reason'])
            .whereRef('s.guest_performer_id', '=', 'pp.id')
            .orderBy('s.id', 'desc')
            .limit(1)
            .as('s'),
        (join) => join.onTrue(),
      )
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('performer_consent_events as e')
            .select('e.created_at')
            .whereRef('e.performer_id', '=', 'pp.id')
            .orderBy('e.id', 'desc')
            .limit(1)
            .as('e'),
        (join) => join.onTrue(),
      )
      .select([
        'pp.id',
        'pp.post_id as postId',
        'pp.kind',
        'pp.user_id as userId',
        'pp.identity_id as identityId',
        'pp.guest_name as guestName',
        'pp.guest_email as guestEmail',
        'pp.release_expires_at as releaseExpiresAt',
        'pp.state',
        'pp.scopes',
        'u.username',
        'u.display_name as displayName',
        'a.variants as avatarVariants',
        's.state as submissionState',
        's.reason as submissionReason',
        'e.created_at as answeredAt',
      ]);
  }

  performersOf(postId: number): Promise<PerformerRow[]> {
    return this.#performers().where('pp.post_id', '=', postId).orderBy('pp.id').execute() as Promise<PerformerRow[]>;
  }

  performer(id: number): Promise<PerformerRow | undefined> {
    return this.#performers().where('pp.id', '=', id).executeTakeFirst() as Promise<PerformerRow | undefined>;
  }

  performerByToken(tokenHash: Buffer): Promise<PerformerRow | undefined> {
    return this.#performers().where('pp.release_token_hash', '=', tokenHash).executeTakeFirst() as Promise<
      PerformerRow | undefined
    >;
  }

  /** The performer row locked for an answer; undefined when it is gone. */
  lockPerformer(
    id: number,
  ): Promise<Pick<Selectable<PostPerformersTable>, 'id' | 'post_id' | 'state' | 'identity_id'> | undefined> {
    return this.db
      .selectFrom('post_performers')
      .select(['id', 'post_id', 'state', 'identity_id'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  /** A tagged account's appearances, newest tag first, from before performer `beforeId`. */
  appearances(userId: number, limit: number, beforeId?: number): Promise<PerformerRow[]> {
    let query = this.#performers()
      .innerJoin('posts as p', 'p.id', 'pp.post_id')
      .where('pp.user_id', '=', userId)
      .where('pp.kind', '=', 'account')
      .where('p.deleted_at', 'is', null)
      .orderBy('pp.id', 'desc')
      .limit(limit);
    if (beforeId !== undefined) query = query.where('pp.id', '<', beforeId);
    return query.execute() as Promise<PerformerRow[]>;
  }

  /** The verified identity (performer_identities) of an account, if it has one. */
  async identityOf(userId: number): Promise<number | undefined> {
    const row = await this.db.selectFrom('performer_identities').select('id').where('user_id', '=', userId).executeTakeFirst();
    return row?.id;
  }

  /** Active accounts (not banned, not leaving) by username, case-insensitively. */
  accountsNamed(usernames: readonly string[]): Promise<{ id: number; username: string }[]> {
    if (usernames.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where(
        sql<string>`lower(username)`,
        'in',
        usernames.map((name) => name.toLowerCase()),
      )
      .where('banned_at', 'is', null)
      .where('delete_requested_at', 'is', null)
      .execute();
  }

  async insertPerformer(performer: NewPerformer): Promise<number> {
    const row = await this.db
      .insertInto('post_performers')
      .values({
        post_id: performer.postId,
        kind: performer.kind,
        user_id: performer.userId ?? null,
        identity_id: performer.identityId ?? null,
        guest_name: performer.guestName ?? null,
        guest_email: performer.guestEmail ?? null,
        release_token_hash: performer.releaseTokenHash ?? null,
        release_expires_at: performer.releaseExpiresAt ?? null,
        state: performer.state,
        scopes: performer.scopes,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Takes people off a manifest; an identity a guest sent that still waits for review is closed first. */
  async deletePerformers(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('identity_submissions')
      .set({ state: 'rejected', reason: GUEST_REMOVED, decided_at: sql`now()` })
      .where('guest_performer_id', 'in', ids)
      .where('state', 'in', ['started', 'pending'])
      .execute();
    await this.db.deleteFrom('post_performers').where('id', 'in', ids).execute();
  }

  async setReleaseToken(id: number, tokenHash: Buffer, expiresAt: Date): Promise<void> {
    await this.db
      .updateTable('post_performers')
      .set({ release_token_hash: tokenHash, release_expires_at: expiresAt, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
  }

  async setAnswer(id: number, change: { state: PerformerState; scopes?: ConsentScope[]; identityId?: number }): Promise<void> {
    await this.db
      .updateTable('post_performers')
      .set({
        state: change.state,
        ...(change.scopes ? { scopes: change.scopes } : {}),
        ...(change.identityId === undefined ? {} : { identity_id: change.identityId }),
        updated_at: sql`now()`,
      })
      .where('id', '=', id)
      .execute();
  }

  async setIdentity(id: number, identityId: number): Promise<void> {
    await this.db
      .updateTable('post_performers')
      .set({ identity_id: identityId, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
  }

  async recordEvent(event: ConsentEvent): Promise<void> {
    await this.db
      .insertInto('performer_consent_events')
      .values({
        performer_id: event.performerId,
        kind: event.kind,
        scopes: event.scopes,
        signature: event.signature,
        media_sha256: event.mediaSha256,
        ip: event.ip,
        user_agent: event.userAgent,
      })
      .execute();
  }

  async setProducedOn(postId: number, day: string): Promise<void> {
    await this.db.updateTable('posts').set({ produced_on: day, updated_at: sql`now()` }).where('id', '=', postId).execute();
  }

  /** A published post waits again (13) while someone in it is not cleared; it no longer counts on its owner's profile. */
  async holdPublished(postId: number): Promise<void> {
    await sql`
      WITH held AS (
        UPDATE posts SET status = ${PostStatus.awaitingPerformers}, updated_at = now()
        WHERE id = ${postId} AND status = ${PostStatus.published}
        RETURNING user_id
      )
      UPDATE users u SET posts_count = greatest(u.posts_count - 1, 0) FROM held WHERE u.id = held.user_id`.execute(this.db);
  }

  /**
   * A held post (13) whose performers are all cleared goes where it was going: private when its owner
   * chose private, else published (the pre-publication review and hash-match triggers still apply, as on
   * any publication, and may turn it to in review); a published one counts on its owner's profile again
   * (posts_count, as PostsRepository.requestStatus keeps it) and followers hear of it. Returns the new
   * status, or undefined when it stays.
   */
  async releaseIfCleared(postId: number): Promise<number | undefined> {
    const { rows } = await sql<{ status: number }>`
      WITH released AS (
        UPDATE posts p SET
          status = CASE WHEN p.target_status = ${PostStatus.private} THEN ${PostStatus.private}::smallint ELSE ${PostStatus.published}::smallint END,
          published_at = CASE WHEN p.target_status = ${PostStatus.private} THEN p.published_at ELSE coalesce(p.published_at, now()) END,
          updated_at = now()
        WHERE p.id = ${postId} AND p.status = ${PostStatus.awaitingPerformers} AND p.deleted_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM post_performers pp WHERE pp.post_id = p.id AND ${NOT_CLEARED})
        RETURNING p.user_id, p.status
      ), counted AS (
        UPDATE users u SET posts_count = u.posts_count + 1
        FROM released r WHERE u.id = r.user_id AND r.status = ${PostStatus.published}
      )
      SELECT status FROM released`.execute(this.db);
    const status = rows[0]?.status;
    if (status === PostStatus.published) {
      await addJobIn(this.db, 'notifications:post-created', { postId }, { jobKey: `post-created:${postId}` });
    }
    return status;
  }

  /** The post's media files in order, with their SHA-256 when known and the original to compute it from. */
  mediaOf(postId: number): Promise<{ id: number; sha256: string | null; originalKey: string | null }[]> {
    return this.db
      .selectFrom('media_files')
      .select(['id', 'sha256', 'original_key as originalKey'])
      .where('post_id', '=', postId)
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  async setMediaDigest(mediaId: number, sha256: string): Promise<void> {
    await this.db.updateTable('media_files').set({ sha256 }).where('id', '=', mediaId).where('sha256', 'is', null).execute();
  }

  /** Whether the guest has an identity waiting for review. */
  async guestSubmissionPending(performerId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('identity_submissions')
      .select('id')
      .where('guest_performer_id', '=', performerId)
      .where('state', 'in', ['started', 'pending'])
      .executeTakeFirst();
    return row !== undefined;
  }
}
