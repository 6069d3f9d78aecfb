import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SealedStore } from '../sealed/sealed-store.ts';

/**
 * The fingerprint key lives as a sealed object, so `velvet sealed rewrap` rotates it with the documents and
 * it never changes: every fingerprint ever stored stays comparable across master-key rotations.
 */
const FINGERPRINT_KEY = 'sealed/identity/fingerprint-key';

/**
 * One person, whatever account they use: case, accents, punctuation, spacing and the order of the name's
 * words do not matter ("Ana-María López" = "lopez ana maria").
 */
export function normaliseLegalName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .sort()
    .join(' ');
}

/** An HMAC of the normalised name and birth date: matches the same person without being readable itself. */
export class IdentityFingerprints {
  readonly #db: Db;
  readonly #sealed: SealedStore;
  #key: Promise<Buffer> | undefined;

  constructor(db: Db, sealed: SealedStore) {
    this.#db = db;
    this.#sealed = sealed;
  }

  async of(legalName: string, dateOfBirth: string): Promise<Buffer> {
    const key = await this.#loadKey();
    return createHmac('sha256', key)
      .update(`${normaliseLegalName(legalName)}|${dateOfBirth}`)
      .digest();
  }

  #loadKey(): Promise<Buffer> {
    this.#key ??= this.#readOrCreate().catch((error: unknown) => {
      this.#key = undefined;
      throw error;
    });
    return this.#key;
  }

  async #readOrCreate(): Promise<Buffer> {
    const stored = await this.#sealed.read(FINGERPRINT_KEY);
    if (stored) return stored;
    // Several app nodes may start at once on one database: the lock lets exactly one of them create the key.
    return this.#db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext('identity-fingerprint-key'))`.execute(trx);
      const again = await this.#sealed.read(FINGERPRINT_KEY);
      if (again) return again;
      const key = randomBytes(32);
      await this.#sealed.put(FINGERPRINT_KEY, key);
      return key;
    });
  }
}
