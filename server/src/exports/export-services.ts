import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { createMailer } from '../mail/mailer.ts';
import type { Storage } from '../media/storage.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import { AnalyticsRowsRepository } from './analytics-rows.repository.ts';
import { ArchiveRowsRepository } from './archive-rows.repository.ts';
import { exportSections } from './export-sections.ts';
import { ExportsRepository } from './exports.repository.ts';
import { DataExportService } from './exports.service.ts';

/** The data export domain, wired once for the container. */
export function createDataExportService(deps: {
  db: Db;
  config: Config;
  storage: Storage;
  notifications: NotificationService;
  log: Logger;
}): DataExportService {
  return new DataExportService({
    exports: new ExportsRepository(deps.db),
    rows: new ArchiveRowsRepository(deps.db),
    analytics: new AnalyticsRowsRepository(deps.db),
    storage: deps.storage,
    notifications: deps.notifications,
    mailer: createMailer(deps.config.mail),
    sections: exportSections,
    baseUrl: deps.config.http.baseUrl,
    cooldownHours: deps.config.exports.cooldownHours,
    log: deps.log,
  });
}
