import { afterAll, beforeAll, expect, test } from 'vitest';
import { startWorker } from '../../jobs/worker.ts';
import { type TestApp, testApp } from '../../test/test-app.ts';

/** GET /media-api/mcp-alive against a real database, job queue and ffmpeg; the worker is started and stopped here. */
let t: TestApp;

beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

const alive = async () => (await t.get('/media-api/mcp-alive')).body;

test('reports no worker until one runs, ffmpeg present, and the media jobs waiting', async () => {
  expect(await alive()).toEqual({ statusCode: 2, worker: false, ffmpeg: true, queueDepth: 0 });

  const later = new Date(Date.now() + 3600_000);
  await t.container.jobs.add('media:purge-orphan-originals', {}, { runAt: later });
  await t.container.jobs.add('media:schedule-stalled-posts', {}, { runAt: later });
  await t.container.jobs.add('posts:refresh-popularity', {}, { runAt: later });
  expect(await alive()).toMatchObject({ worker: false, queueDepth: 2 });

  const worker = await startWorker(t.container.database.pool, { db: t.container.database.db }, 1, t.container.log);
  try {
    expect(await alive()).toMatchObject({ worker: true, queueDepth: 2 });
  } finally {
    await worker.stop();
  }
  expect(await alive()).toMatchObject({ worker: false });
});

test('a worker that stopped beating more than 60 s ago no longer counts', async () => {
  await t.container.database.db
    .insertInto('worker_heartbeats')
    .values({ worker_id: 'gone:1:abc', seen_at: new Date(Date.now() - 61_000) })
    .execute();
  expect(await alive()).toMatchObject({ worker: false });
  await t.container.database.db
    .updateTable('worker_heartbeats')
    .set({ seen_at: new Date(Date.now() - 30_000) })
    .where('worker_id', '=', 'gone:1:abc')
    .execute();
  expect(await alive()).toMatchObject({ worker: true });
});

test('public, and rate limited per address', async () => {
  const statuses: number[] = [];
  for (let index = 0; index < 61; index++) {
    statuses.push((await t.request({ method: 'GET', url: '/media-api/mcp-alive', remoteAddress: '10.9.9.9' })).status);
  }
  expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(60);
  expect(statuses.at(-1)).toBe(429);
});
