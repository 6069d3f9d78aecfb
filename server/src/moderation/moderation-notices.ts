import { createHash, createHmac } from 'node:crypto';
import type { Logger } from 'pino';
import type { Mailer } from '../mail/mailer.ts';
import { messageCatalogue } from '../mail/messages.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import type { CasesRepository } from './cases.repository.ts';

/**
 * What moderation tells the people a case concerns. Each key is an e-mail (messages/<language>.json) and
 * the `notice` of a `moderation` notification (the web app's locale files word it).
 */
export type ModerationNotice = 'report-received' | 'case-message' | 'case-dismissed' | 'case-actioned';

export interface NoticeRecipient {
  readonly userId?: number | null;
  readonly email?: string | null;
  readonly locale: string;
}

const renderNotice = messageCatalogue<ModerationNotice>(new URL('./messages/', import.meta.url));

/** Where a reporter follows their case: the web page reads it with GET /api/complaint/follow-up. */
export const followUpPath = (token: string) => `/complaint/follow-up/${token}`;

/**
 * Notifications and e-mails about cases, and the follow-up tokens that let a reporter without an account
 * read and answer theirs. A token is derived from its report's id with a server key, so every later e-mail
 * can carry it again while the database keeps only its hash. A failed e-mail or notification is logged;
 * the decision it reports stands.
 */
export class ModerationNotices {
  private readonly cases: CasesRepository;
  private readonly notifications: Pick<NotificationService, 'moderationNotice'>;
  private readonly mailer: Mailer;
  private readonly baseUrl: string;
  private readonly tokenKey: Buffer;
  private readonly log: Logger;

  constructor(deps: {
    cases: CasesRepository;
    notifications: Pick<NotificationService, 'moderationNotice'>;
    mailer: Mailer;
    baseUrl: string;
    secret: string;
    log: Logger;
  }) {
    this.cases = deps.cases;
    this.notifications = deps.notifications;
    this.mailer = deps.mailer;
    this.baseUrl = deps.baseUrl;
    this.tokenKey = createHmac('sha256', deps.secret).update('case-follow-up').digest();
    this.log = deps.log;
  }

  followUpToken(reportId: number): string {
    return createHmac('sha256', this.tokenKey).update(String(reportId)).digest('base64url');
  }

  followUpHash = (reportId: number): string => hashToken(this.followUpToken(reportId));

  /** A notification to the account and an e-mail to the address, whichever are given. */
  async notify(recipient: NoticeRecipient, notice: ModerationNotice, values: Record<string, string | number>, caseId: number) {
    if (recipient.userId) await this.notifications.moderationNotice(recipient.userId, caseId, notice);
    if (!recipient.email) return;
    try {
      await this.mailer.send({ to: recipient.email, ...renderNotice(notice, recipient.locale, { caseId, ...values }) });
    } catch (error) {
      this.log.warn({ err: error, caseId, notice }, 'moderation e-mail failed');
    }
  }

  /** Tells every reporter of the case, each with their own follow-up link. */
  async tellReporters(caseId: number, notice: ModerationNotice, values: Record<string, string | number> = {}) {
    for (const reporter of await this.cases.reporters(caseId)) {
      await this.notify(
        { userId: reporter.userId, email: reporter.email, locale: reporter.userLang ?? reporter.locale },
        notice,
        { ...values, link: this.followUpLink(reporter.reportId) },
        caseId,
      );
    }
  }

  followUpLink(reportId: number): string {
    return `${this.baseUrl}${followUpPath(this.followUpToken(reportId))}`;
  }
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
