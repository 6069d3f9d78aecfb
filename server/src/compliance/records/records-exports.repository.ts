import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { addJobIn } from '../../jobs/queue.ts';
import type { SealedDocument } from '../verification/verification.tables.ts';
import type { RecordsExportState } from './records.tables.ts';

export interface RecordsExportRow {
  readonly id: number;
  readonly requestedBy: number | null;
  readonly requestedByUsername: string;
  readonly state: RecordsExportState;
  readonly storageKey: string | null;
  readonly sizeBytes: number | null;
  readonly rowsCount: number | null;
  readonly documentsCount: number | null;
  readonly createdAt: Date;
  readonly readyAt: Date | null;
  readonly expiresAt: Date | null;
}

/** Attempts of one build job, as for data exports. */
export const BUILD_ATTEMPTS = 3;

const columns = [
  'id',
  'requested_by as requestedBy',
  'requested_by_username as requestedByUsername',
  'state',
  'storage_key as storageKey',
  'size_bytes as sizeBytes',
  'rows_count as rowsCount',
  'documents_count as documentsCount',
  'created_at as createdAt',
  'ready_at as readyAt',
  'expires_at as expiresAt',
] as const;

const isUniqueViolation = (error: unknown) => (error as { code?: unknown }).code === '23505';

/** The `records_exports` table (migration 0037), and the access-log rows an export writes. */
export class RecordsExportsRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  recent(limit: number): Promise<RecordsExportRow[]> {
    return this.#db.selectFrom('records_exports').select(columns).orderBy('id', 'desc').limit(limit).execute();
  }

  byId(id: number): Promise<RecordsExportRow | undefined> {
    return this.#db.selectFrom('records_exports').select(columns).where('id', '=', id).executeTakeFirst();
  }

  /** The row and its build job in one transaction; undefined while another export waits or builds. */
  async create(requester: { id: number; username: string }): Promise<RecordsExportRow | undefined> {
    try {
      return await this.#db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('records_exports')
          .values({ requested_by: requester.id, requested_by_username: requester.username })
          .returning(columns)
          .executeTakeFirstOrThrow();
        await addJobIn(
          trx,
          'records:build-export',
          { exportId: row.id },
          {
            jobKey: `records-build-export:${row.id}`,
            maxAttempts: BUILD_ATTEMPTS,
          },
        );
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
  }

  claim(id: number): Promise<RecordsExportRow | undefined> {
    return this.#db
      .updateTable('records_exports')
      .set({ state: 'building', started_at: new Date() })
      .where('id', '=', id)
      .where('state', 'in', ['requested', 'building'])
      .returning(columns)
      .executeTakeFirst();
  }

  async markReady(
    id: number,
    archive: { key: string; size: number; rows: number; documents: number; readyAt: Date; expiresAt: Date },
  ): Promise<void> {
    await this.#db
      .updateTable('records_exports')
      .set({
        state: 'ready',
        storage_key: archive.key,
        size_bytes: archive.size,
        rows_count: archive.rows,
        documents_count: archive.documents,
        ready_at: archive.readyAt,
        expires_at: archive.expiresAt,
      })
      .where('id', '=', id)
      .where('state', '=', 'building')
      .execute();
  }

  async markFailed(id: number, error: string): Promise<void> {
    await this.#db
      .updateTable('records_exports')
      .set({ state: 'failed', error })
      .where('id', '=', id)
      .where('state', 'in', ['requested', 'building'])
      .execute();
  }

  dueForExpiry(limit: number): Promise<{ id: number; storageKey: string }[]> {
    return this.#db
      .selectFrom('records_exports')
      .select(['id', sql<string>`storage_key`.as('storageKey')])
      .where('state', '=', 'ready')
      .where('expires_at', '<=', new Date())
      .orderBy('expires_at')
      .limit(limit)
      .execute();
  }

  async markExpired(id: number): Promise<void> {
    await this.#db
      .updateTable('records_exports')
      .set({ state: 'expired', storage_key: null })
      .where('id', '=', id)
      .where('state', '=', 'ready')
      .execute();
  }

  /** The sealed ID copies of these identities, with the submission each came from. */
  identityDocuments(identityIds: readonly number[]) {
    if (identityIds.length === 0) return Promise.resolve([]);
    return this.#db
      .selectFrom('performer_identities')
      .select(['id', 'submission_id as submissionId', sql<SealedDocument[]>`documents`.as('documents')])
      .where('id', 'in', identityIds)
      .orderBy('id')
      .execute();
  }

  /** The access-log row of one document put into an export, written before its bytes are. */
  async logExportedDocument(entry: {
    exportId: number;
    identityId: number;
    submissionId: number | null;
    document: string;
    viewer: { id: number | null; username: string };
  }): Promise<void> {
    await this.#db
      .insertInto('identity_document_views')
      .values({
        submission_id: entry.submissionId,
        identity_id: entry.identityId,
        records_export_id: entry.exportId,
        document: entry.document,
        viewer_id: entry.viewer.id,
        viewer_username: entry.viewer.username,
      })
      .execute();
  }
}
