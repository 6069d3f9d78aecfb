import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createPost, createUser } from '../test/fixtures.ts';
import { testApp } from '../test/test-app.ts';
import { createTag, indexPosts } from './discovery-fixtures.ts';

const t = await testApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
afterAll(() => t.close());
const { db } = t.container.database;

const titles = (posts: { title: string }[]) => posts.map((post) => post.title).sort();
const CAFE_TITLES = ['Café au lait morning', 'Cafe crawl in Paris', 'Late café session', 'Rooftop café dance'];
let danceId: number;
let aliceId: number;

beforeAll(async () => {
  danceId = await createTag(db, { names: { en: 'Dance', cs: 'Tanec', es: 'Baile' }, useCount: 300 });
  await createTag(db, { names: { en: 'Dancehall' }, useCount: 20 });
  const alice = await createUser(db, { username: 'dancequeen', displayName: 'Alice Café' });
  aliceId = alice.id;
  await createUser(db, { username: 'banned_dancer', banned: true });
  await createPost(db, alice.id, { title: CAFE_TITLES[0], tags: ['dance'] });
  await createPost(db, alice.id, { title: CAFE_TITLES[1] });
  await createPost(db, alice.id, { title: CAFE_TITLES[2], tags: ['dance'] });
  await createPost(db, alice.id, { title: CAFE_TITLES[3], tags: ['dance'] });
  await createPost(db, alice.id, { title: 'Café for two', lgbt: 2 });
  await createPost(db, alice.id, { title: 'Hidden café draft', status: 1 });
  for (let index = 0; index < 31; index++) await createPost(db, alice.id, { title: `Zebra stripes ${index}` });
  await indexPosts(db);
});

describe('GET /api/2/search', () => {
  test('answers the §3 result shape', async () => {
    const { body } = await t.get('/api/2/search?q=cafe');
    expect(Object.keys(body).sort()).toEqual(
      [
        'statusCode',
        'posts',
        'popular',
        'tags',
        'users',
        'playlists',
        'query',
        'lgbt',
        'inclTagId',
        'exclTagId',
        'canLoadMore',
        'restricted',
        'suggestedLgbt',
      ].sort(),
    );
    expect(body).toMatchObject({ statusCode: 2, query: 'cafe', lgbt: 1, restricted: false, canLoadMore: false, popular: [] });
  });

  test('finds "café" for "cafe" and "cafe" for "Café", only published posts of the orientation', async () => {
    expect(titles((await t.get('/api/2/search?q=cafe')).body.posts)).toEqual([...CAFE_TITLES].sort());
    expect(titles((await t.get(`/api/2/search?q=${encodeURIComponent('Café')}`)).body.posts)).toEqual([...CAFE_TITLES].sort());
    expect(titles((await t.get('/api/2/search?q=cafe&lgbt=2')).body.posts)).toEqual([]);
  });

  test('tolerates a one-letter typo in a title word and in a tag name', async () => {
    expect(titles((await t.get('/api/2/search?q=cafw')).body.posts)).toEqual([...CAFE_TITLES].sort());
    const dance = await t.get('/api/2/search?q=dancr');
    expect(titles(dance.body.posts)).toEqual(['Café au lait morning', 'Late café session', 'Rooftop café dance']);
    expect(dance.body.tags[0]).toMatchObject({ id: danceId, tag: 'dance' });
  });

  test('corrects the misspelt word of several and, when the words never meet, finds any of them', async () => {
    const corrected = (await t.get('/api/search/post-tag?q=rooftp%20cafe')).body;
    expect(titles(corrected.posts)).toEqual(['Rooftop café dance']);
    const apart = (await t.get('/api/search/post-tag?q=paris%20session')).body;
    expect(titles(apart.posts)).toEqual(['Cafe crawl in Paris', 'Late café session']);
    const hidden = (await t.get('/api/search/post-tag?q=draft%20hiden')).body;
    expect(hidden.posts).toEqual([]);
  });

  test('finds posts through a tag name in another language, and users by display name', async () => {
    const { body } = await t.get('/api/2/search?q=tanec');
    expect(body.posts).toHaveLength(3);
    const users = (await t.get('/api/2/search?q=alice')).body.users;
    expect(users.map((user: { id: number }) => user.id)).toEqual([aliceId]);
  });

  test('fewer results than minResults count as empty and the popular posts stand in', async () => {
    const { body } = await t.get('/api/2/search?q=paris');
    expect(body.posts).toEqual([]);
    expect(body.popular.length).toBeGreaterThan(0);
    expect(body.canLoadMore).toBe(false);
  });

  test('pages by 30 with canLoadMore', async () => {
    const first = (await t.get('/api/2/search?q=zebra')).body;
    expect(first.posts).toHaveLength(30);
    expect(first.canLoadMore).toBe(true);
    const second = (await t.get('/api/2/search?q=zebra&offset=30')).body;
    expect(second.posts).toHaveLength(1);
    expect(second.canLoadMore).toBe(false);
    expect(second.users).toEqual([]);
  });

  test('a restricted query answers -2 with the flag and nothing else', async () => {
    const { body } = await t.get(`/api/2/search?q=${encodeURIComponent('Child Porn')}`);
    expect(body).toMatchObject({
      statusCode: -2,
      error: 'restricted_query',
      restricted: true,
      posts: [],
      popular: [],
      tags: [],
      users: [],
    });
    for (const path of [
      '/api/search/post-tag',
      '/api/search/whisperer',
      '/api/search/whisperer/tag',
      '/api/search/user',
      '/api/search/tag',
    ]) {
      expect((await t.get(`${path}?q=bestiality`)).body, path).toMatchObject({ statusCode: -2, restricted: true });
    }
    const recorded = await db.selectFrom('search_query_totals').select('query').where('query', 'like', '%porn%').execute();
    expect(recorded).toEqual([]);
  });

  test('a trigger word offers the other orientation', async () => {
    expect((await t.get('/api/2/search?q=gay%20cafe')).body.suggestedLgbt).toBe(2);
    expect((await t.get('/api/2/search?q=gay%20cafe&lgbt=2')).body.suggestedLgbt).toBe(null);
  });

  test('rejects a query longer than 200 characters', async () => {
    expect((await t.get(`/api/2/search?q=${'a'.repeat(201)}`)).body.statusCode).toBe(-10);
  });
});

describe('GET /api/search/*', () => {
  test('post-tag filters by included and excluded tag', async () => {
    const excluded = (await t.get(`/api/search/post-tag?q=cafe&exclTagId=${danceId}`)).body;
    expect(titles(excluded.posts)).toEqual(['Cafe crawl in Paris']);
    expect(excluded).toMatchObject({ statusCode: 2, exclTagId: danceId, canLoadMore: false });
    const included = (await t.get(`/api/search/post-tag?q=cafe&inclTagId=${danceId}`)).body;
    expect(included.posts).toHaveLength(3);
  });

  test('user and tag searches page by 30 and skip banned accounts', async () => {
    const users = (await t.get('/api/search/user?q=dance')).body;
    expect(users.users.map((user: { username: string }) => user.username)).toEqual(['dancequeen']);
    const tags = (await t.get('/api/search/tag?q=dance')).body;
    expect(tags.tags.map((tag: { tag: string }) => tag.tag)).toEqual(['dance', 'dancehall']);
  });

  test('the whisperer suggests past searches, tags and accounts as someone types', async () => {
    await t.get('/api/2/search?q=cafe');
    const { body } = await t.get('/api/search/whisperer?q=caf');
    expect(body.suggestions).toContainEqual({ type: 'query', text: 'cafe' });
    const dan = (await t.get('/api/search/whisperer?q=dan')).body.suggestions;
    expect(dan.filter((s: { type: string }) => s.type === 'tag').map((s: { tag: string }) => s.tag)).toEqual([
      'dance',
      'dancehall',
    ]);
    expect(dan.filter((s: { type: string }) => s.type === 'user').map((s: { username: string }) => s.username)).toEqual([
      'dancequeen',
    ]);
    const typo = (await t.get('/api/search/whisperer/tag?q=dence')).body;
    expect(typo.tags.map((tag: { tag: string }) => tag.tag)).toContain('dance');
  });

  test('top queries, popular, combo and random are per country and only count searches that found enough', async () => {
    const cz = { country: 'CZ' };
    for (let index = 0; index < 3; index++) await t.get('/api/2/search?q=zebra', cz);
    await t.get('/api/2/search?q=cafe%20dance', cz);
    await t.get('/api/2/search?q=paris', cz);
    const top = (await t.get('/api/search/top-queries?country=CZ')).body;
    expect(top).toMatchObject({ statusCode: 2, country: 'CZ' });
    expect(top.queries).toEqual([
      { query: 'zebra', searches: 3 },
      { query: 'cafe dance', searches: 1 },
    ]);
    expect((await t.get('/api/search/popular?country=CZ')).body.queries[0]).toEqual({ query: 'zebra', searches: 3 });
    expect((await t.get('/api/search/combo?country=CZ')).body.queries).toEqual([{ query: 'cafe dance', searches: 1 }]);
    // Everything searched here is in the top list, so "something different" has nothing different to offer.
    expect((await t.get('/api/search/random?country=CZ')).body.queries).toEqual([]);
    const de = (await t.get('/api/search/top-queries?country=DE')).body.queries.map((row: { query: string }) => row.query);
    expect(de).toEqual([]);
  });

  test('trends leave out searches too short to mean anything and misspellings found only by typo tolerance', async () => {
    const it = { country: 'IT' };
    // Queries no earlier test sent, so the response cache answers none of them unsearched.
    const misspelt = await t.get('/api/2/search?q=cafq', it);
    expect(titles(misspelt.body.posts)).toEqual([...CAFE_TITLES].sort());
    // Counted after each answer is sent: the last one, left out anyway, may land after the list is read.
    for (const q of ['stripes', 'z', 'ca'])
      expect((await t.get(`/api/2/search?q=${q}`, it)).body.posts.length, q).toBeGreaterThan(2);
    const top = (await t.get('/api/search/top-queries?country=IT')).body.queries;
    expect(top).toEqual([{ query: 'stripes', searches: 1 }]);
  });

  test('spellings differing in case, accents or spaces count as one trend, and the random list differs from the top', async () => {
    const row = (query: string, searches: number) => ({ country: 'FR', query, searches, results: 10 });
    const filler = Array.from({ length: 55 }, (_, index) => row(`filler${String(index).padStart(2, '0')}`, 1));
    await db
      .insertInto('search_queries')
      .values([row('pole dance', 5), row('poledance', 2), row('Pole Dancé', 1), row('zebra', 6), ...filler])
      .execute();
    const top = (await t.get('/api/search/top-queries?country=FR')).body.queries as { query: string; searches: number }[];
    expect(top.slice(0, 2)).toEqual([
      { query: 'pole dance', searches: 8 },
      { query: 'zebra', searches: 6 },
    ]);
    expect(top).toHaveLength(50);
    const random = (await t.get('/api/search/random?country=FR')).body.queries as { query: string }[];
    const shown = new Set(top.map((entry) => entry.query));
    expect(random.length).toBe(57 - 50);
    for (const entry of random) expect(shown.has(entry.query)).toBe(false);
  });
});
