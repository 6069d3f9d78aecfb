import pg from 'pg';
import type { Logger } from 'pino';

/**
 * graphile-worker hands a job to another worker only when its lock is four hours old, so a job whose worker
 * was killed (SIGKILL, OOM, power loss) would wait that long. Each worker pool therefore holds one
 * database session named `velvet-worker:<pool id>`: PostgreSQL ends the session as soon as the process is
 * gone, and a lock whose pool has no session is a dead worker's. Every worker releases such locks when it
 * starts and every SWEEP_INTERVAL_MS after (graphile-worker's force_unlock_workers), and the jobs run again.
 * Workers must connect as the same database role (or one with pg_read_all_stats): PostgreSQL hides the
 * application_name of other roles' sessions, which would make live workers look gone.
 *
 * A live pool can strand a job too: when the database goes away while a job runs, graphile-worker retries
 * writing the job's outcome only for a while, then gives up and the job stays locked by a pool that no
 * longer runs it. Each sweep therefore also releases this pool's own locks on jobs it is not running and
 * has not just finished (STRANDED_AFTER_MS), so they run again (every job here is idempotent).
 */
const APPLICATION_PREFIX = 'velvet-worker:';
/** A lock younger than this is left alone: its pool may still be opening its session. */
const LOCK_GRACE_SECONDS = 10;
const SWEEP_INTERVAL_MS = 15_000;
const RECONNECT_MS = 1_000;
/** A finished job's outcome may still be on its way to the database this long; its lock is left alone until then. */
const STRANDED_AFTER_MS = 60_000;

export class WorkerLiveness {
  readonly #pool: pg.Pool;
  readonly #log: Logger;
  #client: pg.Client | undefined;
  #poolId: string | undefined;
  #sweeper: NodeJS.Timeout | undefined;
  #reconnect: NodeJS.Timeout | undefined;
  #stopped = false;
  readonly #running = new Set<string>();
  readonly #finishedAt = new Map<string, number>();

  constructor(pool: pg.Pool, log: Logger) {
    this.#pool = pool;
    this.#log = log;
  }

  /** Holds this pool's session from now on (reopened after a database restart) and starts the sweeps. */
  announce(poolId: string): void {
    this.#poolId = poolId;
    void this.#connect();
    this.#sweeper = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS);
    this.#sweeper.unref();
  }

  /** graphile-worker's job:start. */
  started(jobId: string): void {
    this.#running.add(jobId);
    this.#finishedAt.delete(jobId);
  }

  /** graphile-worker's job:success / job:error: the handler is done, whether or not its outcome was written. */
  finished(jobId: string, now = Date.now()): void {
    this.#running.delete(jobId);
    this.#finishedAt.set(jobId, now);
    for (const [id, at] of this.#finishedAt) if (now - at > STRANDED_AFTER_MS) this.#finishedAt.delete(id);
  }

  /** Releases the locks of worker pools that have no session any more; answers their ids. */
  async sweep(): Promise<string[]> {
    await this.#releaseStranded();
    try {
      const { rows } = await this.#pool.query<{ locked_by: string }>(
        `SELECT DISTINCT locked_by FROM graphile_worker.jobs
         WHERE locked_by IS NOT NULL AND locked_at < now() - make_interval(secs => $2)
           AND locked_by NOT IN (
             SELECT substr(application_name, length($1) + 1) FROM pg_stat_activity WHERE application_name LIKE $1 || '%')`,
        [APPLICATION_PREFIX, LOCK_GRACE_SECONDS],
      );
      const gone = rows.map((row) => row.locked_by).filter((id) => id !== this.#poolId);
      if (gone.length) {
        await this.#pool.query('SELECT graphile_worker.force_unlock_workers($1::text[])', [gone]);
        this.#log.warn({ workers: gone }, 'released the jobs of workers that are gone');
      }
      return gone;
    } catch (error) {
      this.#log.warn({ err: error }, 'could not look for the jobs of workers that are gone');
      return [];
    }
  }

  async #releaseStranded(): Promise<void> {
    if (!this.#poolId) return;
    const now = Date.now();
    const keep = [...this.#running, ...[...this.#finishedAt].filter(([, at]) => now - at <= STRANDED_AFTER_MS).map(([id]) => id)];
    try {
      const { rows } = await this.#pool.query<{ id: string }>(
        `UPDATE graphile_worker._private_jobs SET locked_at = NULL, locked_by = NULL
         WHERE locked_by = $1 AND locked_at < now() - make_interval(secs => $2) AND NOT (id = ANY($3::bigint[]))
         RETURNING id`,
        [this.#poolId, LOCK_GRACE_SECONDS, keep],
      );
      if (rows.length) this.#log.warn({ jobs: rows.map((row) => row.id) }, 'released jobs this worker no longer runs');
    } catch (error) {
      this.#log.warn({ err: error }, 'could not look for jobs this worker no longer runs');
    }
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#sweeper);
    clearTimeout(this.#reconnect);
    await this.#client?.end().catch(() => undefined);
  }

  async #connect(): Promise<void> {
    if (this.#stopped) return;
    const client = new pg.Client({ ...this.#pool.options, application_name: `${APPLICATION_PREFIX}${this.#poolId}` });
    const retry = () => {
      if (this.#stopped || this.#client !== client) return;
      this.#client = undefined;
      this.#reconnect = setTimeout(() => void this.#connect(), RECONNECT_MS);
    };
    client.on('error', (error) => this.#log.warn({ err: error }, 'worker liveness session lost'));
    client.on('end', retry);
    this.#client = client;
    try {
      await client.connect();
    } catch {
      retry();
    }
  }
}
