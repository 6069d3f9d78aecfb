import type { Logger } from 'pino';
import type { BusEvent, BusHandler, EventBus } from './events.ts';

/**
 * In-process bus: for one process that runs app and worker together (or tests). Events are delivered
 * after the publisher's current task, like a round trip through PostgreSQL would, so code written against
 * one implementation cannot come to depend on synchronous delivery.
 */
export class MemoryEventBus implements EventBus {
  private readonly handlers = new Set<BusHandler>();
  private readonly log: Logger;

  constructor(log: Logger) {
    this.log = log;
  }

  async publish(event: BusEvent): Promise<void> {
    // A JSON round trip gives subscribers the same plain data the PostgreSQL bus would.
    const copy = JSON.parse(JSON.stringify(event)) as BusEvent;
    setImmediate(() => deliver(this.handlers, copy, this.log));
  }

  subscribe(handler: BusHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async close(): Promise<void> {
    this.handlers.clear();
  }
}

/** Calls every handler; one failing handler neither stops the others nor the bus. */
export function deliver(handlers: Iterable<BusHandler>, event: BusEvent, log: Logger): void {
  for (const handler of handlers) {
    try {
      handler(event);
    } catch (error) {
      log.error({ err: error, eventType: event.type }, 'event handler failed');
    }
  }
}
