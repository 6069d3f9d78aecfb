import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from './schema.ts';

// bigint ids fit comfortably in JS numbers for this product's lifetime; counts too.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  readonly db: Db;
  /** Shared with graphile-worker so the whole process uses one set of connections. */
  readonly pool: pg.Pool;
  close(): Promise<void>;
}

export function openDatabase(url: string, poolSize: number, log: Logger): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 30_000 });
  // Without these listeners a server-side disconnect (e.g. PostgreSQL stopping during shutdown) crashes the process.
  pool.on('error', (error) => log.warn({ err: briefly(error) }, 'idle database connection failed'));
  pool.on('connect', (client) => client.on('error', (error) => log.warn({ err: briefly(error) }, 'database connection failed')));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  let closed = false;
  return {
    db,
    pool,
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
      // Kysely only ends the pool if it ever ran a query; migrations and jobs use the pool directly.
      if (!pool.ended) await pool.end();
    },
  };
}

/** pg attaches the whole client to a connection error; logging that would print every parsed statement. */
function briefly(error: Error): { message: string; code?: string } {
  return { message: error.message, code: (error as { code?: string }).code };
}
