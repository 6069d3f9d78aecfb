import { createHash } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Database } from './schema.ts';

// bigint ids fit comfortably in JS numbers for this product's lifetime; counts too.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
// A `date` is a calendar day (the analytics' UTC days): as a Date it would become midnight of the process's time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  readonly db: Db;
  /**
   * A few connections of their own (opened on first use) whose prepared statements always run on their one
   * generic plan (`plan_cache_mode = force_generic_plan`). For statements that every value serves best
   * with the same plan, yet that PostgreSQL would plan afresh on each run because a plan for the values at
   * hand is estimated cheaper: a tag's or a creator's page of ids, planned in about 1 ms and run in 0.3
   * (posts/README.md "Paging"). Mark such statements `prepared` too; anything else stays on `db`.
   */
  readonly genericPlans: Db;
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
 * Where PostgreSQL would still plan each run afresh although one plan serves every value, run the statement
 * on `genericPlans` (a tag's or a creator's page of ids). A list query whose plan hangs on its values (the
 * whole site newest first, whose generic plan sorts every post) stays unnamed, planned for its values every
 * time. Migrations run before the app queries, so no cached plan outlives a schema change.
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

/** How long anything waits on PostgreSQL (config-schema.ts: DB_*_TIMEOUT_MS). */
export interface DatabaseTimeouts {
  /** Waiting for a free connection of the pool, or for a new one to be opened. */
  readonly connectMs: number;
  /** PostgreSQL cancels a statement running longer (statement_timeout). */
  readonly statementMs: number;
  /** PostgreSQL ends a session left idle inside an open transaction longer (idle_in_transaction_session_timeout). */
  readonly idleInTransactionMs: number;
}

export const defaultTimeouts: DatabaseTimeouts = { connectMs: 3000, statementMs: 5000, idleInTransactionMs: 30_000 };

/**
 * statement_timeout only works while the server runs. A server that stopped answering (paused, network
 * gone) would hold a query forever, so the client gives up a little after the server would have: it ends
 * the connection (the pool then drops it) and the query rejects with DATABASE_READ_TIMEOUT.
 */
const READ_TIMEOUT_MARGIN_MS = 1000;
export const DATABASE_READ_TIMEOUT = 'database read timeout';

/**
 * A connection that runs SQL ending in the `prepared` mark as a statement named after its text, and gives
 * up on a query the server does not answer in time. `readTimeoutMs` 0 waits for ever (migrations).
 */
export class PreparingClient extends pg.Client {
  readTimeoutMs = 0;
}
type AnyCallback = (error: Error | null, result?: unknown) => void;
// pg types query() as a dozen overloads; this only names some calls and passes every call on, as they came.
PreparingClient.prototype.query = function query(this: PreparingClient, ...args: unknown[]) {
  const [text, values, ...rest] = args;
  const named =
    typeof text === 'string' && text.endsWith(PREPARED_MARK) ? [{ name: statementName(text), text, values }, ...rest] : args;
  const send = (queryArgs: unknown[]) => (pg.Client.prototype.query as (...a: unknown[]) => unknown).apply(this, queryArgs);
  const isSubmittable = typeof text === 'object' && text !== null && typeof (text as { submit?: unknown }).submit === 'function';
  if (!this.readTimeoutMs || isSubmittable) return send(named);
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, fail) => {
    timer = setTimeout(() => {
      fail(timedOut(new Error(DATABASE_READ_TIMEOUT)));
      this.connection.stream.destroy();
    }, this.readTimeoutMs);
  });
  expired.catch(() => undefined);
  const last = named.at(-1);
  if (typeof last === 'function') {
    const callback = last as AnyCallback;
    let settled = false;
    const settle: AnyCallback = (error, result) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      callback(error, result);
    };
    expired.catch((error: Error) => settle(error));
    return send([...named.slice(0, -1), settle]);
  }
  const answer = send(named) as Promise<unknown>;
  return Promise.race([answer, expired]).finally(() => clearTimeout(timer));
} as pg.Client['query'];

/**
 * Marks a timeout with the code of a network timeout: graphile-worker retries its own writes (a finished
 * job's completion) on ETIMEDOUT, so a job that ends while the database is away is not left locked.
 */
function timedOut(error: Error): Error {
  return Object.assign(error, { code: 'ETIMEDOUT' });
}

/** A pool whose wait for a connection, when it times out, fails as a network timeout does (see timedOut). */
class TimingPool extends pg.Pool {}
const connect = pg.Pool.prototype.connect as (...args: unknown[]) => unknown;
TimingPool.prototype.connect = function connectWithCode(this: pg.Pool, ...args: unknown[]) {
  const tag = (error: unknown) => (error instanceof Error && /timeout/.test(error.message) ? timedOut(error) : error);
  const [callback] = args;
  if (typeof callback === 'function') {
    return connect.call(this, (error: unknown, ...rest: unknown[]) => callback(error ? tag(error) : error, ...rest));
  }
  return (connect.call(this) as Promise<pg.PoolClient>).catch((error: unknown) => {
    throw tag(error);
  });
} as pg.Pool['connect'];

/** Lets one checked-out connection run for as long as it takes (a migration); undone when it is released. */
export async function withoutTimeouts<T>(client: pg.PoolClient, work: () => Promise<T>): Promise<T> {
  const preparing = client as unknown as PreparingClient;
  const readTimeoutMs = preparing.readTimeoutMs;
  preparing.readTimeoutMs = 0;
  await client.query('SET statement_timeout = 0');
  try {
    return await work();
  } finally {
    preparing.readTimeoutMs = readTimeoutMs;
    await client.query('RESET statement_timeout').catch(() => undefined);
  }
}

export function openDatabase(url: string, poolSize: number, log: Logger, timeouts = defaultTimeouts): DatabaseHandle {
  const pool = openPool(url, poolSize, log, timeouts);
  const genericPool = openPool(url, Math.max(2, Math.ceil(poolSize / 4)), log, timeouts, '-c plan_cache_mode=force_generic_plan');
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const genericPlans = new Kysely<Database>({ dialect: new PostgresDialect({ pool: genericPool }) });
  let closed = false;
  return {
    db,
    genericPlans,
    pool,
    async close() {
      if (closed) return;
      closed = true;
      await genericPlans.destroy();
      await db.destroy();
      // Kysely only ends a pool if it ever ran a query; migrations and jobs use the pool directly.
      for (const each of [genericPool, pool]) if (!each.ended) await each.end();
    },
  };
}

function openPool(url: string, max: number, log: Logger, timeouts: DatabaseTimeouts, options?: string): pg.Pool {
  const pool = new TimingPool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    Client: PreparingClient,
    options,
  });
  // Without these listeners a server-side disconnect (e.g. PostgreSQL stopping during shutdown) crashes the process.
  pool.on('error', (error) => log.warn({ err: briefly(error) }, 'idle database connection failed'));
  pool.on('connect', (client) => {
    (client as unknown as PreparingClient).readTimeoutMs = timeouts.statementMs + READ_TIMEOUT_MARGIN_MS;
    client.on('error', (error) => log.warn({ err: briefly(error) }, 'database connection failed'));
  });
  return pool;
}

/** pg attaches the whole client to a connection error; logging that would print every parsed statement. */
function briefly(error: Error): { message: string; code?: string } {
  return { message: error.message, code: (error as { code?: string }).code };
}
