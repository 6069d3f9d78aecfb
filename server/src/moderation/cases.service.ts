import type { Db } from '../db/database.ts';
import { AppError } from '../http/errors.ts';
import type { Actor, AuditLog } from './audit-log.ts';
import { ACTIVE_STATUSES, type CaseRow, type CasesRepository } from './cases.repository.ts';
import { caseDeadline } from './deadlines.ts';
import type { ModerationNotices } from './moderation-notices.ts';
import type { CaseCategory, CaseDetailAnswer, CaseKind, CaseSummary, Queue } from './moderation-schema.ts';
import type { ModerationSettingsService } from './moderation-settings.ts';
import { holds, mayHandleRestricted, type RoleService } from './roles.service.ts';

/** A report, complaint, appeal, counter-notice or automated hit becoming a case. */
export interface CaseIntake {
  readonly kind: CaseKind;
  readonly category: CaseCategory;
  readonly subject: { readonly postId?: number | null; readonly userId?: number | null };
  readonly reporter: { readonly userId?: number | null; readonly email?: string | null; readonly locale: string };
  readonly text: string;
  readonly details?: Record<string, unknown>;
  readonly ip: string;
  /** The case an appeal or counter-notice answers. */
  readonly relatedCaseId?: number | null;
  /** Who may not take the case (the moderator who acted on the appealed one). */
  readonly excludedAssigneeId?: number | null;
  /**
   * Only staff cleared for restricted cases (`mayHandleRestricted`) list, read and act on it: a hash-bank
   * match. Every `underage` case and every case about a restricted one is restricted too.
   */
  readonly restricted?: boolean;
}

export interface OpenedCase {
  readonly caseId: number;
  readonly deadlineAt: Date;
  /** True when the report joined an open case about the same subject and category. */
  readonly joined: boolean;
  readonly followUpToken: string;
}

export interface CaseOutcome {
  readonly status: 'actioned' | 'dismissed';
  /** What was done, as a dotted name (`case.dismiss`, `post.remove`...): the event's action. */
  readonly action: string;
  readonly publicReason?: string;
  readonly note?: string;
  readonly data?: Record<string, unknown>;
}

/** Repeat-infringer strikes of an account; enforcement keeps them. */
export type StrikeCounter = (userId: number) => Promise<number>;

/** Kinds merged with an open case about the same subject and category; the others always open their own. */
const MERGED_KINDS: ReadonlySet<CaseKind> = new Set(['report', 'complaint', 'dmca_notice', 'takedown_request']);
const HISTORY_LIMIT = 50;
const SKIPPED_IN_BULK: ReadonlySet<string> = new Set(['not_found', 'case_closed', 'appeal_needs_other_moderator']);

/**
 * The case model's rules: opening (deadline, deduplication), the staff's work on a case (assign, escalate,
 * dismiss, message, note) and closing. Each change writes the case's event log and, for staff actions,
 * the audit log in the same transaction; reporters are told after it commits.
 */
export class CaseService {
  private readonly db: Db;
  private readonly cases: CasesRepository;
  private readonly audit: AuditLog;
  private readonly settings: ModerationSettingsService;
  private readonly roles: RoleService;
  private readonly notices: ModerationNotices;
  private readonly strikes: StrikeCounter;

  constructor(deps: {
    db: Db;
    cases: CasesRepository;
    audit: AuditLog;
    settings: ModerationSettingsService;
    roles: RoleService;
    notices: ModerationNotices;
    strikes: StrikeCounter;
  }) {
    this.db = deps.db;
    this.cases = deps.cases;
    this.audit = deps.audit;
    this.settings = deps.settings;
    this.roles = deps.roles;
    this.notices = deps.notices;
    this.strikes = deps.strikes;
  }

  /** `outer`: the caller's transaction, which the case then joins (a withdrawn consent, compliance/performers/). */
  async open(intake: CaseIntake, now = new Date(), outer?: Db): Promise<OpenedCase> {
    const postId = intake.subject.postId ?? null;
    const userId = intake.subject.userId ?? null;
    const deadlineAt = caseDeadline(intake.category, now, await this.settings.current());
    const subjectKey = postId === null ? (userId === null ? null : `user:${userId}`) : `post:${postId}`;
    const related = intake.relatedCaseId ? await this.cases.find(intake.relatedCaseId) : undefined;
    const restricted = intake.restricted === true || intake.category === 'underage' || related?.restricted === true;
    const dedupeKey = MERGED_KINDS.has(intake.kind) && subjectKey ? `${subjectKey}|${intake.category}` : null;
    const run = async (trx: Db) => {
      const opened = await this.cases.openOrJoin(trx, {
        kind: intake.kind,
        category: intake.category,
        postId,
        userId,
        reporterUserId: intake.reporter.userId ?? null,
        reporterEmail: intake.reporter.email ?? null,
        deadlineAt,
        relatedCaseId: intake.relatedCaseId ?? null,
        excludedAssigneeId: intake.excludedAssigneeId ?? null,
        dedupeKey,
        restricted,
      });
      const reportId = await this.cases.addReport(
        trx,
        opened.id,
        {
          reporterUserId: intake.reporter.userId ?? null,
          reporterEmail: intake.reporter.email ?? null,
          text: intake.text,
          details: intake.details ?? {},
          ip: intake.ip,
          locale: intake.reporter.locale,
        },
        this.notices.followUpHash,
      );
      await this.cases.addEvent(trx, opened.id, {
        actorId: null,
        action: opened.joined ? 'case.report_joined' : 'case.opened',
        data: { kind: intake.kind, reportId },
      });
      return {
        caseId: opened.id,
        deadlineAt: opened.deadlineAt,
        joined: opened.joined,
        followUpToken: this.notices.followUpToken(reportId),
      };
    };
    return outer ? run(outer) : this.db.transaction().execute(run);
  }

  /** A queue page; `restrictedOnly` is the restricted queue, refused (forbidden) to staff not cleared for it. */
  async queue(
    viewer: Actor,
    query: { queue: Queue; category?: CaseCategory; limit: number; cursor?: string; restrictedOnly?: boolean },
  ) {
    const now = new Date();
    const includeRestricted = await this.clearedForRestricted(viewer);
    if (query.restrictedOnly && !includeRestricted) throw new AppError('forbidden');
    const rows = await this.cases.queue({
      queue: query.queue,
      viewerId: viewer.id,
      includeRestricted,
      restrictedOnly: query.restrictedOnly,
      category: query.category,
      limit: query.limit + 1,
      after: query.cursor === undefined ? undefined : parseCursor(query.cursor),
      now,
    });
    const shown = rows.slice(0, query.limit);
    const last = shown.at(-1);
    return {
      cases: await this.cases.summaries(shown, now),
      nextCursor: rows.length > query.limit && last ? formatCursor(last) : null,
    };
  }

  /** A restricted case answers not found to anyone not cleared for it, as if it did not exist. */
  async detail(caseId: number, viewer: Actor): Promise<Omit<CaseDetailAnswer, 'statusCode'>> {
    const row = await this.cases.find(caseId);
    const cleared = await this.clearedForRestricted(viewer);
    if (!row || (row.restricted && !cleared)) throw new AppError('not_found');
    const now = new Date();
    const [reports, events, messages, earlier, strikes] = await Promise.all([
      this.cases.reports(caseId),
      this.cases.events(caseId),
      this.cases.messages(caseId),
      this.cases.history(row, HISTORY_LIMIT, cleared),
      row.subjectUserId === null ? 0 : this.strikes(row.subjectUserId),
    ]);
    const names = await this.cases.usernames([
      ...reports.flatMap((report) => (report.reporterUserId === null ? [] : [report.reporterUserId])),
      ...events.flatMap((event) => (event.actorId === null ? [] : [event.actorId])),
    ]);
    const userOf = (id: number | null) => {
      const username = id === null ? undefined : names.get(id);
      return id === null || username === undefined ? null : { id, username };
    };
    const [summary, ...earlierCases] = await this.cases.summaries([row, ...earlier], now);
    if (!summary) throw new AppError('not_found');
    return {
      case: summary,
      reports: reports.map((report) => ({
        id: report.id,
        reporter: { user: userOf(report.reporterUserId), email: report.reporterEmail },
        text: report.text,
        details: report.details,
        createdAt: report.createdAt.toISOString(),
      })),
      events: events.map((event) => ({
        id: event.id,
        actor: userOf(event.actorId),
        action: event.action,
        publicReason: event.publicReason,
        privateNote: event.privateNote,
        data: event.data,
        createdAt: event.createdAt.toISOString(),
      })),
      messages,
      history: { earlierCases, strikes },
    };
  }

  async summary(caseId: number, trx: Db = this.db): Promise<CaseSummary> {
    const row = await this.cases.find(caseId, trx);
    if (!row) throw new AppError('not_found');
    const [summary] = await this.cases.summaries([row], new Date());
    if (!summary) throw new AppError('not_found');
    return summary;
  }

  /** Gives the case to `assigneeId` (a moderator or admin; default the actor; cleared for a restricted case). */
  async assign(actor: Actor, caseId: number, assigneeId = actor.id): Promise<CaseSummary> {
    const assigneeRoles = await this.roles.rolesOf(assigneeId);
    if (!holds(assigneeRoles, 'moderator')) throw new AppError('not_staff');
    return this.change(actor, caseId, async (trx, row) => {
      if (row.restricted && !mayHandleRestricted(assigneeRoles)) throw new AppError('not_staff');
      if (row.excludedAssigneeId === assigneeId) throw new AppError('appeal_needs_other_moderator');
      await this.cases.setState(trx, caseId, { assigneeId, ...(row.status === 'open' ? { status: 'assigned' } : {}) });
      return { action: 'case.assign', data: { assigneeId, previousAssigneeId: row.assigneeId } };
    });
  }

  async escalate(actor: Actor, caseId: number, reason: { publicReason?: string; note?: string }): Promise<CaseSummary> {
    return this.change(actor, caseId, async (trx) => {
      await this.cases.setState(trx, caseId, { status: 'escalated' });
      return { action: 'case.escalate', ...reason };
    });
  }

  async dismiss(actor: Actor, caseId: number, reason: { publicReason?: string; note?: string }): Promise<CaseSummary> {
    return this.close(caseId, actor, { status: 'dismissed', action: 'case.dismiss', ...reason });
  }

  /**
   * Closes the case with a decision: the event and audit entry `outcome.action`, then the reporters are
   * told (`case-dismissed` or `case-actioned`, with the public reason). Enforcement calls it with its
   * action; `trx` joins the change to the transaction of that action.
   */
  async close(caseId: number, actor: Actor | null, outcome: CaseOutcome, trx?: Db): Promise<CaseSummary> {
    const summary = await this.change(
      actor,
      caseId,
      async (inner, row) => {
        await this.cases.setState(inner, caseId, { status: outcome.status, closed: true });
        return {
          action: outcome.action,
          publicReason: outcome.publicReason,
          note: outcome.note,
          data: { ...outcome.data, status: outcome.status, previousStatus: row.status },
        };
      },
      trx,
    );
    // Told only once the decision is committed; inside a caller's transaction, the caller tells them.
    if (!trx) await this.tellDecision(caseId, outcome);
    return summary;
  }

  /** The `case-dismissed` or `case-actioned` notice to every reporter. */
  async tellDecision(caseId: number, outcome: Pick<CaseOutcome, 'status' | 'publicReason'>): Promise<void> {
    await this.notices.tellReporters(caseId, outcome.status === 'dismissed' ? 'case-dismissed' : 'case-actioned', {
      reason: outcome.publicReason ?? '',
    });
  }

  /** A message to the case's reporters, by notification and e-mail. Closed cases may still be answered. */
  async message(actor: Actor, caseId: number, text: string): Promise<CaseSummary> {
    const summary = await this.change(
      actor,
      caseId,
      async (trx) => {
        await this.cases.addMessage(trx, caseId, 'moderator', actor.id, text);
        return { action: 'case.message', data: { length: text.length } };
      },
      undefined,
      { closedToo: true },
    );
    await this.notices.tellReporters(caseId, 'case-message', { message: text });
    return summary;
  }

  async note(actor: Actor, caseId: number, note: string): Promise<CaseSummary> {
    return this.change(actor, caseId, async () => ({ action: 'case.note', note }), undefined, { closedToo: true });
  }

  /** Assigns or dismisses many cases; those closed already, missing or not assignable are skipped. */
  async bulk(
    actor: Actor,
    request: {
      action: 'assign' | 'dismiss';
      caseIds: readonly number[];
      assigneeId?: number;
      publicReason?: string;
      note?: string;
    },
  ): Promise<{ updated: number[]; skipped: number[] }> {
    const assigneeId = request.assigneeId ?? actor.id;
    if (request.action === 'assign' && !holds(await this.roles.rolesOf(assigneeId), 'moderator')) throw new AppError('not_staff');
    const updated: number[] = [];
    const skipped: number[] = [];
    for (const caseId of new Set(request.caseIds)) {
      try {
        if (request.action === 'assign') await this.assign(actor, caseId, assigneeId);
        else await this.dismiss(actor, caseId, { publicReason: request.publicReason, note: request.note });
        updated.push(caseId);
      } catch (error) {
        if (!(error instanceof AppError && SKIPPED_IN_BULK.has(error.code))) throw error;
        skipped.push(caseId);
      }
    }
    return { updated, skipped };
  }

  /**
   * An event on the case's log without a change of state (enforcement's steps, automated checks); a staff
   * actor must be cleared for a restricted case, or the caller's transaction fails with not_found.
   */
  async record(
    caseId: number,
    actor: Actor | null,
    event: { action: string; publicReason?: string; note?: string; data?: Record<string, unknown> },
    trx: Db = this.db,
  ): Promise<void> {
    if (actor) await this.requireClearance(actor, { caseId }, trx);
    await this.cases.addEvent(trx, caseId, {
      actorId: actor?.id ?? null,
      action: event.action,
      publicReason: event.publicReason,
      privateNote: event.note,
      data: event.data,
    });
  }

  /**
   * Refuses (not_found, as for an absent case) a staff member not cleared for restricted cases who names a
   * restricted case, or a post that is the subject of an active restricted case (its evidence must stay
   * whole until a cleared reviewer decides). The system (no actor) is always cleared.
   */
  async requireClearance(actor: Actor | null, subject: { caseId?: number; postId?: number }, trx: Db = this.db): Promise<void> {
    if (!actor) return;
    const restricted =
      (subject.caseId !== undefined && (await this.cases.find(subject.caseId, trx))?.restricted === true) ||
      (subject.postId !== undefined && (await this.cases.postUnderRestrictedCase(subject.postId, trx)));
    if (restricted && !(await this.clearedForRestricted(actor, trx))) throw new AppError('not_found');
  }

  /** Whether the staff member may list, read and act on restricted cases (roles.service.ts). */
  async clearedForRestricted(actor: Actor, trx: Db = this.db): Promise<boolean> {
    return mayHandleRestricted(await this.roles.rolesOf(actor.id, trx));
  }

  /**
   * One staff action on one case, in a transaction with the case locked: refused on a closed case unless
   * `closedToo`; writes the case event and the audit entry the action returns.
   */
  private async change(
    actor: Actor | null,
    caseId: number,
    work: (
      trx: Db,
      row: CaseRow,
    ) => Promise<{ action: string; publicReason?: string; note?: string; data?: Record<string, unknown> }>,
    outer?: Db,
    options: { closedToo?: boolean } = {},
  ): Promise<CaseSummary> {
    const run = async (trx: Db) => {
      const row = await this.cases.lock(trx, caseId);
      if (!row) throw new AppError('not_found');
      if (row.restricted && actor && !(await this.clearedForRestricted(actor, trx))) throw new AppError('not_found');
      if (!options.closedToo && !ACTIVE_STATUSES.includes(row.status)) throw new AppError('case_closed');
      const done = await work(trx, row);
      await this.record(caseId, actor, done, trx);
      await this.audit.record(
        {
          actor,
          action: done.action,
          subjectType: 'case',
          subjectId: caseId,
          caseId,
          details: { ...done.data, ...(done.publicReason ? { publicReason: done.publicReason } : {}) },
        },
        trx,
      );
      return this.summary(caseId, trx);
    };
    return outer ? run(outer) : this.db.transaction().execute(run);
  }
}

function formatCursor(row: CaseRow): string {
  return Buffer.from(`${row.deadlineAt.toISOString()}|${row.id}`).toString('base64url');
}

function parseCursor(cursor: string): { deadlineAt: Date; id: number } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const deadlineAt = new Date(at ?? '');
  const number = Number(id);
  if (Number.isNaN(deadlineAt.getTime()) || !Number.isSafeInteger(number) || number < 1) {
    throw new AppError('invalid_input', { details: [{ field: 'cursor', problem: 'invalid' }] });
  }
  return { deadlineAt, id: number };
}
