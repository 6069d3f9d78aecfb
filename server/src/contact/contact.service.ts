import type { Logger } from 'pino';
import { AppError } from '../http/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { IntakeService } from '../moderation/intake.service.ts';
import type { CaseCategory } from '../moderation/moderation-schema.ts';
import type { AltchaGuard } from './altcha.ts';
import type { ContactRepository, NewContactMessage } from './contact.repository.ts';

export interface ContactForm {
  readonly email?: string;
  readonly subject?: string;
  readonly text: string;
  readonly userAgent?: string;
  readonly recaptchaToken: string;
  readonly postId?: number;
  readonly abuseUserId?: number;
  /** What the report is about (moderation/README.md); `other` when not given. */
  readonly category?: CaseCategory;
}

export interface Sender {
  readonly userId: number | undefined;
  readonly ip: string;
  readonly locale: string;
}

/** Where a report becomes a moderation case. */
export type ReportIntake = Pick<IntakeService, 'report'>;

/** Spec §8 acknowledgement; the client shows it as a status message. */
export const CONTACT_SENT = 'contact-message-sent';

function operatorMail(id: number, message: NewContactMessage, baseUrl: string, report?: { caseId: number; category: string }) {
  const lines = [
    message.kind === 'abuse' ? `Abuse report #${id}` : `Contact message #${id}`,
    ...(report ? [`Case: ${report.caseId} (${report.category}), ${baseUrl}/admin/cases/${report.caseId}`] : []),
    '',
    `From: ${message.email ?? '(no e-mail given)'}${message.senderId ? ` (user id ${message.senderId})` : ''}`,
    ...(message.postId ? [`Reported post: ${baseUrl}/video?id=${message.postId}`] : []),
    ...(message.abuseUserId ? [`Reported account: user id ${message.abuseUserId}`] : []),
    `Subject: ${message.subject || '(none)'}`,
    `User agent: ${message.userAgent || '(unknown)'}`,
    `Address: ${message.ip}`,
    '',
    message.text,
  ];
  const subject =
    message.kind === 'abuse'
      ? `[Velvet report #${id}] ${message.postId ? `post ${message.postId}` : `user ${message.abuseUserId}`}`
      : `[Velvet contact #${id}] ${message.subject || 'Message'}`;
  return { subject, text: lines.join('\n') };
}

export class ContactService {
  private readonly repository: ContactRepository;
  private readonly altcha: AltchaGuard;
  private readonly mailer: Mailer;
  private readonly operators: string;
  private readonly baseUrl: string;
  private readonly reports: ReportIntake;
  private readonly log: Logger;

  constructor(deps: {
    repository: ContactRepository;
    altcha: AltchaGuard;
    mailer: Mailer;
    operators: string;
    baseUrl: string;
    reports: ReportIntake;
    log: Logger;
  }) {
    this.repository = deps.repository;
    this.altcha = deps.altcha;
    this.mailer = deps.mailer;
    this.operators = deps.operators;
    this.baseUrl = deps.baseUrl;
    this.reports = deps.reports;
    this.log = deps.log;
  }

  challenge() {
    return this.altcha.challenge();
  }

  /**
   * Stores the message, then e-mails the operators. A report also opens (or joins) a moderation case,
   * which counts against the sender's hourly allowance of reports before anything is stored.
   * A mail failure is logged and the message stays stored
   * (mailed_at empty) for the operators to find; the sender is still told it arrived.
   */
  async send(form: ContactForm, sender: Sender, mustReport: boolean) {
    const isReport = form.postId !== undefined || form.abuseUserId !== undefined;
    if (mustReport && !isReport) throw new AppError('invalid_input', { details: [{ field: 'postId', problem: 'required' }] });
    if (!isReport && !form.email) throw new AppError('invalid_input', { details: [{ field: 'email', problem: 'required' }] });
    if (!(await this.altcha.redeem(form.recaptchaToken))) throw new AppError('captcha_failed');
    const message: NewContactMessage = {
      kind: isReport ? 'abuse' : 'contact',
      email: form.email?.trim() || null,
      subject: form.subject?.trim() ?? '',
      text: form.text.trim(),
      userAgent: form.userAgent ?? '',
      senderId: sender.userId ?? null,
      postId: form.postId ?? null,
      abuseUserId: form.abuseUserId ?? null,
      ip: sender.ip,
    };
    if (!message.text) throw new AppError('invalid_input', { details: [{ field: 'text', problem: 'required' }] });
    if (isReport && !(await this.repository.targetsExist(message.postId, message.abuseUserId))) throw new AppError('not_found');
    const category = form.category ?? 'other';
    const opened = isReport
      ? await this.reports.report(
          { category, postId: form.postId, abuseUserId: form.abuseUserId, email: message.email ?? undefined, text: message.text },
          { userId: sender.userId, ip: sender.ip, locale: sender.locale },
        )
      : undefined;
    const id = await this.repository.insert(message);
    const report = opened && { caseId: opened.caseId, category };
    try {
      await this.mailer.send({ to: this.operators, ...operatorMail(id, message, this.baseUrl, report) });
      await this.repository.markMailed(id);
    } catch (error) {
      this.log.warn({ err: error, contactMessageId: id }, 'e-mail to operators failed; the message is stored');
    }
    const intake = opened && {
      caseId: opened.caseId,
      deadlineAt: opened.deadlineAt.toISOString(),
      followUpToken: opened.followUpToken,
    };
    return { message: CONTACT_SENT, id, kind: message.kind, ...intake };
  }
}
