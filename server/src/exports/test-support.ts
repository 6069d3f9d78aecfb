import { buffer } from 'node:stream/consumers';
import type { Storage } from '../media/storage.ts';
import type { TestApp } from '../test/test-app.ts';
import { AnalyticsRowsRepository } from './analytics-rows.repository.ts';
import { ArchiveRowsRepository } from './archive-rows.repository.ts';
import { exportSections } from './export-sections.ts';
import { ExportsRepository } from './exports.repository.ts';
import { type DataExportDeps, DataExportService } from './exports.service.ts';
import { unzip } from './unzip.ts';

/** The stored archive under `key`, unzipped. */
export async function readArchive(storage: Storage, key: string): Promise<Map<string, Buffer>> {
  const stream = await storage.get(key);
  if (!stream) throw new Error(`no archive under ${key}`);
  return unzip(await buffer(stream));
}

/** An entry parsed as JSON. */
export function jsonEntry(entries: Map<string, Buffer>, name: string) {
  const content = entries.get(name);
  if (!content) throw new Error(`no ${name} in the archive`);
  return JSON.parse(content.toString('utf8'));
}

/** The app's export service with some parts replaced (a section that fails, a small page, a watched repository). */
export function exportService(t: TestApp, overrides: Partial<DataExportDeps> = {}): DataExportService {
  const { container } = t;
  const mailer = { send: async () => undefined };
  return new DataExportService({
    exports: new ExportsRepository(container.database.db),
    rows: new ArchiveRowsRepository(container.database.db),
    analytics: new AnalyticsRowsRepository(container.database.db),
    storage: container.storage,
    notifications: container.services.notifications,
    mailer,
    sections: exportSections,
    baseUrl: container.config.http.baseUrl,
    cooldownHours: container.config.exports.cooldownHours,
    log: container.log,
    ...overrides,
  });
}
