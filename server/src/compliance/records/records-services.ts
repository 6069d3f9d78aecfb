import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { createMailer } from '../../mail/mailer.ts';
import type { Storage } from '../../media/storage.ts';
import type { NotificationService } from '../../notifications/notifications.service.ts';
import { Keyring } from '../sealed/keyring.ts';
import { SealedStore } from '../sealed/sealed-store.ts';
import { LegacyGuard } from './legacy-guard.ts';
import { RecordsRepository } from './records.repository.ts';
import { RecordsService } from './records.service.ts';
import { RecordsExportService } from './records-export.service.ts';
import { RecordsExportsRepository } from './records-exports.repository.ts';

export interface RecordsServices {
  /** The record of a depiction and the cross-index, for the console. */
  readonly records: RecordsService;
  /** The custodian's export (jobs records:build-export, records:expire-exports). */
  readonly exports: RecordsExportService;
  /** Job records:legacy-guard. */
  readonly guard: LegacyGuard;
}

export function createRecordsServices(wiring: {
  db: Db;
  config: Config;
  storage: Storage;
  notifications: Pick<NotificationService, 'moderationNotice'>;
  log: Logger;
}): RecordsServices {
  const { db, config, storage, notifications } = wiring;
  const log = wiring.log.child({ component: 'records' });
  const repository = new RecordsRepository(db);
  const origin = config.http.baseUrl.replace(/\/+$/, '');
  const sealed = new SealedStore(storage, new Keyring(config.compliance.masterKeys));
  return {
    records: new RecordsService(repository, origin),
    exports: new RecordsExportService({ exports: new RecordsExportsRepository(db), records: repository, sealed, origin, log }),
    guard: new LegacyGuard({ records: repository, notifications, mailer: createMailer(config.mail), origin, log }),
  };
}
