import type { Readable } from 'node:stream';
import { AppError } from '../../http/errors.ts';
import type { Actor, AuditEntryInput } from '../../moderation/audit-log.ts';
import type { SealedStore } from '../sealed/sealed-store.ts';
import { ageOn } from './identity-age.ts';
import type { SubmissionRow, VerificationRepository } from './verification.repository.ts';
import type { VerificationService } from './verification.service.ts';
import type { DocumentKind } from './verification.tables.ts';
import type { IdentityQueueAnswer, IdentityReviewAnswer } from './verification-schema.ts';

const QUEUE_SIZE = 100;

export interface VerificationReviewDeps {
  readonly repository: VerificationRepository;
  readonly sealed: SealedStore;
  readonly verification: Pick<VerificationService, 'decide'>;
  readonly audit: { record(entry: AuditEntryInput, trx?: VerificationRepository['db']): Promise<unknown> };
}

/**
 * The moderator console's side of verification: the queue, one submission with its documents, and the
 * decision. Every opening of a document is written to the access log and the audit log before a byte of
 * it leaves the server.
 */
export class VerificationReviewService {
  readonly #deps: VerificationReviewDeps;

  constructor(deps: VerificationReviewDeps) {
    this.#deps = deps;
  }

  async queue(): Promise<IdentityQueueAnswer> {
    const rows = await this.#deps.repository.queue(QUEUE_SIZE);
    return {
      statusCode: 2,
      submissions: rows.map((row) => ({
        id: row.id,
        username: row.username,
        guestRelease: row.guest,
        provider: row.provider,
        state: row.state,
        flag: row.flag,
        createdAt: row.createdAt.toISOString(),
      })),
    };
  }

  /** One submission for a reviewer; `withAccessLog` (admins) adds who opened its documents. */
  async review(id: number, withAccessLog: boolean): Promise<IdentityReviewAnswer> {
    const { repository } = this.#deps;
    const row = await this.#reviewable(id);
    const [otherAccounts, views] = await Promise.all([
      row.fingerprint ? repository.otherAccountsOf(row.fingerprint, row.userId) : [],
      withAccessLog ? repository.views(id) : null,
    ]);
    return {
      statusCode: 2,
      submission: {
        id: row.id,
        userId: row.userId,
        username: row.username,
        guestRelease: row.guest,
        provider: row.provider,
        state: row.state,
        legalName: row.legalName ?? '',
        dateOfBirth: row.dateOfBirth ?? '',
        age: row.dateOfBirth ? ageOn(row.dateOfBirth, new Date()) : 0,
        aliases: row.aliases,
        documents: row.documents.map(({ kind, width, height }) => ({ kind, width, height })),
        flag: row.flag,
        reason: row.reason,
        createdAt: row.createdAt.toISOString(),
        decidedAt: row.decidedAt?.toISOString() ?? null,
      },
      otherAccounts,
      views: views?.map((view) => ({ ...view, viewedAt: view.viewedAt.toISOString() })) ?? null,
    };
  }

  /** The unsealed picture, once its opening is on record. */
  async openDocument(actor: Actor, id: number, kind: DocumentKind): Promise<Readable> {
    const { repository, sealed, audit } = this.#deps;
    const row = await this.#reviewable(id);
    const document = row.documents.find((candidate) => candidate.kind === kind);
    if (!document) throw new AppError('not_found');
    await repository.transaction(async (trx) => {
      await trx.recordView(id, kind, actor);
      await audit.record(
        {
          actor,
          action: 'identity.document.view',
          ...(row.guest
            ? { subjectType: 'post', subjectId: row.guest.postId }
            : { subjectType: 'user', subjectId: row.userId ?? undefined }),
          details: { submissionId: id, document: kind },
        },
        trx.db,
      );
    });
    const stream = await sealed.open(document.key);
    if (!stream) throw new AppError('not_found');
    return stream;
  }

  async approve(actor: Actor, id: number): Promise<void> {
    await this.#deps.verification.decide(await this.#pending(id), { outcome: 'approved' }, actor);
  }

  async reject(actor: Actor, id: number, reason: string): Promise<void> {
    await this.#deps.verification.decide(await this.#pending(id), { outcome: 'rejected', reason: reason.trim() }, actor);
  }

  async #reviewable(id: number): Promise<SubmissionRow> {
    const row = await this.#deps.repository.submission(id);
    // A vendor session still open holds nothing to review yet.
    if (!row || row.state === 'started') throw new AppError('not_found');
    return row;
  }

  async #pending(id: number): Promise<SubmissionRow> {
    const row = await this.#reviewable(id);
    if (row.state !== 'pending') throw new AppError('identity_decided');
    return row;
  }
}
