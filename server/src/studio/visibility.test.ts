import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { PostStatus } from '../posts/post-status.ts';
import { actingAs, authAs, createPost, createUser } from '../test/fixtures.ts';
import { type TestApp, testApp } from '../test/test-app.ts';
import { creatorWithDraft, hoursFromNow, publishedCount } from './test-support.ts';

/** Who sees drafts and scheduled posts, the studio list, and the per-post settings as others meet them. */
describe('studio visibility and settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ env: { BASE_URL: 'http://velvet.test' } });
  });
  afterAll(() => t.close());

  const mediaNameOf = async (postId: number) => {
    const row = await t.container.database.db
      .selectFrom('media_files')
      .select('name')
      .where('post_id', '=', postId)
      .executeTakeFirstOrThrow();
    await t.container.storage.put(`media/${row.name}/mp4-540.mp4`, new Uint8Array(64));
    return row.name;
  };

  test('a draft or scheduled post is its owner’s only: not in feeds, lists, counts, by id or as media', async () => {
    const { owner, follower, draft, asOwner, asFollower } = await creatorWithDraft(t);
    const scheduled = await createPost(t.container.database.db, owner.id, { status: PostStatus.draft });
    await t.container.database.db
      .updateTable('posts')
      .set({ target_status: PostStatus.draft })
      .where('id', '=', scheduled)
      .execute();
    await asOwner.put(`/api/studio/posts/${scheduled}/schedule`, { at: hoursFromNow(3) });
    const name = await mediaNameOf(draft);

    for (const postId of [draft, scheduled]) {
      expect(await asFollower.get(`/api/post/${postId}`)).toMatchObject({ error: 'not_found' });
      expect((await t.get(`/api/post/${postId}`)).body).toMatchObject({ error: 'not_found' });
      expect(await asOwner.get(`/api/post/${postId}`)).toMatchObject({ statusCode: 2 });
      expect(await asFollower.get(`/api/studio/posts/${postId}`)).toMatchObject({ error: 'not_found' });
    }
    const listed = (answer: { posts: { id: number }[] }) => answer.posts.map((post) => post.id);
    expect(listed(await asFollower.get(`/api/post?userId=${owner.id}`))).toEqual([]);
    expect(listed(await asFollower.get('/api/post?latest=1&limit=50'))).not.toContain(draft);
    expect(listed(await asFollower.get('/api/post?following=1'))).toEqual([]);
    expect(await publishedCount(t, owner.id)).toBe(0);
    const media = `/media/${name}/mp4-540.mp4`;
    expect((await t.get(media)).status).toBe(404);
    expect((await t.get(media, await authAs(t, follower.id))).status).toBe(404);
    const own = await t.get(media, await authAs(t, owner.id));
    expect(own.status).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
  });

  test('the studio lists the owner’s posts in every state, newest first, by state, a page at a time', async () => {
    const { db } = t.container.database;
    const owner = await createUser(db);
    const statuses = [PostStatus.published, PostStatus.private, PostStatus.failed, PostStatus.processing, PostStatus.draft];
    const ids: number[] = [];
    for (const [index, status] of statuses.entries()) {
      const id = await createPost(db, owner.id, { status });
      await db
        .updateTable('posts')
        .set({ created_at: new Date(Date.now() - (10 - index) * 60_000) })
        .where('id', '=', id)
        .execute();
      ids.push(id);
    }
    await createPost(db, owner.id, { status: PostStatus.published, deleted: true });
    const asOwner = await actingAs(t, owner.id);
    const first = await asOwner.get('/api/studio/posts?limit=3');
    expect(first.posts.map((post: { id: number }) => post.id)).toEqual(ids.slice(-3).reverse());
    expect(first.posts.map((post: { state: string }) => post.state)).toEqual(['draft', 'processing', 'failed']);
    const second = await asOwner.get(`/api/studio/posts?limit=3&cursor=${first.cursor}`);
    expect(second.posts.map((post: { id: number }) => post.id)).toEqual(ids.slice(0, 2).reverse());
    expect(second.cursor).toBeNull();
    const drafts = await asOwner.get('/api/studio/posts?state=draft');
    expect(drafts.posts.map((post: { id: number }) => post.id)).toEqual([ids[4]]);
    expect(drafts.posts[0]).toMatchObject({ title: expect.any(String), viewCount: 0, likesCount: 0, thumbnail: '' });
    expect((await t.get('/api/studio/posts')).body).toMatchObject({ error: 'login_required' });
    expect(await asOwner.get('/api/studio/posts?state=everything')).toMatchObject({ error: 'invalid_input' });
  });

  test('with embedding off the oEmbed answer refuses the post and its card says so', async () => {
    const { db } = t.container.database;
    const owner = await createUser(db);
    const post = await createPost(db, owner.id);
    const asOwner = await actingAs(t, owner.id);
    const oembed = () => t.get(`/api/oembed?url=${encodeURIComponent(`http://velvet.test/embed/${post}`)}`);
    expect((await oembed()).body).toMatchObject({ statusCode: 2, type: 'video' });
    expect(await asOwner.get(`/api/studio/posts/${post}`)).toMatchObject({
      post: { settings: { allowEmbedding: true, allowDownloads: false, allowComments: false } },
    });

    const changed = await asOwner.put(`/api/studio/posts/${post}/settings`, { allowEmbedding: false });
    expect(changed).toMatchObject({ post: { settings: { allowEmbedding: false } } });
    // The 60 s answer cache kept the first answer; the change's announcement (migration 0026) empties it.
    await vi.waitFor(async () => expect((await oembed()).body).toMatchObject({ statusCode: -264, error: 'embedding_disabled' }));
    expect((await t.get(`/api/post/${post}`)).body).toMatchObject({ post: { allowEmbedding: false } });
    expect(await asOwner.put(`/api/studio/posts/${post}/settings`, { allowComments: true })).toMatchObject({
      error: 'invalid_input',
    });
  });

  test('the video downloads as an attachment only while the creator allows downloads', async () => {
    const { db } = t.container.database;
    const owner = await createUser(db);
    const post = await createPost(db, owner.id);
    const name = await mediaNameOf(post);
    const download = () => t.get(`/media/${name}/mp4-540.mp4?download=1`);
    expect((await download()).status).toBe(404);
    expect((await t.get(`/media/${name}/mp4-540.mp4`)).status).toBe(200);

    const asOwner = await actingAs(t, owner.id);
    await asOwner.put(`/api/studio/posts/${post}/settings`, { allowDownloads: true });
    const allowed = await download();
    expect(allowed.status).toBe(200);
    expect(allowed.headers['content-disposition']).toBe(`attachment; filename="${name}.mp4"`);
    expect(allowed.headers['cache-control']).toBe('private, no-store');
    expect((await t.get(`/api/post/${post}`)).body).toMatchObject({ post: { allowDownloads: true } });
    expect((await t.get(`/media/${name}/poster-jpg.jpg?download=1`)).status).toBe(404);
  });
});
