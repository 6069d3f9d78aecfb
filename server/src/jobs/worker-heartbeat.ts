import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../db/database.ts';

/** A worker beats this often; it counts as alive for a few missed beats (see workerSeenWithin). */
export const HEARTBEAT_INTERVAL_MS = 15_000;
/** Rows of workers gone this long are deleted by the next beat of any worker. */
const FORGET_AFTER = '1 day';

export interface Heartbeat {
  readonly workerId: string;
  stop(): Promise<void>;
}

async function beat(db: Db, workerId: string): Promise<void> {
  await db
    .insertInto('worker_heartbeats')
    .values({ worker_id: workerId })
    .onConflict((conflict) => conflict.column('worker_id').doUpdateSet({ seen_at: sql`now()` }))
    .execute();
  await db.deleteFrom('worker_heartbeats').where('seen_at', '<', sql<Date>`now() - ${FORGET_AFTER}::interval`).execute();
}

/**
 * Records that this process runs background jobs, for `/media-api/mcp-alive`: graphile-worker keeps no table
 * of its workers. The first beat is written before this resolves; a failed beat is only logged.
 */
export async function startHeartbeat(db: Db, log: Logger, intervalMs = HEARTBEAT_INTERVAL_MS): Promise<Heartbeat> {
  const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  await beat(db, workerId);
  const timer = setInterval(() => {
    beat(db, workerId).catch((error) => log.warn({ err: error }, 'worker heartbeat failed'));
  }, intervalMs);
  timer.unref();
  let stopped = false;
  return {
    workerId,
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      await db
        .deleteFrom('worker_heartbeats')
        .where('worker_id', '=', workerId)
        .execute()
        .catch((error) => log.warn({ err: error }, 'removing the worker heartbeat failed'));
    },
  };
}

/** True when some worker beat within the last `seconds`. */
export async function workerSeenWithin(db: Db, seconds: number): Promise<boolean> {
  const row = await db
    .selectFrom('worker_heartbeats')
    .select('worker_id')
    .where('seen_at', '>', sql<Date>`now() - make_interval(secs => ${seconds})`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
