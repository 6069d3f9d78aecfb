import { afterAll, beforeAll, expect, test } from 'vitest';
import { testApp } from '../test/test-app.ts';

const t = await testApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
afterAll(() => t.close());
const { db } = t.container.database;

beforeAll(async () => {
  const banner = (
    title: string,
    values: Partial<{ lgbt: number; priority: number; position: string; active: boolean; ends_at: Date }> = {},
  ) => ({
    title,
    link_url: '/tag/dance',
    position: values.position ?? 'side',
    lgbt: values.lgbt ?? 0,
    priority: values.priority ?? 0,
    active: values.active ?? true,
    ends_at: values.ends_at ?? null,
    tags: ['dance'],
  });
  await db
    .insertInto('banners')
    .values([
      banner('Everyone', { priority: 1 }),
      banner('Straight only', { lgbt: 1, priority: 5 }),
      banner('Gay only', { lgbt: 2, priority: 9 }),
      banner('Switched off', { active: false, priority: 99 }),
      banner('Ended', { ends_at: new Date(Date.now() - 1000), priority: 98 }),
      banner('In the feed', { position: 'feed' }),
    ])
    .execute();
});

test('GET /api/prbn/ answers the running banners of a slot and orientation by priority', async () => {
  const { body } = await t.get('/api/prbn/?position=side&lgbt=1');
  expect(body.statusCode).toBe(2);
  expect(body.banners.map((banner: { title: string }) => banner.title)).toEqual(['Straight only', 'Everyone']);
  expect(body.banners[0]).toMatchObject({ priority: 5, position: 'side', tags: [{ tag: 'dance' }], link: '/tag/dance' });
  const gay = (await t.get('/api/prbn/?position=side&lgbt=2')).body.banners;
  expect(gay.map((banner: { title: string }) => banner.title)).toEqual(['Gay only', 'Everyone']);
  expect((await t.get('/api/prbn/?position=feed')).body.banners).toHaveLength(1);
});

test('a position outside the slot pattern is an input error', async () => {
  expect((await t.get('/api/prbn/?position=SIDE;drop')).body.statusCode).toBe(-10);
  expect((await t.get('/api/prbn/')).body.statusCode).toBe(-10);
});
