import { afterAll, expect, test } from 'vitest';
import { createLogger } from '../logger.ts';
import { testApp } from '../test/test-app.ts';
import type { BusEvent } from './events.ts';
import { MemoryEventBus } from './memory-bus.ts';
import { PostgresEventBus } from './postgres-bus.ts';

const t = await testApp();
afterAll(() => t.close());
const log = createLogger('silent');
const { pool } = t.container.database;

function collect(bus: { subscribe(handler: (event: BusEvent) => void): () => void }) {
  const seen: BusEvent[] = [];
  bus.subscribe((event) => seen.push(event));
  return seen;
}

test('the in-process bus delivers a copy to every subscriber, after the publisher returns', async () => {
  const bus = new MemoryEventBus(log);
  const first = collect(bus);
  const second = collect(bus);
  const event: BusEvent = { type: 'post-likes', postId: 1, likesCount: 2 };
  await bus.publish(event);
  expect(first).toEqual([]);
  await expect.poll(() => [first, second]).toEqual([[event], [event]]);
  expect(first[0]).not.toBe(event);
  await bus.close();
});

test('the PostgreSQL bus reaches every listener on the database, small and large events alike, in order', async () => {
  const one = new PostgresEventBus(pool, t.database.url, log);
  const two = new PostgresEventBus(pool, t.database.url, log);
  const seenByOne = collect(one);
  const seenByTwo = collect(two);
  await Promise.all([one.listen(), two.listen()]);
  const small: BusEvent = { type: 'post-shares', postId: 9, shareCount: 3 };
  const large: BusEvent = {
    type: 'notification-batch',
    userIds: Array.from({ length: 2000 }, (_, index) => index + 1),
    ids: Array.from({ length: 2000 }, (_, index) => index + 100_000),
    notification: {
      id: 1,
      type: 'post-created',
      createdDate: new Date(0).toISOString(),
      readDate: null,
      user: null,
      users: [],
      usersCount: 1,
      post: null,
      scraperJob: null,
      moderation: null,
      performer: null,
      minOld: 0,
      isNew: true,
    },
  };
  expect(Buffer.byteLength(JSON.stringify(large))).toBeGreaterThan(8000);
  await one.publish(large);
  await one.publish(small);
  await expect.poll(() => seenByTwo.length).toBe(2);
  expect(seenByTwo).toEqual([large, small]);
  await expect.poll(() => seenByOne).toEqual([large, small]);
  const spilled = await pool.query('SELECT count(*)::int AS count FROM event_payloads');
  expect(spilled.rows[0].count).toBe(1);
  await Promise.all([one.close(), two.close()]);
});

test('the PostgreSQL bus hears bans made by any means (the users trigger)', async () => {
  const bus = new PostgresEventBus(pool, t.database.url, log);
  const seen = collect(bus);
  await bus.listen();
  const { rows } = await pool.query<{ id: number }>("INSERT INTO users (username) VALUES ('bus.banned') RETURNING id");
  const userId = Number(rows[0]?.id);
  await pool.query('UPDATE users SET banned_at = now() WHERE id = $1', [userId]);
  await pool.query('UPDATE users SET banned_at = now() WHERE id = $1', [userId]);
  // A ban also withdraws the account's content from the response cache (migration 0015), once, and drops
  // its post cards (migration 0039; the second update moves banned_at again, so they may go twice).
  await expect
    .poll(() => seen)
    .toEqual(
      expect.arrayContaining([
        { type: 'logout-banned', userId },
        { type: 'content-withdrawn' },
        { type: 'cards-changed', authorId: userId },
      ]),
    );
  expect(seen.filter((event) => event.type !== 'cards-changed')).toHaveLength(2);
  await bus.close();
});

test('a listener that loses its connection reconnects and hears later events', async () => {
  const bus = new PostgresEventBus(pool, t.database.url, log);
  const publisher = new PostgresEventBus(pool, t.database.url, log);
  const seen = collect(bus);
  await bus.listen();
  await pool.query(
    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%'",
  );
  const event: BusEvent = { type: 'post-likes', postId: 5, likesCount: 1 };
  await expect
    .poll(
      async () => {
        await publisher.publish(event);
        return seen.length;
      },
      { timeout: 5000, interval: 300 },
    )
    .toBeGreaterThan(0);
  expect(seen[0]).toEqual(event);
  await Promise.all([bus.close(), publisher.close()]);
});

test("a process's own subscribers hear its events once, before the round trip", async () => {
  const bus = new PostgresEventBus(pool, t.database.url, log);
  const seen = collect(bus);
  await bus.listen();
  const event: BusEvent = { type: 'post-shares', postId: 77, shareCount: 4 };
  await bus.publish(event);
  await expect.poll(() => seen).toEqual([event]);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(seen).toEqual([event]);
  await bus.close();
});
