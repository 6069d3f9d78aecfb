import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** Job `notifications:purge-event-payloads`: spilled bus events are read within milliseconds; keep ten minutes. */
export async function purgeEventPayloads(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('event_payloads')
    .where('created_at', '<', sql<Date>`now() - interval '10 minutes'`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
