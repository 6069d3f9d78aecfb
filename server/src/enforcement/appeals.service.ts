import { tokenDigest } from '../accounts/tokens.ts';
import { AppError } from '../http/errors.ts';
import type { ActionRow, AppealRow, EnforcementRepository } from './enforcement.repository.ts';
import type { EnforcementService } from './enforcement.service.ts';
import type { Actor, AuditWriter, CaseDesk } from './ports.ts';

export interface AppealView {
  readonly id: number;
  readonly actionId: number;
  readonly userId: number;
  readonly statement: string;
  readonly caseId: number | null;
  readonly status: AppealRow['status'];
  readonly decidedBy: number | null;
  readonly decidedAt: string | null;
  readonly decision: string;
  readonly createdAt: string;
}

const view = (row: AppealRow): AppealView => ({
  ...row,
  caseId: row.caseId === null ? null : Number(row.caseId),
  decidedBy: row.decidedBy === null ? null : Number(row.decidedBy),
  decidedAt: row.decidedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The internal complaint route (DSA art. 20): the user an action is about appeals it once, within
 * APPEAL_WINDOW_DAYS, and the appeal becomes a case of kind `appeal`. It is decided by a moderator other
 * than the one who acted (checked here, whatever the case's assignee); reversing it restores what can be
 * restored, with a new statement of reasons.
 */
export class AppealService {
  readonly #repository: EnforcementRepository;
  readonly #enforcement: EnforcementService;
  readonly #audit: AuditWriter;
  readonly #cases: CaseDesk;
  readonly #now: () => Date;

  constructor(deps: {
    repository: EnforcementRepository;
    enforcement: EnforcementService;
    audit: AuditWriter;
    cases: CaseDesk;
    now?: () => Date;
  }) {
    this.#repository = deps.repository;
    this.#enforcement = deps.enforcement;
    this.#audit = deps.audit;
    this.#cases = deps.cases;
    this.#now = deps.now ?? (() => new Date());
  }

  async appeal(user: { id: number; username: string; locale: string; ip: string }, actionId: number, statement: string) {
    const action = await this.#repository.action(actionId);
    if (!action || action.userId !== user.id) throw new AppError('not_found');
    return this.#appeal(user, action, statement);
  }

  /** A banned or suspended user appeals with the token of the statement's e-mail link. */
  async appealByToken(actionId: number, token: string, statement: string, client: { locale: string; ip: string }) {
    const action = await this.#repository.actionByToken(actionId, tokenDigest(token));
    const username = action && (await this.#repository.actorName(action.userId));
    if (!action || username === undefined) throw new AppError('not_found');
    return this.#appeal({ id: action.userId, username, ...client }, action, statement);
  }

  async #appeal(user: { id: number; username: string; locale: string; ip: string }, action: ActionRow, statement: string) {
    const actionId = action.id;
    if (action.kind === 'post-restore' || action.kind === 'account-restore') throw new AppError('enforcement_not_applicable');
    if (!action.appealableUntil || action.appealableUntil.getTime() <= this.#now().getTime()) {
      throw new AppError('appeal_window_closed');
    }
    const appealId = await this.#repository.insertAppeal(actionId, user.id, statement);
    if (appealId === undefined) throw new AppError('appeal_exists');
    const { caseId } = await this.#cases.open({
      kind: 'appeal',
      category: action.category,
      subject: { ...(action.postId === null ? {} : { postId: action.postId }), userId: user.id },
      reporter: { userId: user.id, locale: user.locale },
      text: statement,
      details: { actionId, appealId },
      ip: user.ip,
      ...(action.caseId === null ? {} : { relatedCaseId: action.caseId }),
      ...(action.moderatorId === null ? {} : { excludedAssigneeId: action.moderatorId }),
    });
    await this.#repository.linkAppealCase(appealId, caseId);
    await this.#audit.record({
      actor: { id: user.id, username: user.username, ip: user.ip },
      action: 'enforcement.appeal',
      subjectType: 'enforcement_action',
      subjectId: actionId,
      caseId,
      details: { appealId },
    });
    return { statusCode: 1 as const, appealId, caseId };
  }

  async openAppeals(limit: number, afterId: number | undefined, includeRestricted: boolean): Promise<AppealView[]> {
    return (await this.#repository.openAppeals(limit, afterId, includeRestricted)).map(view);
  }

  async decide(actor: Actor, appealId: number, outcome: 'upheld' | 'reversed', reason: string) {
    const caseId = (await this.#repository.appeal(appealId))?.caseId;
    if (caseId !== null && caseId !== undefined) await this.#cases.requireClearance(actor, { caseId: Number(caseId) });
    const { appeal, action } = await this.#repository.transaction(async (repository) => {
      const appeal = await repository.appeal(appealId);
      if (!appeal) throw new AppError('not_found');
      if (appeal.status !== 'open') throw new AppError('appeal_decided');
      const action = await repository.action(appeal.actionId);
      if (!action) throw new AppError('not_found');
      if (action.moderatorId !== null && Number(action.moderatorId) === actor.id) throw new AppError('appeal_same_moderator');
      await repository.decideAppeal(appealId, actor.id, outcome, reason);
      await this.#audit.record(
        {
          actor,
          action: `enforcement.appeal-${outcome}`,
          subjectType: 'enforcement_action',
          subjectId: action.id,
          caseId: appeal.caseId,
          details: { appealId, reason },
        },
        repository.db,
      );
      return { appeal, action };
    });
    if (outcome === 'reversed') await this.#undo(actor, action, appeal.caseId, reason);
    if (appeal.caseId !== null) {
      await this.#cases.close(Number(appeal.caseId), actor, {
        status: outcome === 'reversed' ? 'actioned' : 'dismissed',
        action: `appeal.${outcome}`,
        publicReason: reason,
      });
    }
    const decided = await this.#repository.appeal(appealId);
    if (!decided) throw new AppError('not_found');
    return { statusCode: 1 as const, appeal: view(decided) };
  }

  /** Restores what the reversed action took away, where that can still be undone (a hidden post, an account). */
  async #undo(
    actor: Actor,
    action: NonNullable<Awaited<ReturnType<EnforcementRepository['action']>>>,
    caseId: number | null,
    reason: string,
  ) {
    const input = {
      category: action.category,
      rule: action.rule,
      publicReason: reason,
      ...(caseId === null ? {} : { caseId: Number(caseId) }),
    };
    try {
      if (action.postId !== null && action.kind === 'post-hide') {
        await this.#enforcement.actOnPost(actor, Number(action.postId), 'post-restore', input);
      } else if (action.kind === 'account-ban' || action.kind === 'account-suspend' || action.kind === 'account-limit-uploads') {
        await this.#enforcement.actOnAccount(actor, Number(action.userId), 'account-restore', input);
      }
    } catch (error) {
      // Restored meanwhile by other means: the appeal's decision stands as recorded.
      if (!(error instanceof AppError && error.code === 'enforcement_not_applicable')) throw error;
    }
  }
}
