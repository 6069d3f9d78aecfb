import { sql } from 'kysely';
import { afterAll, describe, expect, test } from 'vitest';
import { PostStatus } from '../posts/post-status.ts';
import { createPost } from '../test/fixtures.ts';
import { testApp } from '../test/test-app.ts';
import { auditEntries, creator, postStatus, staffMember } from './test-support.ts';

const t = await testApp();
const { db } = t.container.database;
afterAll(() => t.close());

const first = await staffMember(t, 'moderator');
const second = await staffMember(t, 'moderator');

async function hiddenPost() {
  const owner = await creator(t);
  const postId = await createPost(db, owner.id);
  const answer = await first.api.post(`/api/admin/enforcement/posts/${postId}/actions`, { kind: 'post-hide', category: 'other' });
  return { owner, postId, actionId: answer.statements[0].id as number };
}

describe('appeals', () => {
  test('the user appeals once; the moderator who acted cannot decide it; another one reverses it and the post is back', async () => {
    const { owner, postId, actionId } = await hiddenPost();
    const appeal = await owner.api.post(`/api/enforcement/statements/${actionId}/appeal`, { statement: 'This is my own video.' });
    expect(appeal).toMatchObject({ statusCode: 1, appealId: expect.any(Number), caseId: expect.any(Number) });
    expect((await owner.api.post(`/api/enforcement/statements/${actionId}/appeal`, { statement: 'Again' })).error).toBe(
      'appeal_exists',
    );
    const { rows } = await sql<{ kind: string; excluded: number }>`
      SELECT kind, excluded_assignee_id AS excluded FROM moderation_cases WHERE id = ${appeal.caseId}`.execute(db);
    expect(rows).toEqual([{ kind: 'appeal', excluded: first.id }]);
    expect((await second.api.get('/api/admin/enforcement/appeals')).appeals).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: appeal.appealId, actionId, status: 'open' })]),
    );

    const bySame = await first.api.post(`/api/admin/enforcement/appeals/${appeal.appealId}/decide`, {
      outcome: 'reversed',
      reason: 'ok',
    });
    expect(bySame.error).toBe('appeal_same_moderator');
    expect(await postStatus(db, postId)).toBe(PostStatus.inReview);

    const decided = await second.api.post(`/api/admin/enforcement/appeals/${appeal.appealId}/decide`, {
      outcome: 'reversed',
      reason: 'The uploader holds the rights.',
    });
    expect(decided.appeal).toMatchObject({ status: 'reversed', decidedBy: second.id });
    expect(await postStatus(db, postId)).toBe(PostStatus.published);
    expect(await auditEntries(db, 'enforcement.appeal-reversed', actionId)).toHaveLength(1);
    expect(await auditEntries(db, 'enforcement.post-restore', postId)).toEqual([expect.objectContaining({ actorId: second.id })]);
    const again = await second.api.post(`/api/admin/enforcement/appeals/${appeal.appealId}/decide`, {
      outcome: 'upheld',
      reason: 'x',
    });
    expect(again.error).toBe('appeal_decided');
    expect((await owner.api.get(`/api/enforcement/statements/${actionId}`)).statement.appeal).toEqual({
      id: appeal.appealId,
      status: 'reversed',
    });
  });

  test('an upheld appeal leaves the action in place', async () => {
    const { owner, postId, actionId } = await hiddenPost();
    const appeal = await owner.api.post(`/api/enforcement/statements/${actionId}/appeal`, { statement: 'Please look again.' });
    const decided = await second.api.post(`/api/admin/enforcement/appeals/${appeal.appealId}/decide`, {
      outcome: 'upheld',
      reason: 'Spam.',
    });
    expect(decided.appeal.status).toBe('upheld');
    expect(await postStatus(db, postId)).toBe(PostStatus.inReview);
  });

  test('appeals close after the window, and only the affected user may appeal', async () => {
    const { owner, actionId } = await hiddenPost();
    const someoneElse = await creator(t);
    expect((await someoneElse.api.post(`/api/enforcement/statements/${actionId}/appeal`, { statement: 'Mine' })).error).toBe(
      'not_found',
    );
    await sql`UPDATE enforcement_actions SET appealable_until = now() - interval '1 second' WHERE id = ${actionId}`.execute(db);
    expect((await owner.api.post(`/api/enforcement/statements/${actionId}/appeal`, { statement: 'Late' })).error).toBe(
      'appeal_window_closed',
    );
    expect((await owner.api.get(`/api/enforcement/statements/${actionId}`)).statement.appealPath).toBeNull();
  });
});
