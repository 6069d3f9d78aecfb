import { afterAll, beforeAll, expect, test } from 'vitest';
import { actingAs, createPost, createUser } from '../test/fixtures.ts';
import { testApp } from '../test/test-app.ts';
import { ALL50, FEED_INSERT } from './feed-mix.ts';

const t = await testApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
afterAll(() => t.close());
const { db } = t.container.database;

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);
const ids = (body: { posts: { id: number }[] }) => body.posts.map((post) => post.id);

/** ranks[i] is the post of popularity rank i + 1; fresh[i] the i-th newest post of the last 48 h. */
const ranks: number[] = [];
const fresh: number[] = [];
let viewer: Awaited<ReturnType<typeof actingAs>>;

beforeAll(async () => {
  const author = await createUser(db);
  for (let rank = 1; rank <= 60; rank++) {
    const tags = rank === 52 || rank === 58 ? ['fav'] : rank === 1 ? ['fav', 'hit'] : ['plain'];
    const id = await createPost(db, author.id, { publishedAt: hoursAgo(100 + rank), media: 0, tags });
    await db
      .updateTable('posts')
      .set({ popularity: 1000 - rank })
      .where('id', '=', id)
      .execute();
    ranks.push(id);
  }
  for (let index = 0; index < 3; index++)
    fresh.push(await createPost(db, author.id, { publishedAt: hoursAgo(1 + index), media: 0 }));
  viewer = await actingAs(t, (await createUser(db)).id);
});

async function everything(query: string, limit = 7) {
  const first = await viewer.get(`/api/post/?limit=${limit}&${query}`);
  const all = ids(first);
  let more = first.canLoadMore;
  for (let offset = limit; more; offset += limit) {
    const seed = query.includes('seed=') ? '' : `&seed=${first.seed}`;
    const page = await viewer.get(`/api/post/?limit=${limit}&offset=${offset}&t=${first.t}${seed}&${query}`);
    all.push(...ids(page));
    more = page.canLoadMore;
  }
  return { first, all };
}

test('the mix opens with the feed insert from the popular head, new posts in their slots, every post once', async () => {
  const { first, all } = await everything('seed=11');
  const top50 = new Set(ranks.slice(0, ALL50));
  for (const id of ids(first).slice(0, FEED_INSERT)) expect(top50.has(id)).toBe(true);
  // The popular bucket (ranks 501 on) is empty here, so the pattern's first slot taken is "new".
  expect(ids(first)[FEED_INSERT]).toBe(fresh[0]);
  expect(all).toHaveLength(ranks.length + fresh.length);
  expect(new Set(all)).toEqual(new Set([...ranks, ...fresh]));
  // A post published while paging is not slipped into the later pages of the same snapshot.
  expect(first.seed).toBe(11);
});

test('a page ending past the new bucket head that the feed reads at once counts the bucket instead, with the same order', async () => {
  const short = (await everything('seed=11')).all;
  // Pages of 50: the second ends at position 101, past NEW_HEAD_READ.
  const long = (await everything('seed=11', 50)).all;
  expect(long).toEqual(short);
});

test('the seed reorders the random buckets and the same seed repeats the order', async () => {
  const a = (await everything('seed=1')).all;
  const again = (await everything('seed=1')).all;
  const b = (await everything('seed=2')).all;
  expect(again).toEqual(a);
  expect(b).not.toEqual(a);
  const top50 = new Set(ranks.slice(0, ALL50));
  expect(a.filter((id) => top50.has(id))).not.toEqual(ranks.slice(0, ALL50));
});

test('liked tags lead the all500 bucket (spec §4 preference), and seen posts are pushed back unless nsfhp=1', async () => {
  expect((await viewer.post(`/api/post/like/${ranks[0]}`)).likeByUser).toBe(true);
  const { all } = await everything('seed=5');
  const all500 = all.filter((id) => ranks.indexOf(id) >= ALL50);
  expect(new Set(all500.slice(0, 2))).toEqual(new Set([ranks[51], ranks[57]]));

  for (const id of fresh.slice(0, 2)) expect((await viewer.post(`/api/post/view/${id}`, {})).counted).toBe(true);
  const pushed = (await everything('seed=5')).all;
  expect(pushed[FEED_INSERT]).toBe(fresh[2]);
  // After the opening (all50, all50) and the last new post, the pattern compresses to all500, all50,
  // all500, seen, all50: the seen posts take only the seen slots, one per round, most popular first.
  const seenAt = fresh.slice(0, 2).map((id) => pushed.indexOf(id));
  expect(seenAt.sort((a, b) => a - b)).toEqual([6, 11]);
  expect(new Set(pushed)).toEqual(new Set(all));

  const kept = (await everything('seed=5&nsfhp=1')).all;
  expect(kept[FEED_INSERT]).toBe(fresh[0]);
});

test('seen ids sent by the client are pushed back too, and rest leaves posts out', async () => {
  const anonymous = await t.get(`/api/post/?limit=3&seen=${fresh[0]}&rest=${fresh[1]}`);
  expect(ids(anonymous.body)[FEED_INSERT]).toBe(fresh[2]);
  const { all } = await everything(`seed=3&rest=${ranks[0]},${ranks[1]}`);
  expect(all).not.toContain(ranks[0]);
  expect(all).not.toContain(ranks[1]);
  expect(all).toHaveLength(ranks.length + fresh.length - 2);
});

test('popular=1 lists every proven post before the new ones, paging through all exactly once', async () => {
  const { first, all } = await everything('seed=4&popular=1&nsfhp=1');
  expect(all).toHaveLength(ranks.length + fresh.length);
  expect(all.slice(-fresh.length)).toEqual(fresh);
  expect(new Set(ids(first))).not.toContain(fresh[0]);
});

test('latest=1 lists newest first instead of the mix', async () => {
  expect(ids(await viewer.get('/api/post/?latest=1&limit=3'))).toEqual(fresh);
});
