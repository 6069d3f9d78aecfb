import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { jobDeps } from '../container.ts';
import { jobHandlers } from '../jobs/registry.ts';
import { PostStatus } from '../posts/post-status.ts';
import { PostsRepository } from '../posts/posts.repository.ts';
import { actingAs, createPost, createUser } from '../test/fixtures.ts';
import { type TestApp, testApp } from '../test/test-app.ts';
import {
  creatorWithDraft,
  hoursFromNow,
  postRow,
  publicationJobs,
  publishedCount,
  reachScheduledTime,
  runDueJobs,
  toldAbout,
} from './test-support.ts';

/** Scheduling as a creator uses it (studio/README.md), with the real job run by graphile-worker's runOnce. */
describe('scheduled publication', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ env: { SCHEDULED_POSTS_PER_CREATOR: '2' } });
  });
  afterAll(() => t.close());

  test('publishes at its time and not before, and tells followers then, not when scheduled', async () => {
    const { owner, follower, draft, asOwner } = await creatorWithDraft(t);
    const at = hoursFromNow(1);
    const answer = await asOwner.put(`/api/studio/posts/${draft}/schedule`, { at });
    expect(answer).toMatchObject({ statusCode: 2, post: { state: 'scheduled', target: 'scheduled', scheduledAt: at } });
    const [job] = await publicationJobs(t, draft);
    expect(job?.runAt.toISOString()).toBe(at);

    await runDueJobs(t);
    expect((await postRow(t, draft)).status).toBe(PostStatus.scheduled);
    expect(await toldAbout(t, follower.id, draft)).toBe(0);
    // Run before its time (a clock moved), the job publishes nothing and waits for the post's time again.
    await jobHandlers['studio:publish-scheduled'](jobDeps(t.container), { postId: draft });
    expect((await postRow(t, draft)).status).toBe(PostStatus.scheduled);
    expect((await publicationJobs(t, draft)).map((row) => row.runAt.toISOString())).toEqual([at]);

    await reachScheduledTime(t, draft);
    await runDueJobs(t);
    const published = await postRow(t, draft);
    expect(published).toMatchObject({ status: PostStatus.published, targetStatus: PostStatus.published, scheduledAt: null });
    expect(published.publishedAt).not.toBeNull();
    expect(await toldAbout(t, follower.id, draft)).toBe(1);
    expect(await publishedCount(t, owner.id)).toBe(1);
    expect(await publicationJobs(t, draft)).toEqual([]);
  });

  test('a cancelled schedule never publishes', async () => {
    const { follower, draft, asOwner } = await creatorWithDraft(t);
    await asOwner.put(`/api/studio/posts/${draft}/schedule`, { at: hoursFromNow(2) });
    const cancelled = await asOwner.delete(`/api/studio/posts/${draft}/schedule`);
    expect(cancelled).toMatchObject({ statusCode: 2, post: { state: 'draft', target: 'draft', scheduledAt: null } });
    expect(await publicationJobs(t, draft)).toEqual([]);

    // Even a job that escaped the removal (it was running) finds nothing to publish.
    await jobHandlers['studio:publish-scheduled'](jobDeps(t.container), { postId: draft });
    await runDueJobs(t);
    expect((await postRow(t, draft)).status).toBe(PostStatus.draft);
    expect(await toldAbout(t, follower.id, draft)).toBe(0);
    expect(await asOwner.delete(`/api/studio/posts/${draft}/schedule`)).toMatchObject({ error: 'post_not_schedulable' });
  });

  test('a rescheduled post publishes once, at the new time', async () => {
    const { owner, follower, draft, asOwner } = await creatorWithDraft(t);
    await asOwner.put(`/api/studio/posts/${draft}/schedule`, { at: hoursFromNow(1) });
    const later = hoursFromNow(5);
    expect(await asOwner.put(`/api/studio/posts/${draft}/schedule`, { at: later })).toMatchObject({
      post: { state: 'scheduled', scheduledAt: later },
    });
    expect((await publicationJobs(t, draft)).map((job) => job.runAt.toISOString())).toEqual([later]);

    // The first time comes: nothing happens.
    await jobHandlers['studio:publish-scheduled'](jobDeps(t.container), { postId: draft });
    expect((await postRow(t, draft)).status).toBe(PostStatus.scheduled);

    await reachScheduledTime(t, draft);
    await runDueJobs(t);
    await jobHandlers['studio:publish-scheduled'](jobDeps(t.container), { postId: draft });
    await runDueJobs(t);
    expect((await postRow(t, draft)).status).toBe(PostStatus.published);
    expect(await toldAbout(t, follower.id, draft)).toBe(1);
    expect(await publishedCount(t, owner.id)).toBe(1);
  });

  test('a time under a minute or over 30 days ahead, or past the cap, answers its error', async () => {
    const { owner, draft, asOwner } = await creatorWithDraft(t);
    const schedule = (postId: number, at: string) => asOwner.put(`/api/studio/posts/${postId}/schedule`, { at });
    expect(await schedule(draft, new Date(Date.now() + 20_000).toISOString())).toMatchObject({
      statusCode: -260,
      error: 'schedule_too_soon',
    });
    expect(await schedule(draft, hoursFromNow(31 * 24))).toMatchObject({ statusCode: -261, error: 'schedule_too_far' });
    expect(await schedule(draft, 'tomorrow at noon')).toMatchObject({ error: 'invalid_input' });

    const { db } = t.container.database;
    const second = await createPost(db, owner.id, { status: PostStatus.draft });
    const third = await createPost(db, owner.id, { status: PostStatus.draft });
    await db.updateTable('posts').set({ target_status: PostStatus.draft }).where('id', 'in', [second, third]).execute();
    expect(await schedule(draft, hoursFromNow(1))).toMatchObject({ statusCode: 2 });
    expect(await schedule(second, hoursFromNow(2))).toMatchObject({ statusCode: 2 });
    expect(await schedule(third, hoursFromNow(3))).toMatchObject({ statusCode: -262, error: 'schedule_limit_reached' });
    // Moving a pending schedule takes no new place; cancelling one frees it.
    expect(await schedule(second, hoursFromNow(4))).toMatchObject({ statusCode: 2 });
    await asOwner.delete(`/api/studio/posts/${draft}/schedule`);
    expect(await schedule(third, hoursFromNow(3))).toMatchObject({ statusCode: 2 });
  });

  test('publishing a draft now tells followers; a published post is no longer scheduled or published from the studio', async () => {
    const { follower, draft, asOwner, asFollower } = await creatorWithDraft(t);
    expect(await asFollower.post(`/api/studio/posts/${draft}/publish`, {})).toMatchObject({ error: 'not_found' });
    expect(await asOwner.post(`/api/studio/posts/${draft}/publish`, {})).toMatchObject({ post: { state: 'published' } });
    await runDueJobs(t);
    expect(await toldAbout(t, follower.id, draft)).toBe(1);
    expect(await asOwner.put(`/api/studio/posts/${draft}/schedule`, { at: hoursFromNow(1) })).toMatchObject({
      error: 'post_not_schedulable',
    });
    expect(await asOwner.post(`/api/studio/posts/${draft}/publish`, {})).toMatchObject({ error: 'post_not_schedulable' });
  });

  test('a post still processing keeps its draft or its schedule for when processing ends', async () => {
    const { db } = t.container.database;
    const owner = await createUser(db);
    const asOwner = await actingAs(t, owner.id);
    const processing = { status: PostStatus.processing };
    const kept = await createPost(db, owner.id, processing);
    const scheduled = await createPost(db, owner.id, processing);
    const overdue = await createPost(db, owner.id, processing);
    await db
      .updateTable('posts')
      .set({ target_status: PostStatus.draft })
      .where('id', 'in', [kept, scheduled, overdue])
      .execute();
    const later = hoursFromNow(2);
    expect(await asOwner.put(`/api/studio/posts/${scheduled}/schedule`, { at: later })).toMatchObject({
      post: { state: 'processing', target: 'scheduled', scheduledAt: later },
    });
    await asOwner.put(`/api/studio/posts/${overdue}/schedule`, { at: hoursFromNow(1) });
    // Its time comes while it is still processing: it is published when processing ends.
    await reachScheduledTime(t, overdue);
    await runDueJobs(t);
    expect(await postRow(t, overdue)).toMatchObject({ status: PostStatus.processing, targetStatus: PostStatus.published });

    const posts = new PostsRepository(db);
    expect(await posts.finishProcessing(kept)).toBe(PostStatus.draft);
    expect(await posts.finishProcessing(scheduled)).toBe(PostStatus.scheduled);
    expect(await posts.finishProcessing(overdue)).toBe(PostStatus.published);
    expect((await publicationJobs(t, scheduled)).map((job) => job.runAt.toISOString())).toEqual([later]);
  });

  test('at its time, a post of a creator not yet trusted waits in review and nobody is told', async () => {
    const { db } = t.container.database;
    await sql`UPDATE prepublication_review SET posts_required = 3`.execute(db);
    try {
      const { owner, follower, draft, asOwner } = await creatorWithDraft(t);
      await asOwner.put(`/api/studio/posts/${draft}/schedule`, { at: hoursFromNow(1) });
      await reachScheduledTime(t, draft);
      await runDueJobs(t);
      expect(await postRow(t, draft)).toMatchObject({ status: PostStatus.inReview, targetStatus: PostStatus.published });
      expect(await toldAbout(t, follower.id, draft)).toBe(0);
      expect(await publishedCount(t, owner.id)).toBe(0);
    } finally {
      await sql`UPDATE prepublication_review SET posts_required = 0`.execute(db);
    }
  });

  test('a post deleted or blocked before its time is never published', async () => {
    const { db } = t.container.database;
    const { draft, asOwner } = await creatorWithDraft(t);
    const other = await creatorWithDraft(t);
    await asOwner.put(`/api/studio/posts/${draft}/schedule`, { at: hoursFromNow(1) });
    await other.asOwner.put(`/api/studio/posts/${other.draft}/schedule`, { at: hoursFromNow(1) });
    await asOwner.delete(`/api/post/${draft}`);
    await db.updateTable('posts').set({ status: PostStatus.blocked }).where('id', '=', other.draft).execute();
    await reachScheduledTime(t, draft);
    await reachScheduledTime(t, other.draft);
    await runDueJobs(t);
    expect((await postRow(t, draft)).publishedAt).toBeNull();
    expect(await postRow(t, other.draft)).toMatchObject({ status: PostStatus.blocked, publishedAt: null });
  });
});
