import { sql } from 'kysely';
import { afterAll, expect, test } from 'vitest';
import { PostStatus } from '../posts/post-status.ts';
import { actingAs, createPost, createUser } from '../test/fixtures.ts';
import { testApp } from '../test/test-app.ts';

const t = await testApp();
afterAll(() => t.close());
const { db } = t.container.database;

test('a list of one state pages by cursor through that state only, newest first, on the status index', async () => {
  const owner = await createUser(db);
  const drafts: number[] = [];
  for (let index = 0; index < 5; index += 1) {
    drafts.push(await createPost(db, owner.id, { status: PostStatus.draft }));
    await createPost(db, owner.id);
  }
  const processing = [
    await createPost(db, owner.id, { status: PostStatus.queued }),
    await createPost(db, owner.id, { status: PostStatus.checking }),
  ];
  const asOwner = await actingAs(t, owner.id);
  const ids = (answer: { posts: { id: number }[] }) => answer.posts.map((post) => post.id);

  const first = await asOwner.get('/api/studio/posts?state=draft&limit=3');
  expect(ids(first)).toEqual(drafts.slice(-3).reverse());
  const second = await asOwner.get(`/api/studio/posts?state=draft&limit=3&cursor=${first.cursor}`);
  expect(ids(second)).toEqual(drafts.slice(0, 2).reverse());
  expect(second.cursor).toBeNull();
  expect(ids(await asOwner.get('/api/studio/posts?state=processing'))).toEqual([...processing].reverse());

  // The filtered page is read from posts_studio_by_status, not by filtering every post of the creator's.
  await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    const { rows } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT id FROM posts
      WHERE user_id = ${owner.id} AND deleted_at IS NULL AND status <> ${PostStatus.removed} AND status = ${PostStatus.draft}
      ORDER BY created_at DESC, id DESC LIMIT 4`.execute(trx);
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).toContain('posts_studio_by_status');
    expect(plan).not.toContain('Sort');
  });
});
