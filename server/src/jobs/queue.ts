import { makeWorkerUtils, type TaskSpec, type WorkerUtils } from 'graphile-worker';
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
