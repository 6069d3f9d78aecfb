import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { VERIFIED_TYPES } from './verification.service.ts';

/**
 * UPLOADS_REQUIRE_VERIFICATION: only verified creators (account types 3, 5, 6) get an upload token, upload
 * or import. Everyone else still browses, likes and follows; the upload screen tells them how to verify.
 */
export class UploaderGate {
  readonly #db: Db;
  readonly #required: boolean;

  constructor(db: Db, required: boolean) {
    this.#db = db;
    this.#required = required;
  }

  async assertMayUpload(userId: number): Promise<void> {
    if (!this.#required) return;
    const account = await this.#db.selectFrom('users').select('type').where('id', '=', userId).executeTakeFirst();
    if (!VERIFIED_TYPES.includes(account?.type ?? 0)) throw new AppError('verification_required');
  }
}
