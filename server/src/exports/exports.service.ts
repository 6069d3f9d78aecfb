import type { Logger } from 'pino';
import { AppError } from '../http/errors.ts';
import type { JobRun } from '../jobs/registry.ts';
import type { Mailer } from '../mail/mailer.ts';
import { messageCatalogue } from '../mail/messages.ts';
import type { Storage } from '../media/storage.ts';
import type { NotificationService } from '../notifications/notifications.service.ts';
import type { AnalyticsRowsRepository } from './analytics-rows.repository.ts';
import type { ArchiveRowsRepository } from './archive-rows.repository.ts';
import { type ArchiveWriter, writeArchive } from './archive-writer.ts';
import type { ExportSection } from './export-section.ts';
import { readmeText } from './export-sections.ts';
import type { ExportRow, ExportsRepository } from './exports.repository.ts';
import type { ExportStandingAnswer, ExportView } from './exports-schema.ts';

/** How long an archive can be downloaded once it is ready (issue 22: "expiring after 7 days"). */
export const ARCHIVE_DAYS = 7;
/** Rows per query while an archive is written. */
export const PAGE_SIZE = 500;
const DAY_MS = 24 * 60 * 60 * 1000;
const EXPIRY_BATCH = 100;

/** Where the web app shows the export (the e-mail and the notification lead there). */
export const EXPORT_PAGE = '/studio/export';
export const downloadPath = (id: number) => `/api/studio/export/${id}/download`;
const archiveKey = (id: number) => `exports/${id}/velvet-data-${id}.zip`;

const renderMail = messageCatalogue<'export-ready'>(new URL('./messages/', import.meta.url));

export interface DataExportDeps {
  readonly exports: ExportsRepository;
  readonly rows: ArchiveRowsRepository;
  readonly analytics: AnalyticsRowsRepository;
  readonly storage: Storage;
  readonly notifications: Pick<NotificationService, 'dataExportReady'>;
  readonly mailer: Mailer;
  readonly sections: readonly ExportSection[];
  readonly baseUrl: string;
  readonly cooldownHours: number;
  readonly log: Logger;
  readonly pageSize?: number;
}

/** What the download route streams: the stored archive and the name the browser saves it under. */
export interface ArchiveDownload {
  readonly key: string;
  readonly fileName: string;
}

const pending = (row: ExportRow) => row.state === 'requested' || row.state === 'building';
const lapsed = (row: ExportRow, now: number) => row.state === 'ready' && row.expiresAt !== null && row.expiresAt.getTime() <= now;

/**
 * Data exports (GDPR Art. 20; exports/README.md): an account asks for an archive of its data, a job writes
 * it into storage as one zip, the owner is told by notification and e-mail and downloads it for
 * ARCHIVE_DAYS, after which a job deletes it.
 */
export class DataExportService {
  readonly #deps: DataExportDeps;

  constructor(deps: DataExportDeps) {
    this.#deps = deps;
  }

  view(row: ExportRow, now = Date.now()): ExportView {
    const expired = lapsed(row, now);
    return {
      id: row.id,
      state: expired ? 'expired' : row.state,
      requestedAt: row.createdAt.toISOString(),
      readyAt: row.readyAt?.toISOString() ?? null,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      sizeBytes: row.sizeBytes,
      downloadUrl: row.state === 'ready' && !expired ? downloadPath(row.id) : null,
    };
  }

  /** When the account may ask again after `row`: a failed export may be asked for again at once. */
  #nextRequestAt(row: ExportRow): Date | undefined {
    if (row.state === 'failed') return undefined;
    const next = new Date(row.createdAt.getTime() + this.#deps.cooldownHours * 60 * 60 * 1000);
    return next.getTime() > Date.now() ? next : undefined;
  }

  async standing(userId: number): Promise<Omit<ExportStandingAnswer, 'statusCode'>> {
    const latest = await this.#deps.exports.latest(userId);
    if (!latest) return { export: null, canRequest: true, nextRequestAt: null };
    const next = this.#nextRequestAt(latest);
    return {
      export: this.view(latest),
      canRequest: !pending(latest) && next === undefined,
      nextRequestAt: pending(latest) ? null : (next?.toISOString() ?? null),
    };
  }

  /** A new export, built by job `exports:build`; one waiting or building, or one asked for recently, refuses it. */
  async request(userId: number, locale: string): Promise<{ export: ExportView }> {
    const latest = await this.#deps.exports.latest(userId);
    if (latest && pending(latest)) throw new AppError('export_in_progress');
    const next = latest && this.#nextRequestAt(latest);
    if (next) {
      const seconds = Math.ceil((next.getTime() - Date.now()) / 1000);
      throw new AppError('export_too_soon', { headers: { 'retry-after': String(seconds) } });
    }
    const created = await this.#deps.exports.create(userId, locale);
    if (!created) throw new AppError('export_in_progress');
    return { export: this.view(created) };
  }

  /** The archive for its owner's download; everyone else learns nothing about it. */
  async download(userId: number | undefined, id: number): Promise<ArchiveDownload> {
    const row = await this.#deps.exports.byId(id);
    if (!row || userId === undefined || row.userId !== userId) throw new AppError('not_found');
    if (row.state === 'expired' || lapsed(row, Date.now())) throw new AppError('export_expired');
    if (row.state !== 'ready' || !row.storageKey || !row.readyAt) throw new AppError('export_not_ready');
    const account = await this.#deps.exports.account(userId);
    const day = row.readyAt.toISOString().slice(0, 10);
    return { key: row.storageKey, fileName: `velvet-data-${account?.username ?? userId}-${day}.zip` };
  }

  /**
   * Job `exports:build`. The archive is written under its key in one storage write, which shows the whole
   * object or none, and only then is the export marked ready: a crash or failure at any point leaves
   * nothing downloadable, and the retry writes the archive again from the start. The last attempt to fail
   * marks the export failed, so its owner may ask again.
   */
  async build(exportId: number, run?: JobRun): Promise<void> {
    const { exports, storage, log } = this.#deps;
    const claimed = await exports.claim(exportId);
    if (!claimed) return;
    const key = archiveKey(exportId);
    try {
      const stored = await writeArchive(storage, key, claimed.createdAt, (archive) => this.#fill(archive, claimed.userId));
      const readyAt = new Date();
      const expiresAt = new Date(readyAt.getTime() + ARCHIVE_DAYS * DAY_MS);
      const ready = await exports.markReady(exportId, { key, size: stored.size, readyAt, expiresAt });
      if (ready) await this.#announce(ready);
      // The account left while its archive was written: nothing may keep its data.
      else await storage.delete(key);
    } catch (error) {
      log.warn({ err: error, exportId, attempt: run?.attempts }, 'data export not built');
      if (!run || run.attempts >= run.maxAttempts) {
        await exports.markFailed(exportId, error instanceof AppError ? error.code : 'internal_error');
      }
      throw error;
    }
  }

  async #fill(archive: ArchiveWriter, userId: number): Promise<void> {
    const { rows, analytics, storage, sections, baseUrl, pageSize = PAGE_SIZE } = this.#deps;
    const profile = await rows.profile(userId);
    if (!profile) throw new Error(`account ${userId} is gone`);
    await archive.addText('README.txt', readmeText(sections, { username: profile.username, at: new Date(), site: baseUrl }));
    const context = { archive, rows, analytics, storage, userId, pageSize, baseUrl };
    for (const section of sections) await section.write(context);
  }

  /** The notification and the e-mail; either failing is logged, and the archive stays ready on the page. */
  async #announce(row: ExportRow): Promise<void> {
    const { notifications, mailer, baseUrl, log } = this.#deps;
    await notifications.dataExportReady(row.userId);
    try {
      const account = await this.#deps.exports.account(row.userId);
      if (!account?.email || !row.expiresAt) return;
      const expires = new Intl.DateTimeFormat(row.locale, {
        ...{ year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' },
        ...{ timeZone: 'UTC', timeZoneName: 'short' },
      });
      const message = renderMail('export-ready', row.locale, {
        username: account.username,
        link: `${baseUrl}${EXPORT_PAGE}`,
        expires: expires.format(row.expiresAt),
      });
      await mailer.send({ to: account.email, ...message });
    } catch (error) {
      log.warn({ err: error, exportId: row.id }, 'data export e-mail not sent');
    }
  }

  /** Job `exports:expire` (hourly): deletes archives past their time, then marks them expired. */
  async expire(): Promise<number> {
    const { exports, storage } = this.#deps;
    let count = 0;
    for (;;) {
      const due = await exports.dueForExpiry(EXPIRY_BATCH);
      for (const row of due) {
        await storage.delete(row.storageKey);
        await exports.markExpired(row.id);
      }
      count += due.length;
      if (due.length < EXPIRY_BATCH) return count;
    }
  }

  /** Job `exports:remove-archive`: the archive of an export row that was deleted (its account left). */
  async removeArchive(key: string): Promise<void> {
    if (!key.startsWith('exports/')) throw new Error(`not an export archive: ${key}`);
    await this.#deps.storage.delete(key);
  }
}
