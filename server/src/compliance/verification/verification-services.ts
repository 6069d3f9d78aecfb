import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { Storage } from '../../media/storage.ts';
import type { AuditLog } from '../../moderation/audit-log.ts';
import type { CaseIntake, OpenedCase } from '../../moderation/cases.service.ts';
import type { NotificationService } from '../../notifications/notifications.service.ts';
import { Keyring } from '../sealed/keyring.ts';
import { SealedStore } from '../sealed/sealed-store.ts';
import { IdentityFingerprints } from './identity-fingerprint.ts';
import { type IdentityProvider, manualIdentityProvider } from './identity-provider.ts';
import { VerificationRepository } from './verification.repository.ts';
import { type GuestDecisions, VerificationService } from './verification.service.ts';
import { VerificationReviewService } from './verification-review.service.ts';

export interface VerificationServices {
  /** The creator's side: standing, start, submission, vendors' callbacks. */
  readonly verification: VerificationService;
  /** The console's side: queue, review, documents, decisions. */
  readonly review: VerificationReviewService;
}

export interface VerificationWiring {
  readonly db: Db;
  readonly config: Config;
  readonly storage: Storage;
  readonly cases: { open(intake: CaseIntake): Promise<OpenedCase> };
  readonly audit: AuditLog;
  readonly notifications: Pick<NotificationService, 'moderationNotice'>;
  readonly log: Logger;
  /** Performer manifests' side of a guest's decided identity (compliance/performers/), bound late. */
  readonly guests?: () => GuestDecisions;
  /** The identity providers, the first starting new verifications; the manual one by default. */
  readonly providers?: readonly IdentityProvider[];
}

export function createVerificationServices(wiring: VerificationWiring): VerificationServices {
  const { db, config, storage, cases, audit, notifications, log } = wiring;
  const repository = new VerificationRepository(db);
  const sealed = new SealedStore(storage, new Keyring(config.compliance.masterKeys));
  const verification = new VerificationService({
    repository,
    sealed,
    fingerprints: new IdentityFingerprints(db, sealed),
    providers: wiring.providers ?? [manualIdentityProvider],
    cases,
    audit,
    notifications,
    baseUrl: config.http.baseUrl,
    uploadsRequireVerification: config.upload.requireVerification,
    guests: wiring.guests,
    log: log.child({ component: 'identity' }),
  });
  return { verification, review: new VerificationReviewService({ repository, sealed, verification, audit }) };
}
