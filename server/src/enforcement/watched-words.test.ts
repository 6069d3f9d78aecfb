import { afterAll, describe, expect, test } from 'vitest';
import { PostStatus } from '../posts/post-status.ts';
import { createPost } from '../test/fixtures.ts';
import { testApp } from '../test/test-app.ts';
import { auditEntries, creator, postStatus, staffMember } from './test-support.ts';

const t = await testApp();
const { db } = t.container.database;
afterAll(() => t.close());

const admin = await staffMember(t, 'admin');
const moderator = await staffMember(t, 'moderator');

describe('watched words', () => {
  test('admins edit the list; moderators read it', async () => {
    const added = await admin.api.post('/api/admin/watched-words', {
      term: 'Forbidden Fruit',
      scopes: ['title', 'search'],
      action: 'block',
    });
    expect(added.word).toMatchObject({ term: 'forbidden fruit', scopes: ['title', 'search'], action: 'block' });
    expect(
      (await admin.api.post('/api/admin/watched-words', { term: 'forbidden fruit', scopes: ['bio'], action: 'block' })).error,
    ).toBe('conflict');
    expect((await moderator.api.post('/api/admin/watched-words', { term: 'x', scopes: ['bio'], action: 'block' })).error).toBe(
      'forbidden',
    );
    const listed = await moderator.api.get('/api/admin/watched-words');
    expect(listed.defaultTermsCount).toBeGreaterThan(200);
    expect(listed.words.map((word: { term: string }) => word.term)).toContain('forbidden fruit');
    expect(await auditEntries(db, 'watched-word.add', added.word.id)).toHaveLength(1);
    const changed = await admin.api.put(`/api/admin/watched-words/${added.word.id}`, { action: 'review' });
    expect(changed.word.action).toBe('review');
    expect((await admin.api.delete(`/api/admin/watched-words/${added.word.id}`)).statusCode).toBe(1);
    expect((await admin.api.delete(`/api/admin/watched-words/${added.word.id}`)).error).toBe('not_found');
  });

  test('block terms refuse titles and bios; review terms hold the post; the defaults block in every language', async () => {
    await admin.api.post('/api/admin/watched-words', { term: 'midnight special', scopes: ['title'], action: 'block' });
    await admin.api.post('/api/admin/watched-words', { term: 'grey area', scopes: ['tag'], action: 'review' });
    const owner = await creator(t);
    const postId = await createPost(db, owner.id);
    const refused = await owner.api.put(`/api/post/${postId}`, { title: 'The Midnight Special!' });
    expect(refused).toMatchObject({ error: 'watched_word_blocked', details: [{ field: 'body/title', problem: 'watched word' }] });
    expect((await owner.api.put(`/api/post/${postId}`, { title: 'Vidéo sans consentement' })).error).toBe('watched_word_blocked');
    expect((await owner.api.put(`/api/post/${postId}`, { title: '未成年' })).error).toBe('watched_word_blocked');
    expect(await postStatus(db, postId)).toBe(PostStatus.published);

    const held = await owner.api.put(`/api/post/${postId}`, { tags: ['grey area', 'sunset'] });
    expect(held.post.status).toBe(PostStatus.inReview);
    const queue = await moderator.api.get('/api/admin/enforcement/review-queue');
    expect(queue.posts).toEqual(expect.arrayContaining([expect.objectContaining({ postId, reviewReason: 'watched-word' })]));

    expect((await owner.api.put('/api/user/me', { bio: 'I love jailbait' })).error).toBe('watched_word_blocked');
    expect((await owner.api.put('/api/user/me', { bio: 'I love sunsets' })).statusCode).toBeGreaterThan(0);
  });

  test('search for a blocked term answers the restricted -2', async () => {
    await admin.api.post('/api/admin/watched-words', { term: 'velvet leak', scopes: ['search'], action: 'block' });
    const viewer = await creator(t);
    for (const query of ['velvet leak', 'child porn', 'детское порно']) {
      const answer = await viewer.api.get(`/api/2/search?q=${encodeURIComponent(query)}`);
      expect(answer).toMatchObject({ statusCode: -2, restricted: true });
    }
    expect((await viewer.api.get('/api/2/search?q=velvet')).statusCode).toBe(2);
  });
});
