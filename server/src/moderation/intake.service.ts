import type { BotCheck } from '../accounts/bot-check.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../http/errors.ts';
import type { CasesRepository } from './cases.repository.ts';
import type { CaseService, OpenedCase } from './cases.service.ts';
import { subjectOf } from './complaint-urls.ts';
import type { Enforcement } from './enforcement.ts';
import { followUpPath, hashToken, type ModerationNotices } from './moderation-notices.ts';
import type { CaseCategory, ComplaintBody, FollowUpAnswer } from './moderation-schema.ts';
import type { ModerationSettingsService } from './moderation-settings.ts';
import type { RoleService } from './roles.service.ts';

/** Who sends a report or complaint: the account when logged in, the address always. */
export interface ReportClient {
  readonly userId?: number;
  readonly ip: string;
  readonly locale: string;
}

export interface ReportForm {
  readonly category?: CaseCategory;
  readonly postId?: number;
  readonly abuseUserId?: number;
  readonly email?: string;
  readonly text: string;
}

const HOUR_MS = 60 * 60_000;
const CATEGORY_OF_KIND = { dmca_notice: 'copyright', takedown_request: 'non_consensual' } as const;

/**
 * Reports (POST /api/abuse) and public complaints (POST /api/complaint) becoming cases, and the reporters'
 * follow-up. Each client may send `reportsPerHour` of them; a trusted flagger's report on a post hides it
 * at once pending review.
 */
export class IntakeService {
  private readonly db: Db;
  private readonly cases: CaseService;
  private readonly repository: CasesRepository;
  private readonly settings: ModerationSettingsService;
  private readonly roles: RoleService;
  private readonly enforcement: Enforcement;
  private readonly notices: ModerationNotices;
  private readonly botCheck: BotCheck;
  private readonly baseUrl: string;

  constructor(deps: {
    db: Db;
    cases: CaseService;
    repository: CasesRepository;
    settings: ModerationSettingsService;
    roles: RoleService;
    enforcement: Enforcement;
    notices: ModerationNotices;
    botCheck: BotCheck;
    baseUrl: string;
  }) {
    this.db = deps.db;
    this.cases = deps.cases;
    this.repository = deps.repository;
    this.settings = deps.settings;
    this.roles = deps.roles;
    this.enforcement = deps.enforcement;
    this.notices = deps.notices;
    this.botCheck = deps.botCheck;
    this.baseUrl = deps.baseUrl;
  }

  /** A report from the site's report action; the caller has checked the proof of work and the subject. */
  async report(form: ReportForm, client: ReportClient): Promise<OpenedCase> {
    await this.assertAllowance(client);
    const postId = form.postId ?? null;
    const userId = postId === null ? (form.abuseUserId ?? null) : ((await this.repository.authorOf(postId)) ?? null);
    const opened = await this.cases.open({
      kind: 'report',
      category: form.category ?? 'other',
      subject: { postId, userId },
      reporter: { userId: client.userId ?? null, email: form.email ?? null, locale: client.locale },
      text: form.text,
      ip: client.ip,
    });
    if (postId !== null && client.userId !== undefined && (await this.roles.rolesOf(client.userId)).includes('trusted_flagger')) {
      await this.enforcement.hidePendingReview(postId, { caseId: opened.caseId, actorId: client.userId });
    }
    if (form.email) await this.acknowledge(opened, { email: form.email, locale: client.locale });
    return opened;
  }

  /** A complaint from the public form: a DMCA notice, a TAKE IT DOWN request, or another complaint. */
  async complaint(body: ComplaintBody, client: ReportClient): Promise<OpenedCase> {
    await this.botCheck.spend(body.recaptchaToken);
    await this.assertAllowance(client);
    const { postIds, userIds } = await this.subjects(body.urls);
    const postId = postIds[0] ?? null;
    const userId = postId === null ? (userIds[0] ?? null) : ((await this.repository.authorOf(postId)) ?? null);
    if (postId === null && userId === null) throw new AppError('complaint_subject_unknown');
    const { recaptchaToken: _proof, text, ...elements } = body;
    const locale = body.locale ?? client.locale;
    const opened = await this.cases.open({
      kind: body.kind,
      category: body.kind === 'complaint' ? body.category : CATEGORY_OF_KIND[body.kind],
      subject: { postId, userId },
      reporter: { userId: client.userId ?? null, email: body.email, locale },
      text: text ?? '',
      details: { ...elements, postIds, userIds },
      ip: client.ip,
    });
    await this.acknowledge(opened, { email: body.email, locale });
    return opened;
  }

  async followUp(token: string): Promise<Omit<FollowUpAnswer, 'statusCode'>> {
    const report = await this.repository.reportByFollowUp(hashToken(token));
    const row = report && (await this.repository.find(report.caseId));
    if (!row) throw new AppError('not_found');
    return {
      case: {
        id: row.id,
        kind: row.kind,
        category: row.category,
        status: row.status,
        deadlineAt: row.deadlineAt.toISOString(),
        createdAt: row.createdAt.toISOString(),
        closedAt: row.closedAt?.toISOString() ?? null,
      },
      messages: await this.repository.messages(row.id),
    };
  }

  /** The reporter's answer to the moderators; refused once the case is closed. */
  async reply(token: string, text: string): Promise<void> {
    const report = await this.repository.reportByFollowUp(hashToken(token));
    if (!report) throw new AppError('not_found');
    await this.db.transaction().execute(async (trx) => {
      const row = await this.repository.lock(trx, report.caseId);
      if (!row) throw new AppError('not_found');
      if (row.closedAt !== null) throw new AppError('case_closed');
      await this.repository.addMessage(trx, row.id, 'reporter', report.reporterUserId, text);
      await this.repository.addEvent(trx, row.id, { actorId: null, action: 'reporter.message', data: { length: text.length } });
    });
  }

  /** Reports per client and hour, across app nodes: counted from the stored reports. */
  private async assertAllowance(client: ReportClient): Promise<void> {
    const { reportsPerHour } = await this.settings.current();
    const sent = await this.repository.reportsSince(client, new Date(Date.now() - HOUR_MS));
    if (sent >= reportsPerHour) throw new AppError('report_rate_limited', { headers: { 'retry-after': '3600' } });
  }

  private async subjects(urls: readonly string[]): Promise<{ postIds: number[]; userIds: number[] }> {
    const postIds = new Set<number>();
    const userIds = new Set<number>();
    for (const url of urls) {
      const subject = subjectOf(url, this.baseUrl);
      if (subject?.postId !== undefined && (await this.repository.authorOf(subject.postId)) !== undefined)
        postIds.add(subject.postId);
      const userId = subject?.username === undefined ? undefined : await this.repository.userIdNamed(subject.username);
      if (userId !== undefined) userIds.add(userId);
    }
    return { postIds: [...postIds], userIds: [...userIds] };
  }

  private async acknowledge(opened: OpenedCase, to: { email: string; locale: string }): Promise<void> {
    const deadline = new Intl.DateTimeFormat(to.locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(
      opened.deadlineAt,
    );
    await this.notices.notify(
      to,
      'report-received',
      { deadline: `${deadline} UTC`, link: `${this.baseUrl}${followUpPath(opened.followUpToken)}` },
      opened.caseId,
    );
  }
}
