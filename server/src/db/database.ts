import { createHash } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
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

const PREPARED_MARK = '/* prepared */';

/**
 * Put at the end of a SELECT (`.modifyEnd(prepared)`) to run it as a named prepared statement: each
 * connection then parses and plans it once, and PostgreSQL keeps a generic plan once it sees that one
 * serves. Only for queries whose text is the same whatever their values and whose best plan does not
 * depend on them, like the feed's card query (0.5 ms of planning for 0.6 ms of execution on every page).
 * A list query whose plan hangs on its values (a hot tag against a rare one) stays unnamed, planned for
 * its values every time. Migrations run before the app queries, so no cached plan outlives a schema change.
 */
export const prepared = sql.raw(PREPARED_MARK);

/**
 * Statement names by SQL text, worked out once per text rather than hashed on every query: few texts carry
 * the mark (the card query's variants), so the map stays as small.
 */
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `velvet_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

/** A connection that runs SQL ending in the `prepared` mark as a statement named after its text. */
class PreparingClient extends pg.Client {}
// pg types query() as a dozen overloads; this only names some calls and passes every call on, as they came.
PreparingClient.prototype.query = function query(this: pg.Client, ...args: unknown[]) {
  const [text, values, ...rest] = args;
  const named =
    typeof text === 'string' && text.endsWith(PREPARED_MARK) ? [{ name: statementName(text), text, values }, ...rest] : args;
  return (pg.Client.prototype.query as (...queryArgs: unknown[]) => unknown).apply(this, named);
} as pg.Client['query'];

export function openDatabase(url: string, poolSize: number, log: Logger): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 30_000, Client: PreparingClient });
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
