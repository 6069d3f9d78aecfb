import type pg from 'pg';
import type { Logger } from 'pino';
import type { EventBus } from './events.ts';
import { MemoryEventBus } from './memory-bus.ts';
import { PostgresEventBus } from './postgres-bus.ts';

export type EventBusKind = 'memory' | 'postgres';

/** The bus the configuration asks for (EVENT_BUS); see realtime/README.md for when to choose which. */
export function createEventBus(kind: EventBusKind, pool: pg.Pool, databaseUrl: string, log: Logger): EventBus {
  return kind === 'memory' ? new MemoryEventBus(log) : new PostgresEventBus(pool, databaseUrl, log);
}
