import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Logger } from 'pino';
import type { BusEvent, BusHandler, EventBus } from './events.ts';
import { deliver } from './memory-bus.ts';

/** The channel every node LISTENs on; migration 0008's ban trigger notifies it too. */
export const EVENT_CHANNEL = 'velvet_events';
/** NOTIFY refuses payloads of 8000 bytes or more; anything at or above this goes through event_payloads. */
export const NOTIFY_LIMIT_BYTES = 7900;
const SPILLED_PREFIX = '#';
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

/**
 * PostgreSQL LISTEN/NOTIFY bus: every app node and worker sharing the database sees every event. A large
 * event is stored in `event_payloads` and the notification carries only its row id. Publishing uses the
 * shared pool; listening holds one dedicated connection, opened at the first subscription and reopened
 * with backoff when it drops (events sent while it is down are missed: the live layer is best-effort, the
 * notification lists are the record). This process's own subscribers get its events at once, without the
 * round trip: each payload names its origin, and a listener skips the ones it sent itself.
 */
export class PostgresEventBus implements EventBus {
  private readonly pool: pg.Pool;
  private readonly url: string;
  private readonly log: Logger;
  private readonly handlers = new Set<BusHandler>();
  private readonly origin = randomUUID();
  private listener: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private reconnectDelay = RECONNECT_MIN_MS;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private closed = false;
  /** Spilled events are fetched asynchronously; the chain keeps delivery in NOTIFY order. */
  private delivery: Promise<void> = Promise.resolve();

  constructor(pool: pg.Pool, url: string, log: Logger) {
    this.pool = pool;
    this.url = url;
    this.log = log.child({ component: 'event-bus' });
  }

  async publish(event: BusEvent): Promise<void> {
    const payload = JSON.stringify({ ...event, origin: this.origin });
    const copy = JSON.parse(payload) as BusEvent & { origin?: string };
    delete copy.origin;
    setImmediate(() => deliver(this.handlers, copy, this.log));
    if (Buffer.byteLength(payload) < NOTIFY_LIMIT_BYTES) {
      await this.pool.query('SELECT pg_notify($1, $2)', [EVENT_CHANNEL, payload]);
      return;
    }
    await this.pool.query(
      `WITH stored AS (INSERT INTO event_payloads (payload) VALUES ($2::jsonb) RETURNING id)
       SELECT pg_notify($1, $3 || id::text) FROM stored`,
      [EVENT_CHANNEL, payload, SPILLED_PREFIX],
    );
  }

  subscribe(handler: BusHandler): () => void {
    this.handlers.add(handler);
    void this.listen();
    return () => this.handlers.delete(handler);
  }

  /** Resolves once this node is LISTENing (tests and benchmarks wait for it before publishing). */
  listen(): Promise<void> {
    if (this.listener || this.closed) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    this.handlers.clear();
    await this.connecting?.catch(() => undefined);
    const client = this.listener;
    this.listener = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('error', (error) => this.dropped(client, error));
    client.on('end', () => this.dropped(client));
    client.on('notification', (message) => {
      if (message.channel === EVENT_CHANNEL && message.payload) this.received(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENT_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      this.scheduleReconnect(error);
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.listener = client;
    this.reconnectDelay = RECONNECT_MIN_MS;
  }

  private dropped(client: pg.Client, error?: Error) {
    if (this.listener !== client) return;
    this.listener = undefined;
    client.end().catch(() => undefined);
    this.scheduleReconnect(error);
  }

  private scheduleReconnect(error: unknown) {
    if (this.closed || this.reconnectTimer) return;
    this.log.warn({ err: error, retryInMs: this.reconnectDelay }, 'event bus listener lost; reconnecting');
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.listen();
    }, this.reconnectDelay);
    this.reconnectTimer.unref();
    this.reconnectDelay = Math.min(this.reconnectDelay * 2, RECONNECT_MAX_MS);
  }

  private received(payload: string) {
    if (!payload.startsWith(SPILLED_PREFIX)) {
      const event = this.foreign(this.parse(payload));
      // Nothing is waiting on a spilled event: deliver at once, keeping the order after any that is.
      this.delivery = this.delivery.then(() => {
        if (event) deliver(this.handlers, event, this.log);
      });
      return;
    }
    const id = Number(payload.slice(SPILLED_PREFIX.length));
    const loading = this.pool.query<{ payload: BusEvent }>('SELECT payload FROM event_payloads WHERE id = $1', [id]);
    this.delivery = this.delivery.then(async () => {
      try {
        const { rows } = await loading;
        if (!rows[0]) this.log.warn({ id }, 'spilled event already purged');
        const event = this.foreign(rows[0]?.payload);
        if (event) deliver(this.handlers, event, this.log);
      } catch (error) {
        this.log.error({ err: error, id }, 'spilled event could not be read');
      }
    });
  }

  /** The event without its origin, or undefined when this process sent it (already delivered here). */
  private foreign(event: (BusEvent & { origin?: string }) | undefined): BusEvent | undefined {
    if (!event || event.origin === this.origin) return undefined;
    const { origin: _origin, ...rest } = event;
    return rest as BusEvent;
  }

  private parse(payload: string): BusEvent | undefined {
    try {
      return JSON.parse(payload) as BusEvent;
    } catch (error) {
      this.log.error({ err: error }, 'event with malformed payload ignored');
      return undefined;
    }
  }
}
