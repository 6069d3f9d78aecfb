import type { Db } from '../../db/database.ts';
import type { EnforcementService } from '../../enforcement/enforcement.service.ts';
import { AppError } from '../../http/errors.ts';
import type { CaseIntake, OpenedCase } from '../../moderation/cases.service.ts';
import type { NotificationService } from '../../notifications/notifications.service.ts';
import type { PerformerRow, PerformersRepository } from './performers.repository.ts';

/** Where an answer came from, kept with the consent event as evidence. */
export interface Witness {
  readonly ip: string;
  readonly userAgent: string;
}

export interface WithdrawalDeps {
  readonly repository: PerformersRepository;
  readonly enforcement: Pick<EnforcementService, 'hideWithin'>;
  readonly cases: { open(intake: CaseIntake, now?: Date, outer?: Db): Promise<OpenedCase> };
  readonly notifications: Pick<NotificationService, 'performerNotice'>;
}

/**
 * A performer takes back their consent (README.md "Withdrawal"). In one transaction: the performer is
 * withdrawn and the event logged, a `non_consensual` case is opened with the withdrawal as its report,
 * and the post, when public or private, is hidden by an automated enforcement action on that case. The
 * owner then gets the statement of reasons and a `withdrawn` notice.
 */
export class Withdrawals {
  readonly #deps: WithdrawalDeps;

  constructor(deps: WithdrawalDeps) {
    this.#deps = deps;
  }

  async withdraw(
    row: PerformerRow,
    reporter: { readonly userId: number | null; readonly email: string | null; readonly signature: string },
    reason: string,
    witness: Witness,
  ): Promise<void> {
    const { repository, enforcement, cases, notifications } = this.#deps;
    const { ownerId, hidden } = await repository.transaction(async (trx) => {
      const locked = await trx.lockPerformer(row.id);
      if (locked?.state !== 'consented') throw new AppError('performer_answered');
      const post = await trx.post(locked.post_id, true);
      if (!post) throw new AppError('not_found');
      await trx.setAnswer(row.id, { state: 'withdrawn' });
      await trx.recordEvent({
        performerId: row.id,
        kind: 'withdrawal',
        scopes: [],
        signature: reporter.signature,
        mediaSha256: [],
        ip: witness.ip,
        userAgent: witness.userAgent,
      });
      const { caseId } = await cases.open(
        {
          kind: 'report',
          category: 'non_consensual',
          subject: { postId: post.id },
          reporter: { userId: reporter.userId, email: reporter.email, locale: 'en' },
          text: reason,
          details: { check: 'performer-withdrawal', performerId: row.id },
          ip: witness.ip,
        },
        undefined,
        trx.db,
      );
      const hidden = await enforcement.hideWithin(trx.db, post.id, {
        category: 'non_consensual',
        caseId,
        note: `performer ${row.id} withdrew their consent`,
      });
      return { ownerId: post.userId, hidden };
    });
    await hidden?.notify();
    await notifications.performerNotice(ownerId, row.id, row.postId, 'withdrawn', reporter.userId);
  }
}
