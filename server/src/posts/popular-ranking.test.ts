import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPost, createUser } from '../test/fixtures.ts';
import { testApp } from '../test/test-app.ts';
import { NEW_WINDOW_MS } from './feed-mix.ts';
import { FeedSupplyRepository, type SupplyScope } from './feed-supply.repository.ts';
import { PopularRanking } from './popular-ranking.ts';

const t = await testApp();
afterAll(() => t.close());
const { db } = t.container.database;
const supply = new FeedSupplyRepository(db);

/** Posts by popularity rank: ranked[0] the most popular. All older than the new window. */
const ranked: number[] = [];
let clock = Date.now();

function scope(extra: Partial<SupplyScope> = {}): SupplyScope {
  return { snapshot: new Date(clock), newSince: new Date(clock - NEW_WINDOW_MS), lgbt: 1, seen: [], exclude: [], ...extra };
}

async function setPopularity(id: number, popularity: number) {
  await db.updateTable('posts').set({ popularity }).where('id', '=', id).execute();
}

beforeAll(async () => {
  const author = await createUser(db);
  for (let rank = 0; rank < 5; rank++) {
    const id = await createPost(db, author.id, { publishedAt: new Date(clock - NEW_WINDOW_MS - 3600_000), media: 0 });
    await setPopularity(id, 100 - rank);
    ranked.push(id);
  }
  await createPost(db, author.id, { media: 0 }); // new: never in the ranking
});

describe('PopularRanking', () => {
  test('answers the head in popularity order without the seen and left-out posts, as the database does', async () => {
    const ranking = new PopularRanking(supply, 30, () => clock);
    const asked = scope({ seen: [ranked[1] as number], exclude: [ranked[3] as number] });
    expect(await ranking.head(asked)).toEqual([ranked[0], ranked[2], ranked[4]]);
    expect(await ranking.head(asked)).toEqual(await supply.popularHead(asked));
  });

  test('is read once per period and shared; a later period or a distant snapshot sees the change', async () => {
    const ranking = new PopularRanking(supply, 30, () => clock);
    expect((await ranking.head(scope()))[0]).toBe(ranked[0]);
    await setPopularity(ranked[4] as number, 1000);
    try {
      expect((await ranking.head(scope()))[0]).toBe(ranked[0]);
      expect((await ranking.head(scope({ snapshot: new Date(clock - 60_000) })))[0]).toBe(ranked[4]);
      clock += 31_000;
      expect((await ranking.head(scope()))[0]).toBe(ranked[4]);
    } finally {
      await setPopularity(ranked[4] as number, 96);
    }
  });

  test('with 0 seconds reads the database for every page', async () => {
    const ranking = new PopularRanking(supply, 0, () => clock);
    expect(await ranking.head(scope())).toEqual(ranked);
    await setPopularity(ranked[2] as number, 1000);
    try {
      expect((await ranking.head(scope()))[0]).toBe(ranked[2]);
    } finally {
      await setPopularity(ranked[2] as number, 98);
    }
  });

  test('the popular bucket starts after the head', async () => {
    const ranking = new PopularRanking(supply, 30, () => clock);
    expect(await ranking.bucket(scope(), 0, 10)).toEqual([]);
  });
});
