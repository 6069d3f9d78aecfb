import type { Db } from '../db/database.ts';
import { deletionCutoff } from './accounts.service.ts';
import { UsersRepository } from './users.repository.ts';

/** Job accounts:delete-expired: accounts whose 30-day grace ended are deleted with everything they own. */
export async function deleteExpiredAccounts(db: Db, now = new Date()): Promise<number> {
  return new UsersRepository(db).deleteRequestedBefore(deletionCutoff(now));
}
