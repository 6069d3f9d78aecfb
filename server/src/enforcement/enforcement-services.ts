import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { createMailer } from '../mail/mailer.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import { AppealService } from './appeals.service.ts';
import { EnforcementRepository } from './enforcement.repository.ts';
import { EnforcementService } from './enforcement.service.ts';
import type { AuditWriter, CaseDesk, SessionEnder } from './ports.ts';
import { ReviewQueueService } from './review-queue.service.ts';
import { StatementSender } from './statements.ts';
import { TakedownService } from './takedowns.service.ts';
import type { WatchedWords } from './watched-words.ts';

export interface EnforcementServices {
  readonly repository: EnforcementRepository;
  readonly actions: EnforcementService;
  readonly appeals: AppealService;
  readonly takedowns: TakedownService;
  readonly reviewQueue: ReviewQueueService;
  /** Also the ContentScreen posts, uploads, profiles and search ask. */
  readonly watchedWords: WatchedWords;
}

/**
 * Wires enforcement once for the container. The case model and audit log come from moderation/; the
 * review threshold setting is written to the database here, where the pre-publication trigger reads it.
 */
export async function createEnforcementServices(deps: {
  db: Db;
  config: Config;
  sessions: SessionEnder;
  notifications: Pick<NotificationService, 'moderationNotice'>;
  audit: AuditWriter;
  cases: CaseDesk;
  /** Built before the services that screen text with it (posts, uploads, profiles, search). */
  watchedWords: WatchedWords;
  log: Logger;
  /** False for one-off commands: the threshold the app and worker wrote stays (container.ts). */
  applyReviewThreshold?: boolean;
  now?: () => Date;
}): Promise<EnforcementServices> {
  const { db, config, audit, cases, now } = deps;
  const repository = new EnforcementRepository(db);
  if (deps.applyReviewThreshold !== false) await repository.setReviewThreshold(config.enforcement.prepublicationReviewPosts);
  const statements = new StatementSender({
    notifications: deps.notifications,
    mailer: createMailer(config.mail),
    baseUrl: config.http.baseUrl,
    log: deps.log,
  });
  const settings = config.enforcement;
  const actions = new EnforcementService({ repository, statements, sessions: deps.sessions, audit, cases, settings, now });
  const { watchedWords } = deps;
  await watchedWords.refresh();
  return {
    repository,
    actions,
    appeals: new AppealService({ repository, enforcement: actions, audit, cases, now }),
    takedowns: new TakedownService({ repository, enforcement: actions, audit, cases, settings, now }),
    reviewQueue: new ReviewQueueService(repository, audit),
    watchedWords,
  };
}
