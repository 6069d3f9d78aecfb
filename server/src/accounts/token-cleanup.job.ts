import type { Db } from '../db/database.ts';

/**
 * Expired refresh and e-mail tokens are useless; a day's grace keeps them for reuse detection and support.
 * Spent proofs and login nonces are kept only until they would have expired anyway.
 */
export async function purgeExpiredTokens(db: Db): Promise<void> {
  const cutoff = new Date(Date.now() - 24 * 3600 * 1000);
  await db.deleteFrom('refresh_tokens').where('expires_at', '<', cutoff).execute();
  await db.deleteFrom('action_tokens').where('expires_at', '<', cutoff).execute();
  await db.deleteFrom('spent_proofs').where('expires_at', '<', new Date()).execute();
  await db.deleteFrom('spent_login_nonces').where('expires_at', '<', new Date()).execute();
}
