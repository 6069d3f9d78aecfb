import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { actingAs, createUser, ensureTag } from '../test/fixtures.ts';
import { recordQueries } from '../test/query-recorder.ts';
import { testApp } from '../test/test-app.ts';
import { PostStatus } from './post-status.ts';

const t = await testApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
afterAll(() => t.close());
const { db } = t.container.database;

const TOTAL = 60_000;
let authorId = 0;
let tagId = 0;
let hiddenTagId = 0;

beforeAll(async () => {
  authorId = (await createUser(db)).id;
  tagId = await ensureTag(db, 'deep');
  // One author, one tag, a post a minute: enough rows that the planner must choose between index and sort.
  await sql`
    INSERT INTO posts (user_id, kind, title, status, lgbt, published_at, created_at, popularity)
    SELECT ${authorId}, 'video', 'deep ' || n, ${PostStatus.published}, 1 + n % 2,
           now() - n * interval '1 minute', now() - n * interval '1 minute', n % 997
    FROM generate_series(1, ${TOTAL}) n`.execute(db);
  await sql`INSERT INTO post_tags (post_id, tag_id) SELECT id, ${tagId} FROM posts WHERE user_id = ${authorId}`.execute(db);
  // A tag whose posts are all still processing: nothing to list, and nothing else may be walked to find that out.
  hiddenTagId = await ensureTag(db, 'hidden');
  await sql`
    WITH hidden AS (
      INSERT INTO posts (user_id, kind, title, status, created_at)
      SELECT ${authorId}, 'video', 'hidden ' || n, ${PostStatus.processing}, now() - n * interval '1 hour' FROM generate_series(1, 50) n
      RETURNING id
    )
    INSERT INTO post_tags (post_id, tag_id) SELECT id, ${hiddenTagId} FROM hidden`.execute(db);
  await sql`ANALYZE posts; ANALYZE post_tags; ANALYZE users`.execute(db);
});

/**
 * Runs a request and EXPLAINs the statement that selected the page (the one with OFFSET) as it runs: a
 * prepared one (a tag's or a creator's list) on its generic plan, as the app's `genericPlans` connections do.
 */
async function planOf(url: string): Promise<{ body: { posts: { title: string }[] }; plan: string }> {
  const { result: body, queries: seen } = await recordQueries(async () => (await actingAs(t, authorId)).get(url));
  const page = seen.find((query) => / offset \$\d+( \/\* prepared \*\/)?$/.test(query.text));
  if (!page) throw new Error(`no paged query for ${url}`);
  const client = await t.container.database.pool.connect();
  try {
    const generic = page.text.endsWith('/* prepared */');
    await client.query(`SET plan_cache_mode = ${generic ? 'force_generic_plan' : 'auto'}`);
    const { rows } = await client.query(`EXPLAIN ${page.text}`, page.values);
    return { body, plan: rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n') };
  } finally {
    await client.query('RESET plan_cache_mode');
    client.release();
  }
}

test.each([
  ['newest first', '/api/post/?latest=1', /Index Scan.*posts_listed_feed/, 20],
  ['one orientation', '/api/post/?latest=1&lgbt=2', /Index Scan.*posts_listed/, 20],
  ['a profile', `/api/post/?userId=__author__`, /Index Scan.*posts_profile/, 20],
  ['a tag', `/api/post/?tagId=__tag__`, /Index (Only )?Scan.*post_tags_listed/, 20],
  ['a tag of hidden posts', `/api/post/?tagId=__hidden__`, /Index (Only )?Scan.*post_tags_listed/, 0],
])('offset 10,000 of %s walks an index instead of sorting every row', async (_, path, index, count) => {
  const url = `${path
    .replace('__author__', String(authorId))
    .replace('__tag__', String(tagId))
    .replace('__hidden__', String(hiddenTagId))}&limit=20&offset=10000`;
  const { body, plan } = await planOf(url);
  expect(body.posts).toHaveLength(count);
  expect(plan).toMatch(index);
  expect(plan).not.toMatch(/Seq Scan on posts/);
  expect(plan).not.toMatch(/^\s*->\s+Sort\b/m);
});

test('the home mix at offset 10,000 answers the right slice', async () => {
  const first = await t.get('/api/post/?limit=20');
  const deep = await t.get(`/api/post/?limit=20&offset=10000&t=${first.body.t}&seed=${first.body.seed}`);
  expect(deep.body.posts).toHaveLength(20);
  expect(deep.body.canLoadMore).toBe(true);
});
