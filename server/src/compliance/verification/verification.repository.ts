import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ProvidedIdentity } from './identity-provider.ts';
import type { SealedDocument, SubmissionState } from './verification.tables.ts';

export interface VerifyingAccountRow {
  readonly id: number;
  readonly username: string;
  readonly email: string | null;
  readonly type: number;
  readonly lang: string;
}

export interface SubmissionRow {
  readonly id: number;
  /** Null for a guest performer's release. */
  readonly userId: number | null;
  /** The account's username; for a guest, the name the creator gave them. */
  readonly username: string;
  /** A guest performer's release (compliance/performers/): which performer of which post, and whose post. */
  readonly guest: GuestRelease | null;
  readonly provider: string;
  readonly state: SubmissionState;
  readonly legalName: string | null;
  readonly dateOfBirth: string | null;
  readonly aliases: string[];
  readonly fingerprint: Buffer | null;
  readonly documents: SealedDocument[];
  readonly flag: string | null;
  readonly reason: string | null;
  readonly decidedAt: Date | null;
  readonly createdAt: Date;
}

export interface GuestRelease {
  readonly performerId: number;
  readonly postId: number;
  readonly creatorUsername: string;
}

export interface NewSubmission {
  readonly userId: number | null;
  readonly guestPerformerId?: number;
  readonly provider: string;
  readonly state: 'started' | 'pending' | 'refused';
  readonly identity?: ProvidedIdentity;
  readonly fingerprint?: Buffer;
  readonly documents?: readonly SealedDocument[];
  readonly vendorReference?: string;
  readonly flag?: string;
}

export interface DocumentViewRow {
  readonly document: string;
  readonly viewerUsername: string;
  readonly viewedAt: Date;
}

/** The only place that reads or writes migration 0033's tables. */
export class VerificationRepository {
  readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  transaction<T>(work: (repository: VerificationRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new VerificationRepository(trx)));
  }

  account(userId: number): Promise<VerifyingAccountRow | undefined> {
    return this.db
      .selectFrom('users')
      .select(['id', 'username', 'email', 'type', 'lang'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  #submissions() {
    return (
      this.db
        .selectFrom('identity_submissions as s')
        .leftJoin('users as u', 'u.id', 's.user_id')
        .leftJoin('post_performers as g', 'g.id', 's.guest_performer_id')
        .leftJoin('posts as gp', 'gp.id', 'g.post_id')
        .leftJoin('users as gc', 'gc.id', 'gp.user_id')
        // An account's submission, or a guest's whose performer row still exists.
        .where((eb) => eb.or([eb('u.id', 'is not', null), eb('g.id', 'is not', null)]))
        .select([
          's.id',
          's.user_id as userId',
          sql<string>`coalesce(u.username, g.guest_name, '')`.as('username'),
          sql<GuestRelease | null>`CASE WHEN g.id IS NULL THEN NULL ELSE json_build_object(
          'performerId', g.id, 'postId', g.post_id, 'creatorUsername', coalesce(gc.username, '')) END`.as('guest'),
          's.provider',
          's.state',
          's.legal_name as legalName',
          's.date_of_birth as dateOfBirth',
          's.aliases',
          's.fingerprint',
          's.documents',
          's.flag',
          's.reason',
          's.decided_at as decidedAt',
          's.created_at as createdAt',
        ])
    );
  }

  latest(userId: number): Promise<SubmissionRow | undefined> {
    return this.#submissions().where('s.user_id', '=', userId).orderBy('s.id', 'desc').limit(1).executeTakeFirst();
  }

  submission(id: number): Promise<SubmissionRow | undefined> {
    return this.#submissions().where('s.id', '=', id).executeTakeFirst();
  }

  /** A vendor session this app opened and that is still waiting for the vendor's answer. */
  started(provider: string, reference: string): Promise<SubmissionRow | undefined> {
    return this.#submissions()
      .where('s.provider', '=', provider)
      .where('s.vendor_reference', '=', reference)
      .where('s.state', '=', 'started')
      .executeTakeFirst();
  }

  /** Pending submissions, oldest first, then the latest refusals moderators should look at. */
  queue(limit: number): Promise<SubmissionRow[]> {
    return this.#submissions()
      .where((eb) => eb.or([eb('s.state', '=', 'pending'), eb('s.flag', 'is not', null)]))
      .orderBy(sql`s.state = 'pending'`, 'desc')
      .orderBy('s.created_at', 'asc')
      .orderBy('s.id', 'asc')
      .limit(limit)
      .execute();
  }

  async isBanned(fingerprint: Buffer): Promise<boolean> {
    const row = await this.db
      .selectFrom('banned_identity_fingerprints')
      .select('user_id')
      .where('fingerprint', '=', fingerprint)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Other accounts whose verified identity has this fingerprint: one person, several accounts. */
  async otherAccountsOf(fingerprint: Buffer, userId: number | null): Promise<string[]> {
    const rows = await this.db
      .selectFrom('performer_identities as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select('u.username')
      .where('p.fingerprint', '=', fingerprint)
      .$if(userId !== null, (query) => query.where('p.user_id', '<>', userId as number))
      .orderBy('u.username')
      .execute();
    return rows.map((row) => row.username);
  }

  /** The new submission's id; undefined when the account has one open already (the partial unique index decides). */
  async insert(submission: NewSubmission): Promise<number | undefined> {
    const row = await this.db
      .insertInto('identity_submissions')
      .values({
        user_id: submission.userId,
        guest_performer_id: submission.guestPerformerId ?? null,
        provider: submission.provider,
        state: submission.state,
        vendor_reference: submission.vendorReference ?? null,
        legal_name: submission.identity?.legalName ?? null,
        date_of_birth: submission.identity?.dateOfBirth ?? null,
        aliases: [...(submission.identity?.aliases ?? [])],
        fingerprint: submission.fingerprint ?? null,
        documents: JSON.stringify(submission.documents ?? []),
        flag: submission.flag ?? null,
      })
      .onConflict((conflict) =>
        conflict
          .column(submission.userId === null ? 'guest_performer_id' : 'user_id')
          .where('state', 'in', ['started', 'pending'])
          .doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  /** A vendor's answer fills in the identity it established and moves the submission on. */
  async complete(id: number, identity: ProvidedIdentity, fingerprint: Buffer, state: 'pending' | 'refused', flag: string | null) {
    await this.db
      .updateTable('identity_submissions')
      .set({
        legal_name: identity.legalName,
        date_of_birth: identity.dateOfBirth,
        aliases: [...identity.aliases],
        fingerprint,
        state,
        flag,
      })
      .where('id', '=', id)
      .execute();
  }

  /** Marks an open submission decided; false when it was settled already (another reviewer was first). */
  async decide(id: number, state: 'approved' | 'rejected', deciderId: number | null, reason: string | null): Promise<boolean> {
    const result = await this.db
      .updateTable('identity_submissions')
      .set({ state, decided_by: deciderId, decided_at: sql`now()`, reason })
      .where('id', '=', id)
      .where('state', 'in', ['started', 'pending'])
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * The performer record of an approved submission, and the account type 3 (verified) with its badge; a
   * guest's record has no account. Returns the record's id.
   */
  async recordPerformer(submission: SubmissionRow, reviewerId: number | null): Promise<number> {
    if (!submission.legalName || !submission.dateOfBirth || !submission.fingerprint) throw new Error('incomplete identity');
    const { id } = await this.db
      .insertInto('performer_identities')
      .values({
        user_id: submission.userId,
        submission_id: submission.id,
        legal_name: submission.legalName,
        date_of_birth: submission.dateOfBirth,
        aliases: submission.aliases,
        documents: JSON.stringify(submission.documents),
        fingerprint: submission.fingerprint,
        provider: submission.provider,
        reviewer_id: reviewerId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (submission.userId !== null) {
      await this.db
        .updateTable('users')
        .set({ type: 3 })
        .where('id', '=', submission.userId)
        .where('type', 'not in', [3, 5, 6])
        .execute();
    }
    return id;
  }

  async recordView(submissionId: number, document: string, viewer: { id: number; username: string; ip?: string }) {
    await this.db
      .insertInto('identity_document_views')
      .values({
        submission_id: submissionId,
        document,
        viewer_id: viewer.id,
        viewer_username: viewer.username,
        ip: viewer.ip ?? '',
      })
      .execute();
  }

  views(submissionId: number): Promise<DocumentViewRow[]> {
    return this.db
      .selectFrom('identity_document_views')
      .select(['document', 'viewer_username as viewerUsername', 'viewed_at as viewedAt'])
      .where('submission_id', '=', submissionId)
      .orderBy('id', 'desc')
      .limit(200)
      .execute();
  }
}
