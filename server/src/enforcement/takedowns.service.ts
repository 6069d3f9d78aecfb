import type { EnforcementSettings } from '../config.ts';
import { AppError } from '../http/errors.ts';
import { addJobIn } from '../jobs/queue.ts';
import { PostStatus } from '../posts/post-status.ts';
import { addBusinessDays } from './business-days.ts';
import type { CounterNoticeRow, EnforcementRepository } from './enforcement.repository.ts';
import type { EnforcementService } from './enforcement.service.ts';
import type { Actor, AuditWriter, CaseDesk } from './ports.ts';

/** The elements of a DMCA counter-notice, 17 U.S.C. §512(g)(3). */
export interface CounterNoticeInput {
  readonly fullName: string;
  readonly address: string;
  readonly phone: string;
  readonly email: string;
  /** Identification of the material removed and where it appeared. */
  readonly material: string;
  /** Under penalty of perjury: removed by mistake or misidentification, in good faith. */
  readonly perjuryStatement: true;
  /** Consent to the jurisdiction of the federal district court, and to accept service of process. */
  readonly jurisdictionConsent: true;
  /** The physical or electronic signature: the full name typed. */
  readonly signature: string;
}

export interface CounterNoticeView {
  readonly id: number;
  readonly actionId: number;
  readonly postId: number;
  readonly submittedAt: string;
  readonly restoreAt: string;
  readonly lawsuitReportedAt: string | null;
  readonly restoredAt: string | null;
}

const view = (row: CounterNoticeRow): CounterNoticeView => ({
  id: row.id,
  actionId: row.actionId,
  postId: row.postId,
  submittedAt: row.submittedAt.toISOString(),
  restoreAt: row.restoreAt.toISOString(),
  lawsuitReportedAt: row.lawsuitReportedAt?.toISOString() ?? null,
  restoredAt: row.restoredAt?.toISOString() ?? null,
});

export const restoreJobKey = (counterNoticeId: number) => `counter-notice-restore:${counterNoticeId}`;

/**
 * DMCA counter-notices: the creator of a post withheld for copyright (a `post-hide` with category
 * copyright) answers with the legal elements; the post comes back by itself after
 * COUNTER_NOTICE_RESTORE_BUSINESS_DAYS business days (a graphile-worker job due at that instant, in the same
 * transaction as the notice) unless a moderator records that the complainant has filed a lawsuit.
 */
export class TakedownService {
  readonly #repository: EnforcementRepository;
  readonly #enforcement: EnforcementService;
  readonly #audit: AuditWriter;
  readonly #cases: CaseDesk;
  readonly #settings: EnforcementSettings;
  readonly #now: () => Date;

  constructor(deps: {
    repository: EnforcementRepository;
    enforcement: EnforcementService;
    audit: AuditWriter;
    cases: CaseDesk;
    settings: EnforcementSettings;
    now?: () => Date;
  }) {
    this.#repository = deps.repository;
    this.#enforcement = deps.enforcement;
    this.#audit = deps.audit;
    this.#cases = deps.cases;
    this.#settings = deps.settings;
    this.#now = deps.now ?? (() => new Date());
  }

  async counterNotice(
    user: { id: number; username: string; locale: string; ip: string },
    actionId: number,
    input: CounterNoticeInput,
  ) {
    const restoreAt = addBusinessDays(this.#now(), this.#settings.counterNoticeRestoreBusinessDays);
    const { id, action } = await this.#repository.transaction(async (repository) => {
      const action = await repository.action(actionId);
      if (!action || action.userId !== user.id || action.postId === null) throw new AppError('not_found');
      if (action.kind !== 'post-hide' || action.category !== 'copyright' || action.postStatus !== PostStatus.inReview) {
        throw new AppError('counter_notice_not_allowed');
      }
      const id = await repository.insertCounterNotice({
        ...input,
        actionId,
        postId: Number(action.postId),
        userId: user.id,
        restoreAt,
      });
      if (id === undefined) throw new AppError('counter_notice_exists');
      await addJobIn(
        repository.db,
        'enforcement:restore-counter-noticed',
        { counterNoticeId: id },
        { jobKey: restoreJobKey(id), runAt: restoreAt },
      );
      await this.#audit.record(
        {
          actor: { id: user.id, username: user.username, ip: user.ip },
          action: 'enforcement.counter-notice',
          subjectType: 'post',
          subjectId: Number(action.postId),
          caseId: action.caseId,
          details: { counterNoticeId: id, actionId, restoreAt: restoreAt.toISOString() },
        },
        repository.db,
      );
      return { id, action };
    });
    await this.#cases.open({
      kind: 'counter_notice',
      category: 'copyright',
      subject: { postId: Number(action.postId), userId: user.id },
      reporter: { userId: user.id, email: input.email, locale: user.locale },
      text: input.material,
      details: {
        counterNoticeId: id,
        restoreAt: restoreAt.toISOString(),
        fullName: input.fullName,
        address: input.address,
        phone: input.phone,
        signature: input.signature,
      },
      ip: user.ip,
      ...(action.caseId === null ? {} : { relatedCaseId: Number(action.caseId) }),
    });
    return { statusCode: 1 as const, counterNoticeId: id, restoreAt: restoreAt.toISOString() };
  }

  async reportLawsuit(actor: Actor, counterNoticeId: number) {
    const notice = await this.#repository.transaction(async (repository) => {
      const notice = await repository.counterNotice(counterNoticeId);
      if (!notice) throw new AppError('not_found');
      if (notice.restoredAt || notice.lawsuitReportedAt) throw new AppError('enforcement_not_applicable');
      await repository.reportLawsuit(counterNoticeId, actor.id);
      await this.#audit.record(
        {
          actor,
          action: 'enforcement.lawsuit-reported',
          subjectType: 'post',
          subjectId: notice.postId,
          details: { counterNoticeId },
        },
        repository.db,
      );
      return repository.counterNotice(counterNoticeId);
    });
    if (!notice) throw new AppError('not_found');
    return { statusCode: 1 as const, counterNotice: view(notice) };
  }

  /**
   * The job `enforcement:restore-counter-noticed`, due at restore_at: restores the post unless a lawsuit
   * was reported, it was restored already, or the time has not come (a job run early does nothing).
   */
  async restoreIfDue(counterNoticeId: number): Promise<'restored' | 'not-due' | 'lawsuit' | 'done'> {
    const notice = await this.#repository.counterNotice(counterNoticeId);
    if (!notice || notice.restoredAt) return 'done';
    if (notice.lawsuitReportedAt) return 'lawsuit';
    if (notice.restoreAt.getTime() > this.#now().getTime()) return 'not-due';
    const action = await this.#repository.action(notice.actionId);
    try {
      await this.#enforcement.actOnPost(null, notice.postId, 'post-restore', {
        category: 'copyright',
        note: `counter-notice ${counterNoticeId}: no lawsuit reported by ${notice.restoreAt.toISOString()}`,
        ...(action?.caseId ? { caseId: Number(action.caseId) } : {}),
      });
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'enforcement_not_applicable')) throw error;
    }
    await this.#repository.markRestored(counterNoticeId);
    return 'restored';
  }
}
