import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { MediaVariant } from '../../db/schema.ts';
import type { AccessAction, ReportStatus } from './csam.tables.ts';

export interface SubjectMedia {
  readonly id: number;
  readonly name: string;
  readonly kind: 'video' | 'image' | 'audio';
  readonly mimeType: string;
  readonly width: number | null;
  readonly height: number | null;
  readonly durationMs: number | null;
  readonly sizeBytes: number | null;
  readonly originalKey: string | null;
  readonly variants: Record<string, MediaVariant>;
  readonly createdAt: Date;
}

export interface PdqRow {
  readonly mediaId: number;
  readonly frame: number;
  readonly seconds: number;
  readonly hash: string;
  readonly quality: number;
}

export interface MatchRow {
  readonly mediaId: number;
  readonly entryId: number;
  readonly bankName: string;
  readonly distance: number;
  readonly createdAt: Date;
}

export interface NewEvidence {
  readonly caseId: number;
  readonly postId: number | null;
  readonly userId: number | null;
  readonly confirmedBy: number;
  readonly note: string;
  readonly manifestKey: string;
  readonly preservedAt: Date;
  readonly retainUntil: Date;
  readonly files: readonly NewEvidenceFile[];
}

export interface NewEvidenceFile {
  readonly position: number;
  readonly mediaId: number;
  readonly mediaName: string;
  readonly sealedKey: string;
  readonly fileName: string;
  readonly contentType: string;
  readonly bytes: number;
  readonly sha256: string;
  readonly md5: string;
}

export interface EvidenceRow {
  readonly id: number;
  readonly caseId: number;
  readonly postId: number | null;
  readonly userId: number | null;
  readonly confirmedBy: number;
  readonly note: string;
  readonly manifestKey: string;
  readonly preservedAt: Date;
  readonly retainUntil: Date;
  readonly legalHold: boolean;
  readonly legalHoldReason: string;
}

const evidenceColumns = [
  'id',
  'case_id as caseId',
  'post_id as postId',
  'user_id as userId',
  'confirmed_by as confirmedBy',
  'note',
  'manifest_key as manifestKey',
  'preserved_at as preservedAt',
  'retain_until as retainUntil',
  'legal_hold as legalHold',
  'legal_hold_reason as legalHoldReason',
] as const;

const reportColumns = [
  'id',
  'case_id as caseId',
  'evidence_id as evidenceId',
  'reporter',
  'reference',
  'status',
  'ncmec_report_id as ncmecReportId',
  'created_at as createdAt',
  'submitted_at as submittedAt',
] as const;

/** The only place with the SQL of preserved evidence, its access log and CyberTipline reports. */
export class CsamRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  transaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    return this.#db.transaction().execute(work);
  }

  /** A restricted case's row (any status); undefined for a case that is not restricted or does not exist. */
  restrictedCase(caseId: number) {
    return this.#db
      .selectFrom('moderation_cases')
      .select(['id', 'status', 'subject_post_id as subjectPostId', 'subject_user_id as subjectUserId'])
      .where('id', '=', caseId)
      .where('restricted', '=', true)
      .executeTakeFirst();
  }

  /** The media files of a post, in order. */
  media(postId: number): Promise<SubjectMedia[]> {
    return this.#db
      .selectFrom('media_files')
      .select([
        'id',
        'name',
        'kind',
        'mime_type as mimeType',
        'width',
        'height',
        'duration_ms as durationMs',
        'size_bytes as sizeBytes',
        'original_key as originalKey',
        'variants',
        'created_at as createdAt',
      ])
      .where('post_id', '=', postId)
      .orderBy('position')
      .orderBy('id')
      .execute() as Promise<SubjectMedia[]>;
  }

  post(postId: number) {
    return this.#db
      .selectFrom('posts')
      .select(['id', 'user_id as userId', 'title', 'kind', 'status', 'created_at as createdAt', 'published_at as publishedAt'])
      .where('id', '=', postId)
      .executeTakeFirst();
  }

  /** What the account told us about itself, for the preserved record and the report. */
  async account(userId: number) {
    const user = await this.#db
      .selectFrom('users')
      .select([
        'id',
        'uid',
        'username',
        'display_name as displayName',
        'email',
        'email_verified_at as emailVerifiedAt',
        'bio',
        'lang',
        'country',
        'type',
        'created_at as createdAt',
        'banned_at as bannedAt',
      ])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) return undefined;
    const identities = await this.#db
      .selectFrom('external_identities')
      .select(['provider', 'email', 'created_at as createdAt'])
      .where('user_id', '=', userId)
      .execute();
    return { ...user, externalIdentities: identities };
  }

  /** Each media file's PDQ hashes and the hash-bank matches that quarantined it. */
  async hashes(mediaIds: readonly number[]): Promise<{ pdq: PdqRow[]; matches: MatchRow[] }> {
    if (mediaIds.length === 0) return { pdq: [], matches: [] };
    const ids = [...mediaIds];
    const [pdq, matches] = await Promise.all([
      sql<PdqRow>`SELECT media_id::integer AS "mediaId", frame, seconds, hash, quality FROM media_pdq_hashes
        WHERE media_id = ANY(${ids}::bigint[]) ORDER BY media_id, frame`.execute(this.#db),
      sql<MatchRow>`SELECT m.media_id::integer AS "mediaId", m.entry_id::integer AS "entryId", b.name AS "bankName", m.distance,
          m.created_at AS "createdAt"
        FROM hash_matches m JOIN hash_banks b ON b.id = m.bank_id WHERE m.media_id = ANY(${ids}::bigint[]) ORDER BY m.id`.execute(
        this.#db,
      ),
    ]);
    return { pdq: pdq.rows, matches: matches.rows };
  }

  async insertEvidence(trx: Db, evidence: NewEvidence): Promise<number> {
    const { id } = await trx
      .insertInto('csam_evidence')
      .values({
        case_id: evidence.caseId,
        post_id: evidence.postId,
        user_id: evidence.userId,
        confirmed_by: evidence.confirmedBy,
        note: evidence.note,
        manifest_key: evidence.manifestKey,
        preserved_at: evidence.preservedAt,
        retain_until: evidence.retainUntil,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (evidence.files.length) {
      await trx
        .insertInto('csam_evidence_files')
        .values(
          evidence.files.map((file) => ({
            evidence_id: id,
            position: file.position,
            media_id: file.mediaId,
            media_name: file.mediaName,
            sealed_key: file.sealedKey,
            file_name: file.fileName,
            content_type: file.contentType,
            bytes: file.bytes,
            sha256: file.sha256,
            md5: file.md5,
          })),
        )
        .execute();
    }
    return id;
  }

  evidence(id: number, trx: Db = this.#db): Promise<EvidenceRow | undefined> {
    return trx.selectFrom('csam_evidence').select(evidenceColumns).where('id', '=', id).executeTakeFirst();
  }

  evidenceOfCase(caseId: number): Promise<EvidenceRow | undefined> {
    return this.#db.selectFrom('csam_evidence').select(evidenceColumns).where('case_id', '=', caseId).executeTakeFirst();
  }

  evidenceList(limit: number): Promise<EvidenceRow[]> {
    return this.#db.selectFrom('csam_evidence').select(evidenceColumns).orderBy('id', 'desc').limit(limit).execute();
  }

  files(evidenceId: number) {
    return this.#db
      .selectFrom('csam_evidence_files')
      .select([
        'position',
        'media_id as mediaId',
        'media_name as mediaName',
        'sealed_key as sealedKey',
        'file_name as fileName',
        'content_type as contentType',
        'bytes',
        'sha256',
        'md5',
      ])
      .where('evidence_id', '=', evidenceId)
      .orderBy('position')
      .execute();
  }

  async setLegalHold(trx: Db, id: number, hold: boolean, reason: string): Promise<void> {
    await trx.updateTable('csam_evidence').set({ legal_hold: hold, legal_hold_reason: reason }).where('id', '=', id).execute();
  }

  /** Evidence past its retention and not under a legal hold, oldest first. */
  due(now: Date, limit: number): Promise<EvidenceRow[]> {
    return this.#db
      .selectFrom('csam_evidence')
      .select(evidenceColumns)
      .where('legal_hold', '=', false)
      .where('retain_until', '<=', now)
      .orderBy('retain_until')
      .limit(limit)
      .execute();
  }

  lockEvidence(trx: Db, id: number): Promise<EvidenceRow | undefined> {
    return trx.selectFrom('csam_evidence').select(evidenceColumns).where('id', '=', id).forUpdate().executeTakeFirst();
  }

  /** Deletes the row only if it is still due (a hold set meanwhile wins); true when it was deleted. */
  async deleteIfDue(trx: Db, id: number, now: Date): Promise<boolean> {
    const result = await trx
      .deleteFrom('csam_evidence')
      .where('id', '=', id)
      .where('legal_hold', '=', false)
      .where('retain_until', '<=', now)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  async logAccess(entry: {
    caseId: number;
    evidenceId: number | null;
    actorId: number;
    actorUsername: string;
    action: AccessAction;
    detail: Record<string, unknown>;
    ip: string;
  }): Promise<void> {
    await this.#db
      .insertInto('csam_access_log')
      .values({
        case_id: entry.caseId,
        evidence_id: entry.evidenceId,
        actor_id: entry.actorId,
        actor_username: entry.actorUsername,
        action: entry.action,
        detail: JSON.stringify(entry.detail),
        ip: entry.ip,
      })
      .execute();
  }

  accessLog(caseId: number, limit: number) {
    return this.#db
      .selectFrom('csam_access_log')
      .select([
        'id',
        'actor_id as actorId',
        'actor_username as actorUsername',
        'action',
        'detail',
        'ip',
        'created_at as createdAt',
      ])
      .where('case_id', '=', caseId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  async insertReport(
    trx: Db,
    report: { caseId: number; evidenceId: number; reporter: string; reference: string; ncmecReportId?: string; by: number },
  ): Promise<number> {
    const submitted = report.ncmecReportId !== undefined;
    const { id } = await trx
      .insertInto('cybertipline_reports')
      .values({
        case_id: report.caseId,
        evidence_id: report.evidenceId,
        reporter: report.reporter,
        reference: report.reference,
        status: submitted ? 'submitted' : 'pending',
        ncmec_report_id: report.ncmecReportId ?? null,
        submitted_at: submitted ? new Date() : null,
        submitted_by: submitted ? report.by : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  report(id: number, trx: Db = this.#db) {
    return trx.selectFrom('cybertipline_reports').select(reportColumns).where('id', '=', id).executeTakeFirst();
  }

  reportOfCase(caseId: number) {
    return this.#db.selectFrom('cybertipline_reports').select(reportColumns).where('case_id', '=', caseId).executeTakeFirst();
  }

  /** Pending reports first (oldest first: the most overdue on top), then the latest submitted ones. */
  reports(limit: number) {
    return this.#db
      .selectFrom('cybertipline_reports')
      .select(reportColumns)
      .orderBy(sql`status = 'pending'`, 'desc')
      .orderBy(sql`CASE WHEN status = 'pending' THEN created_at END`, 'asc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  async markSubmitted(trx: Db, id: number, ncmecReportId: string, by: number): Promise<ReportStatus | undefined> {
    const row = await trx
      .updateTable('cybertipline_reports')
      .set({ status: 'submitted', ncmec_report_id: ncmecReportId, submitted_at: new Date(), submitted_by: by })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .returning('status')
      .executeTakeFirst();
    return row?.status;
  }
}
