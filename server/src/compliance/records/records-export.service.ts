import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import { type ArchiveWriter, writeArchive } from '../../exports/archive-writer.ts';
import { AppError } from '../../http/errors.ts';
import type { JobRun } from '../../jobs/registry.ts';
import { csvLine } from '../../moderation/csv.ts';
import type { SealedStore } from '../sealed/sealed-store.ts';
import type { RecordsRepository } from './records.repository.ts';
import { depictionRecord } from './records.service.ts';
import type { RecordsExportRow, RecordsExportsRepository } from './records-exports.repository.ts';
import type { DepictionRecord, RecordsExportView } from './records-schema.ts';

/** How long the custodian may download an export once it is ready. */
export const EXPORT_DAYS = 7;
/** Depictions per query while the CSV is written. */
export const PAGE_SIZE = 500;
const DAY_MS = 24 * 60 * 60 * 1000;
const LISTED = 20;
const EXPIRY_BATCH = 100;

export const exportDownloadPath = (id: number) => `/api/admin/records/exports/${id}/download`;
/** Under the sealed prefix: the archive holds ID copies in clear, so at rest it is sealed like them. */
const archiveKey = (id: number) => `sealed/records-exports/${id}/velvet-2257-records-${id}.zip`;
const documentPath = (identityId: number, kind: string) => `documents/identity-${identityId}/${kind}.jpg`;

/** The CSV's columns: one row per depiction × performer; the first three are the cross-index. */
export const CSV_HEADER = [
  'legal_name',
  'other_names',
  'post_id',
  'post_title',
  'production_date',
  'post_status',
  'post_removed',
  'published_at',
  'urls',
  'performer_kind',
  'consent_state',
  'consent_scopes',
  'cleared',
  'username',
  'date_of_birth',
  'identity_id',
  'verified_at',
  'id_documents',
] as const;

function csvRows(record: DepictionRecord): string {
  const common = [
    record.postId,
    record.title,
    record.producedOn,
    record.status,
    record.removed,
    record.publishedAt,
    record.urls.join(' '),
  ];
  // A depiction without a performer still gets its row: the gap is what the custodian must see.
  if (record.performers.length === 0) return csvLine(['', '', ...common, '', '', '', false, '', '', '', '', '']);
  return record.performers
    .map((performer) =>
      csvLine([
        performer.legalName,
        performer.otherNames.join('; '),
        ...common,
        performer.kind,
        performer.state,
        performer.scopes.join(' '),
        performer.cleared,
        performer.username,
        performer.dateOfBirth,
        performer.identityId,
        performer.verifiedAt,
        performer.identityId === null
          ? ''
          : performer.documents.map((document) => documentPath(performer.identityId as number, document.kind)).join(' '),
      ]),
    )
    .join('');
}

export interface RecordsExportDeps {
  readonly exports: RecordsExportsRepository;
  readonly records: RecordsRepository;
  readonly sealed: SealedStore;
  readonly origin: string;
  readonly log: Logger;
  readonly pageSize?: number;
}

/**
 * The custodian's export (README.md "Export"): a job writes one zip, records.csv and every ID copy on
 * record decrypted beside it, sealed as a whole into private storage; the custodian downloads it for
 * EXPORT_DAYS, then a job deletes it. Each document put in is logged in the access log first.
 */
export class RecordsExportService {
  readonly #deps: RecordsExportDeps;

  constructor(deps: RecordsExportDeps) {
    this.#deps = deps;
  }

  view(row: RecordsExportRow, now = Date.now()): RecordsExportView {
    const expired = row.state === 'ready' && row.expiresAt !== null && row.expiresAt.getTime() <= now;
    return {
      id: row.id,
      state: expired ? 'expired' : row.state,
      requestedBy: row.requestedByUsername,
      requestedAt: row.createdAt.toISOString(),
      readyAt: row.readyAt?.toISOString() ?? null,
      expiresAt: row.expiresAt?.toISOString() ?? null,
      sizeBytes: row.sizeBytes,
      rows: row.rowsCount,
      documents: row.documentsCount,
      downloadUrl: row.state === 'ready' && !expired ? exportDownloadPath(row.id) : null,
    };
  }

  async list(): Promise<RecordsExportView[]> {
    return (await this.#deps.exports.recent(LISTED)).map((row) => this.view(row));
  }

  async request(requester: { id: number; username: string }): Promise<RecordsExportView> {
    const created = await this.#deps.exports.create(requester);
    if (!created) throw new AppError('export_in_progress');
    return this.view(created);
  }

  /** The unsealed archive and its file name; the caller relays it and cuts the reply if it fails to verify. */
  async download(id: number): Promise<{ stream: Readable; fileName: string }> {
    const row = await this.#deps.exports.byId(id);
    if (!row) throw new AppError('not_found');
    if (row.state === 'expired' || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) throw new AppError('export_expired');
    if (row.state !== 'ready' || !row.storageKey || !row.readyAt) throw new AppError('export_not_ready');
    const stream = await this.#deps.sealed.open(row.storageKey);
    if (!stream) throw new AppError('export_expired');
    return { stream, fileName: `velvet-2257-records-${row.readyAt.toISOString().slice(0, 10)}-${row.id}.zip` };
  }

  /** Job `records:build-export`: nothing is downloadable until the whole archive is stored; retried from the start. */
  async build(exportId: number, run?: JobRun): Promise<void> {
    const { exports, sealed, log } = this.#deps;
    const claimed = await exports.claim(exportId);
    if (!claimed) return;
    const key = archiveKey(exportId);
    try {
      const counts = { rows: 0, documents: 0 };
      const target = { put: (objectKey: string, body: Readable | Uint8Array) => sealed.put(objectKey, body) };
      const stored = await writeArchive(target, key, claimed.createdAt, (archive) => this.#fill(archive, claimed, counts));
      const readyAt = new Date();
      await exports.markReady(exportId, {
        key,
        size: stored.size,
        ...counts,
        readyAt,
        expiresAt: new Date(readyAt.getTime() + EXPORT_DAYS * DAY_MS),
      });
    } catch (error) {
      log.warn({ err: error, exportId, attempt: run?.attempts }, '2257 records export not built');
      if (!run || run.attempts >= run.maxAttempts) {
        await exports.markFailed(exportId, error instanceof AppError ? error.code : 'internal_error');
      }
      throw error;
    }
  }

  async #fill(archive: ArchiveWriter, row: RecordsExportRow, counts: { rows: number; documents: number }): Promise<void> {
    const identities = new Set<number>();
    await archive.addGenerated('records.csv', this.#csv(identities, counts));
    const ids = [...identities].sort((a, b) => a - b);
    const pageSize = this.#deps.pageSize ?? PAGE_SIZE;
    for (let start = 0; start < ids.length; start += pageSize) {
      for (const identity of await this.#deps.exports.identityDocuments(ids.slice(start, start + pageSize))) {
        for (const document of identity.documents) {
          await this.#deps.exports.logExportedDocument({
            exportId: row.id,
            identityId: identity.id,
            submissionId: identity.submissionId,
            document: document.kind,
            viewer: { id: row.requestedBy, username: row.requestedByUsername },
          });
          const stream = await this.#deps.sealed.open(document.key);
          if (!stream) throw new Error(`sealed document of identity ${identity.id} is missing`);
          await archive.addStream(documentPath(identity.id, document.kind), stream, { compress: false });
          counts.documents += 1;
        }
      }
    }
  }

  /** records.csv page by page; notes the identities whose documents follow. */
  async *#csv(identities: Set<number>, counts: { rows: number }): AsyncGenerator<string> {
    const { records, origin, pageSize = PAGE_SIZE } = this.#deps;
    yield csvLine(CSV_HEADER);
    let after = 0;
    for (;;) {
      const depictions = await records.depictionsPage(after, pageSize);
      if (depictions.length === 0) return;
      const performers = await records.performersOf(depictions.map((depiction) => depiction.postId));
      let chunk = '';
      for (const depiction of depictions) {
        const own = performers.filter((performer) => performer.postId === depiction.postId);
        for (const performer of own)
          if (performer.identityId !== null && performer.documents?.length) identities.add(performer.identityId);
        chunk += csvRows(depictionRecord(depiction, own, origin.replace(/\/+$/, '')));
        counts.rows += Math.max(own.length, 1);
      }
      yield chunk;
      after = depictions[depictions.length - 1]?.postId ?? after;
      if (depictions.length < pageSize) return;
    }
  }

  /** Job `records:expire-exports` (hourly): archives past their time are deleted, then marked expired. */
  async expire(): Promise<number> {
    const { exports, sealed } = this.#deps;
    let count = 0;
    for (;;) {
      const due = await exports.dueForExpiry(EXPIRY_BATCH);
      for (const row of due) {
        await sealed.delete(row.storageKey);
        await exports.markExpired(row.id);
      }
      count += due.length;
      if (due.length < EXPIRY_BATCH) return count;
    }
  }
}
