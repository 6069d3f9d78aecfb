import { afterAll, describe, expect, test } from 'vitest';
import { actingAs, createPost, createUser } from '../test/fixtures.ts';
import { testApp } from '../test/test-app.ts';
import { EMBED_BAR, EMBED_WIDTH } from './oembed.ts';
import { PostStatus } from './post-status.ts';

const t = await testApp({ env: { RATE_LIMIT_PER_MINUTE: '100000', BASE_URL: 'https://velvet.test' } });
afterAll(() => t.close());
const { db } = t.container.database;

const postsCount = async (userId: number) =>
  (await db.selectFrom('users').select('posts_count').where('id', '=', userId).executeTakeFirstOrThrow()).posts_count;

describe('POST /api/post publishes a draft; PUT changes title, tags and status', () => {
  test('a post still processing keeps the wish and gets it when the pipeline finishes', async () => {
    const owner = await createUser(db);
    const postId = await createPost(db, owner.id, { status: PostStatus.processing, title: 'draft' });
    const alice = await actingAs(t, owner.id);
    const answer = await alice.post('/api/post', { postId, title: 'Ready now', tags: ['#Sunset'], status: PostStatus.private });
    expect(answer).toMatchObject({ statusCode: 2, message: 'post-updated-success' });
    expect(answer.post).toMatchObject({ title: 'Ready now', status: PostStatus.processing, tags: [{ tag: 'sunset' }] });

    expect(await t.container.services.posts.postsRepository.finishProcessing(postId)).toBe(PostStatus.private);
    expect(await t.container.services.posts.postsRepository.finishProcessing(postId)).toBeUndefined();
    expect((await alice.get(`/api/post/${postId}`)).post.status).toBe(PostStatus.private);
    expect((await t.get(`/api/post/${postId}`)).body.error).toBe('not_found');
    expect(await postsCount(owner.id)).toBe(0);

    expect((await alice.put(`/api/post/${postId}`, { status: PostStatus.published })).post.status).toBe(PostStatus.published);
    expect((await t.get(`/api/post/${postId}`)).body.post.title).toBe('Ready now');
    // The tag feed reads the listing time copied into post_tags: publishing moved it, so the post is listed now.
    const tagId = answer.post.tags[0].id;
    expect((await t.get(`/api/post/?tagId=${tagId}`)).body.posts.map((post: { id: number }) => post.id)).toEqual([postId]);
    expect(await postsCount(owner.id)).toBe(1);
    expect((await alice.put(`/api/post/${postId}`, { status: PostStatus.private })).post.status).toBe(PostStatus.private);
    expect(await postsCount(owner.id)).toBe(0);
  });

  test('processing ends published by default; failed and blocked posts cannot be published', async () => {
    const owner = await createUser(db);
    const alice = await actingAs(t, owner.id);
    const fresh = await createPost(db, owner.id, { status: PostStatus.queued });
    expect(await t.container.services.posts.postsRepository.finishProcessing(fresh)).toBe(PostStatus.published);
    expect(await postsCount(owner.id)).toBe(1);
    for (const status of [PostStatus.failed, PostStatus.blocked]) {
      const postId = await createPost(db, owner.id, { status });
      expect((await alice.post('/api/post', { postId, status: PostStatus.published })).error).toBe('post_not_publishable');
    }
  });

  test('only the owner, only known statuses, and something to change', async () => {
    const owner = await createUser(db);
    const postId = await createPost(db, owner.id, { status: PostStatus.processing });
    const bob = await actingAs(t, (await createUser(db)).id);
    expect((await bob.post('/api/post', { postId, title: 'mine now' })).error).toBe('not_found');
    expect((await bob.put(`/api/post/${postId}`, { status: PostStatus.published })).error).toBe('not_found');
    expect((await bob.delete(`/api/post/${postId}`)).error).toBe('not_found');
    expect((await t.post('/api/post', { postId, title: 'x' })).body.error).toBe('login_required');
    const alice = await actingAs(t, owner.id);
    expect((await alice.post('/api/post', { postId, status: PostStatus.removed })).error).toBe('invalid_input');
    expect((await alice.post('/api/post', { postId })).error).toBe('invalid_input');
    expect((await alice.post('/api/post', { title: 'no id' })).error).toBe('invalid_input');
  });
});

describe('GET /api/debug/post/{id}', () => {
  test('answers the stored state to debugLevel 1 sessions only', async () => {
    const owner = await createUser(db);
    const postId = await createPost(db, owner.id, {
      status: PostStatus.processing,
      jobs: [{ kind: 'transcode', state: 'started' }],
    });
    const debugger_ = await createUser(db);
    await db.updateTable('users').set({ debug_level: 1 }).where('id', '=', debugger_.id).execute();
    const answer = await (await actingAs(t, debugger_.id)).get(`/api/debug/post/${postId}`);
    expect(answer.statusCode).toBe(2);
    expect(answer.post).toBeNull();
    expect(answer.stored).toMatchObject({ id: postId, status: PostStatus.processing, targetStatus: PostStatus.published });
    expect(answer.stored.jobs).toEqual([expect.objectContaining({ kind: 'transcode', state: 'started', attempts: 0 })]);
    expect(answer.stored.media).toHaveLength(1);
    expect((await (await actingAs(t, owner.id)).get(`/api/debug/post/${postId}`)).error).toBe('forbidden');
    expect((await t.get(`/api/debug/post/${postId}`)).body.error).toBe('forbidden');
  });
});

describe('GET /api/oembed', () => {
  test('answers an iframe 420 wide and 420/aspectRatio + 87 high for any link form of a public post', async () => {
    const owner = await createUser(db, { displayName: 'Olga' });
    const postId = await createPost(db, owner.id, { title: 'Sea & "sky"' });
    const links = [
      `https://velvet.test/video?id=${postId}&title=sea-sky`,
      `https://velvet.test/video-gay?id=${postId}`,
      `https://velvet.test/embed/${postId}`,
      `https://velvet.test/${owner.username}/post/${postId}`,
      `https://velvet.test/user/${owner.username}/${postId}`,
    ];
    const height = Math.round(EMBED_WIDTH / (540 / 960) + EMBED_BAR);
    for (const url of links) {
      const { body } = await t.get(`/api/oembed?url=${encodeURIComponent(url)}&format=json`);
      expect(body).toMatchObject({
        statusCode: 2,
        version: '1.0',
        type: 'video',
        width: 420,
        height,
        title: 'Sea & "sky"',
        author_name: 'Olga',
        author_url: `https://velvet.test/${owner.username}`,
      });
      expect(body.html).toBe(
        `<iframe src="https://velvet.test/embed/${postId}" width="420" height="${height}" frameborder="0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen title="Sea &amp; &quot;sky&quot;"></iframe>`,
      );
    }
  });

  test('refuses foreign links and hidden posts', async () => {
    const owner = await createUser(db);
    const hidden = await createPost(db, owner.id, { status: PostStatus.private });
    const ask = async (url: string) => (await t.get(`/api/oembed?url=${encodeURIComponent(url)}`)).body.error;
    expect(await ask(`https://elsewhere.test/video?id=${hidden}`)).toBe('invalid_post_link');
    expect(await ask('https://velvet.test/tag/sunset')).toBe('invalid_post_link');
    expect(await ask('not a url')).toBe('invalid_post_link');
    expect(await ask(`https://velvet.test/embed/${hidden}`)).toBe('not_found');
    expect((await t.get('/api/oembed?url=x&format=xml')).body.error).toBe('invalid_input');
  });
});
