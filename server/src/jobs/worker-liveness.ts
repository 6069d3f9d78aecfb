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
 */
const APPLICATION_PREFIX = 'velvet-worker:';
/** A lock younger than this is left alone: its pool may still be opening its session. */
const LOCK_GRACE_SECONDS = 10;
const SWEEP_INTERVAL_MS = 15_000;
const RECONNECT_MS = 1_000;

export class WorkerLiveness {
  readonly #pool: pg.Pool;
  readonly #log: Logger;
  #client: pg.Client | undefined;
  #poolId: string | undefined;
  #sweeper: NodeJS.Timeout | undefined;
  #reconnect: NodeJS.Timeout | undefined;
  #stopped = false;

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

  /** Releases the locks of worker pools that have no session any more; answers their ids. */
  async sweep(): Promise<string[]> {
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
