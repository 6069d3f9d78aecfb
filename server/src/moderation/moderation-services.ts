import type { Logger } from 'pino';
import { BotCheck } from '../accounts/bot-check.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import { AuditService } from './audit.service.ts';
import { AuditLog } from './audit-log.ts';
import { CasesRepository } from './cases.repository.ts';
import { CaseService, type StrikeCounter } from './cases.service.ts';
import type { Enforcement } from './enforcement.ts';
import { IntakeService } from './intake.service.ts';
import { ModerationNotices } from './moderation-notices.ts';
import { ModerationSettingsService } from './moderation-settings.ts';
import { OperationsRepository } from './operations.repository.ts';
import { OperationsService } from './operations.service.ts';
import { RecentErrors } from './recent-errors.ts';
import { RoleService } from './roles.service.ts';
import { SqlHidePendingReview } from './sql-hide-pending-review.ts';

/** The operator side's services (README.md "For enforcement and the console"), wired once for the container. */
export interface ModerationServices {
  readonly audit: AuditLog;
  readonly auditSearch: AuditService;
  readonly roles: RoleService;
  readonly settings: ModerationSettingsService;
  readonly casesRepository: CasesRepository;
  readonly cases: CaseService;
  readonly intake: IntakeService;
  readonly notices: ModerationNotices;
  readonly operations: OperationsService;
  readonly errors: RecentErrors;
}

export interface ModerationWiring {
  readonly db: Db;
  readonly config: Config;
  readonly log: Logger;
  readonly mailer: Mailer;
  readonly notifications: Pick<NotificationService, 'moderationNotice'>;
  /** The enforcement service's hide; absent, the built-in SQL one. */
  readonly enforcement?: Enforcement;
  /** The enforcement service's strike count; absent, none are counted yet. */
  readonly strikes?: StrikeCounter;
}

export function createModerationServices(wiring: ModerationWiring): ModerationServices {
  const { db, config, log } = wiring;
  const audit = new AuditLog(db);
  const roles = new RoleService(db, audit);
  const settings = new ModerationSettingsService(db, audit);
  const casesRepository = new CasesRepository(db);
  const notices = new ModerationNotices({
    cases: casesRepository,
    notifications: wiring.notifications,
    mailer: wiring.mailer,
    baseUrl: config.http.baseUrl,
    secret: config.auth.jwtSecret,
    log,
  });
  const cases = new CaseService({
    db,
    cases: casesRepository,
    audit,
    settings,
    roles,
    notices,
    strikes: wiring.strikes ?? (async () => 0),
  });
  const errors = new RecentErrors();
  return {
    audit,
    auditSearch: new AuditService(audit),
    roles,
    settings,
    casesRepository,
    cases,
    intake: new IntakeService({
      db,
      cases,
      repository: casesRepository,
      settings,
      roles,
      enforcement: wiring.enforcement ?? new SqlHidePendingReview(db, casesRepository, audit),
      notices,
      botCheck: new BotCheck(db, config.auth.jwtSecret, config.auth.altchaMaxNumber),
      baseUrl: config.http.baseUrl,
    }),
    notices,
    operations: new OperationsService({ repository: new OperationsRepository(db), audit, errors, version: config.appVersion }),
    errors,
  };
}
