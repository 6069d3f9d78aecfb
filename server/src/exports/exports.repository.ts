import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { addJobIn } from '../jobs/queue.ts';
import type { ExportState } from './exports.tables.ts';

export interface ExportRow {
  readonly id: number;
  readonly userId: number;
  readonly state: ExportState;
  readonly locale: string;
  readonly storageKey: string | null;
  readonly sizeBytes: number | null;
  readonly error: string | null;
  readonly createdAt: Date;
  readonly readyAt: Date | null;
  readonly expiresAt: Date | null;
}

/** Attempts of one build job: a crash or a storage outage is retried, then the export is marked failed. */
export const BUILD_ATTEMPTS = 3;

const columns = [
  'id',
  'user_id as userId',
  'state',
  'locale',
  'storage_key as storageKey',
  'size_bytes as sizeBytes',
  'error',
  'created_at as createdAt',
  'ready_at as readyAt',
  'expires_at as expiresAt',
] as const;

/** PostgreSQL's unique_violation: the partial index `data_exports_one_pending` refused a second pending request. */
const isUniqueViolation = (error: unknown) => (error as { code?: unknown }).code === '23505';

/** The `data_exports` table (migration 0030): requests, their build state and their archives. */
export class ExportsRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** The account's newest export, whatever its state. */
  latest(userId: number): Promise<ExportRow | undefined> {
    return this.#db
      .selectFrom('data_exports')
      .select(columns)
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  byId(id: number): Promise<ExportRow | undefined> {
    return this.#db.selectFrom('data_exports').select(columns).where('id', '=', id).executeTakeFirst();
  }

  /**
   * A new request and its build job, in one transaction: neither exists without the other. Undefined when
   * the account already has one waiting or building.
   */
  async create(userId: number, locale: string): Promise<ExportRow | undefined> {
    try {
      return await this.#db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('data_exports')
          .values({ user_id: userId, locale })
          .returning(columns)
          .executeTakeFirstOrThrow();
        await addJobIn(
          trx,
          'exports:build',
          { exportId: row.id },
          { jobKey: `exports-build:${row.id}`, maxAttempts: BUILD_ATTEMPTS },
        );
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
  }

  /** Takes a request (or a build a crashed attempt left) into building; undefined when there is nothing to build. */
  claim(id: number): Promise<ExportRow | undefined> {
    return this.#db
      .updateTable('data_exports')
      .set({ state: 'building', started_at: new Date() })
      .where('id', '=', id)
      .where('state', 'in', ['requested', 'building'])
      .returning(columns)
      .executeTakeFirst();
  }

  /** The archive is whole in storage: the export becomes downloadable until `expiresAt`. */
  markReady(id: number, archive: { key: string; size: number; readyAt: Date; expiresAt: Date }): Promise<ExportRow | undefined> {
    return this.#db
      .updateTable('data_exports')
      .set({
        state: 'ready',
        storage_key: archive.key,
        size_bytes: archive.size,
        ready_at: archive.readyAt,
        expires_at: archive.expiresAt,
      })
      .where('id', '=', id)
      .where('state', '=', 'building')
      .returning(columns)
      .executeTakeFirst();
  }

  async markFailed(id: number, error: string): Promise<void> {
    await this.#db
      .updateTable('data_exports')
      .set({ state: 'failed', error, finished_at: new Date() })
      .where('id', '=', id)
      .where('state', 'in', ['requested', 'building'])
      .execute();
  }

  /** Ready exports whose time is up, oldest first. */
  dueForExpiry(limit: number): Promise<{ id: number; storageKey: string }[]> {
    return this.#db
      .selectFrom('data_exports')
      .select(['id', sql<string>`storage_key`.as('storageKey')])
      .where('state', '=', 'ready')
      .where('expires_at', '<=', new Date())
      .orderBy('expires_at')
      .limit(limit)
      .execute();
  }

  /** After its archive was deleted: the export stays listed as expired, without a file. */
  async markExpired(id: number): Promise<void> {
    await this.#db
      .updateTable('data_exports')
      .set({ state: 'expired', storage_key: null, finished_at: new Date() })
      .where('id', '=', id)
      .where('state', '=', 'ready')
      .execute();
  }

  /** Where the ready e-mail goes: the account's address (none for some social sign-ins) and username. */
  account(userId: number): Promise<{ username: string; email: string | null } | undefined> {
    return this.#db.selectFrom('users').select(['username', 'email']).where('id', '=', userId).executeTakeFirst();
  }
}
