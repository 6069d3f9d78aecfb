import { makeWorkerUtils, type TaskSpec, type WorkerUtils } from 'graphile-worker';
import { type Kysely, sql } from 'kysely';
import type pg from 'pg';
import type { JobName, JobPayloads } from './registry.ts';

/** How services enqueue background work; backed by graphile-worker's tables in the same database. */
export class JobQueue {
  private readonly utils: WorkerUtils;

  private constructor(utils: WorkerUtils) {
    this.utils = utils;
  }

  static async open(pool: pg.Pool): Promise<JobQueue> {
    const utils = await makeWorkerUtils({ pgPool: pool });
    await utils.migrate();
    return new JobQueue(utils);
  }

  async add<N extends JobName>(name: N, payload: JobPayloads[N], spec?: TaskSpec): Promise<void> {
    await this.utils.addJob(name as string, payload as unknown, spec);
  }

  /** Jobs waiting or running, for health reporting; `prefix` counts only job types starting with it (e.g. `media:`). */
  async depth(prefix = ''): Promise<number> {
    const result = await this.utils.withPgClient((client) =>
      client.query<{ count: string }>(
        'SELECT count(*) FROM graphile_worker.jobs WHERE attempts < max_attempts AND starts_with(task_identifier, $1)',
        [prefix],
      ),
    );
    return Number(result.rows[0]?.count ?? 0);
  }

  async close(): Promise<void> {
    await this.utils.release();
  }
}

/**
 * Enqueues through graphile-worker's SQL function on `db`, which may be a transaction: the job then exists
 * exactly when the caller's other writes commit, so a crash cannot leave one without the other.
 */
export async function addJobIn<N extends JobName>(
  // biome-ignore lint/suspicious/noExplicitAny: any database or transaction; add_job needs no table types
  db: Kysely<any>,
  name: N,
  payload: JobPayloads[N],
  spec: { readonly jobKey?: string; readonly maxAttempts?: number; readonly runAt?: Date } = {},
): Promise<void> {
  await sql`SELECT graphile_worker.add_job(${name}, ${JSON.stringify(payload)}::json,
    max_attempts => ${spec.maxAttempts ?? null}::int, job_key => ${spec.jobKey ?? null}::text,
    run_at => ${spec.runAt ?? null}::timestamptz)`.execute(db);
}

/** Removes the waiting job with this key, on `db` (which may be a transaction); a running job is left to finish. */
// biome-ignore lint/suspicious/noExplicitAny: any database or transaction; remove_job needs no table types
export async function removeJobIn(db: Kysely<any>, jobKey: string): Promise<void> {
  await sql`SELECT graphile_worker.remove_job(${jobKey})`.execute(db);
}
