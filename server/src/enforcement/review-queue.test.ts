import { sql } from 'kysely';
import { afterAll, describe, expect, test } from 'vitest';
import { PostStatus } from '../posts/post-status.ts';
import { createPost } from '../test/fixtures.ts';
import { testApp } from '../test/test-app.ts';
import { auditEntries, creator, postStatus, staffMember } from './test-support.ts';

const t = await testApp({ env: { PREPUBLICATION_REVIEW_POSTS: '2' } });
const { db } = t.container.database;
const { postsRepository } = t.container.services.posts;
afterAll(() => t.close());

const moderator = await staffMember(t, 'moderator');
const processedPost = (ownerId: number, targetStatus: number = PostStatus.published) =>
  createPost(db, ownerId, { status: PostStatus.processing }).then(async (postId) => {
    await db.updateTable('posts').set({ target_status: targetStatus }).where('id', '=', postId).execute();
    return postId;
  });
const postsCount = async (userId: number) =>
  (await db.selectFrom('users').select('posts_count').where('id', '=', userId).executeTakeFirstOrThrow()).posts_count;

describe('pre-publication review', () => {
  test("a new creator's processed post waits in review until a moderator approves it", async () => {
    const owner = await creator(t);
    const postId = await processedPost(owner.id);
    expect(await postsRepository.finishProcessing(postId)).toBe(PostStatus.inReview);
    expect((await owner.api.get(`/api/post/${postId}`)).post.status).toBe(PostStatus.inReview);
    expect(await postsCount(owner.id)).toBe(0);
    const queue = await moderator.api.get('/api/admin/enforcement/review-queue');
    // A post without media has no still to preview.
    expect(queue.posts).toEqual(
      expect.arrayContaining([expect.objectContaining({ postId, reviewReason: 'prepublication', thumbnail: '' })]),
    );

    expect((await moderator.api.post(`/api/admin/enforcement/review-queue/${postId}/approve`, {})).statusCode).toBe(1);
    expect(await postStatus(db, postId)).toBe(PostStatus.published);
    expect(await postsCount(owner.id)).toBe(1);
    const { rows } = await sql`SELECT 1 FROM graphile_worker.jobs WHERE key = ${`post-created:${postId}`}`.execute(db);
    expect(rows).toHaveLength(1);
    expect(await auditEntries(db, 'enforcement.review-approve', postId)).toHaveLength(1);
    expect((await moderator.api.post(`/api/admin/enforcement/review-queue/${postId}/approve`, {})).error).toBe(
      'enforcement_not_applicable',
    );

    // An approved post switched to private and back is not reviewed again.
    await owner.api.put(`/api/post/${postId}`, { status: PostStatus.private });
    await owner.api.put(`/api/post/${postId}`, { status: PostStatus.published });
    expect(await postStatus(db, postId)).toBe(PostStatus.published);
  });

  test('a private post of a new creator is reviewed when its owner publishes it', async () => {
    const owner = await creator(t);
    const postId = await processedPost(owner.id, PostStatus.private);
    expect(await postsRepository.finishProcessing(postId)).toBe(PostStatus.private);
    const published = await owner.api.put(`/api/post/${postId}`, { status: PostStatus.published });
    expect(published.post.status).toBe(PostStatus.inReview);
  });

  test('creators with enough published posts publish at once; a rejection is a removal with its statement', async () => {
    const trusted = await creator(t);
    for (const _ of [1, 2]) await createPost(db, trusted.id);
    await db.updateTable('users').set({ posts_count: 2 }).where('id', '=', trusted.id).execute();
    expect(await postsRepository.finishProcessing(await processedPost(trusted.id))).toBe(PostStatus.published);

    const newcomer = await creator(t);
    const postId = await processedPost(newcomer.id);
    await postsRepository.finishProcessing(postId);
    const rejected = await moderator.api.post(`/api/admin/enforcement/posts/${postId}/actions`, {
      kind: 'post-remove',
      category: 'spam',
    });
    expect(rejected.statements[0]).toMatchObject({ kind: 'post-remove', postId });
    expect(await postStatus(db, postId)).toBe(PostStatus.removed);
  });
});
