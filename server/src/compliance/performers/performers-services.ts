import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { EnforcementService } from '../../enforcement/enforcement.service.ts';
import { createMailer } from '../../mail/mailer.ts';
import type { Storage } from '../../media/storage.ts';
import type { CaseService } from '../../moderation/cases.service.ts';
import type { RoleService } from '../../moderation/roles.service.ts';
import type { NotificationService } from '../../notifications/notifications.service.ts';
import type { VerificationService } from '../verification/verification.service.ts';
import { GuestReleaseService } from './guest-release.service.ts';
import { ManifestService } from './manifest.service.ts';
import { PerformerAnswersService } from './performer-answers.service.ts';
import { PerformersRepository } from './performers.repository.ts';
import { ReleaseMail } from './release-mail.ts';
import { Withdrawals } from './withdrawal.ts';

export interface PerformerServices {
  /** The creator's manifest of each post, and the creator's own consent on upload. */
  readonly manifest: ManifestService;
  /** The tagged accounts' answers and appearances. */
  readonly answers: PerformerAnswersService;
  /** Guests' release links; also what verification calls when a guest's identity is decided. */
  readonly guests: GuestReleaseService;
}

export function createPerformerServices(wiring: {
  readonly db: Db;
  readonly config: Config;
  readonly storage: Storage;
  readonly notifications: Pick<NotificationService, 'performerNotice'>;
  readonly enforcement: Pick<EnforcementService, 'hideWithin'>;
  readonly cases: Pick<CaseService, 'open'>;
  readonly roles: Pick<RoleService, 'has'>;
  readonly verification: Pick<VerificationService, 'submitGuest'>;
  readonly log: Logger;
}): PerformerServices {
  const { db, config, storage, notifications, enforcement, cases, roles, verification } = wiring;
  const repository = new PerformersRepository(db);
  const mail = new ReleaseMail({
    mailer: createMailer(config.mail),
    baseUrl: config.http.baseUrl,
    log: wiring.log.child({ component: 'performers' }),
  });
  const releaseLinkDays = config.compliance.releaseLinkDays;
  const withdrawals = new Withdrawals({ repository, enforcement, cases, notifications });
  return {
    manifest: new ManifestService({ repository, notifications, roles, mail, storage, releaseLinkDays }),
    answers: new PerformerAnswersService({ repository, storage, notifications, withdrawals }),
    guests: new GuestReleaseService({ repository, storage, verification, notifications, withdrawals, mail, releaseLinkDays }),
  };
}
