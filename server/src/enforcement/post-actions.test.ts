import { sql } from 'kysely';
import { afterAll, describe, expect, test } from 'vitest';
import { PostStatus } from '../posts/post-status.ts';
import { actingAs, createPost, createUser } from '../test/fixtures.ts';
import { testApp } from '../test/test-app.ts';
import { auditEntries, creator, lastMailTo, moderationNotifications, postStatus, staffMember } from './test-support.ts';

const t = await testApp({ env: { REPEAT_INFRINGER_STRIKES: '2' } });
const { db } = t.container.database;
afterAll(() => t.close());

const moderator = await staffMember(t, 'moderator');
const act = (postId: number, body: Record<string, unknown>) =>
  moderator.api.post(`/api/admin/enforcement/posts/${postId}/actions`, body);
const queuedJobs = async (task: string) => {
  const { rows } = await sql<{ key: string }>`SELECT key FROM graphile_worker.jobs WHERE task_identifier = ${task}`.execute(db);
  return rows.map((row) => row.key.slice(row.key.indexOf(':') + 1));
};
const mediaNames = async (postId: number) =>
  (await db.selectFrom('media_files').select('name').where('post_id', '=', postId).execute()).map((row) => row.name);

describe('actions on posts', () => {
  test('hide takes a post out of public view; restore brings it back; each sends a statement and writes the audit log', async () => {
    const owner = await creator(t, 'de');
    const stranger = await actingAs(t, (await createUser(db)).id);
    const postId = await createPost(db, owner.id, { title: 'Sommerabend' });

    const hidden = await act(postId, { kind: 'post-hide', category: 'spam', publicReason: 'Wiederholte Werbung' });
    expect(hidden.statusCode).toBe(1);
    const [statement] = hidden.statements;
    expect(statement).toMatchObject({ kind: 'post-hide', category: 'spam', rule: 'spam', automated: false, postId });
    expect(statement.appealPath).toBe(`/statements/${statement.id}`);
    expect(await postStatus(db, postId)).toBe(PostStatus.inReview);
    expect((await stranger.get(`/api/post/${postId}`)).error).toBe('not_found');
    expect((await owner.api.get(`/api/post/${postId}`)).post.status).toBe(PostStatus.inReview);
    // The files stay (a restore must find them); only the CDN forgets them.
    expect(await queuedJobs('media:purge-cdn')).toEqual(expect.arrayContaining(await mediaNames(postId)));

    expect(await auditEntries(db, 'enforcement.post-hide', postId)).toEqual([
      expect.objectContaining({ actorId: moderator.id, details: expect.objectContaining({ actionId: statement.id }) }),
    ]);
    expect(await moderationNotifications(db, owner.id)).toEqual([{ actionId: statement.id, notice: 'statement' }]);
    const mail = await lastMailTo(t, owner.email);
    expect(mail?.subject).toBe('Velvet: eine Entscheidung zu deinem Beitrag');
    expect(mail?.text).toContain('„Sommerabend“ wurde ausgeblendet');
    expect(mail?.text).toContain('Wiederholte Werbung');
    expect(mail?.text).toContain(`/statements/${statement.id}`);
    expect((await owner.api.get(`/api/enforcement/statements/${statement.id}`)).statement).toMatchObject({ id: statement.id });
    expect((await stranger.get(`/api/enforcement/statements/${statement.id}`)).error).toBe('not_found');

    const restored = await act(postId, { kind: 'post-restore', category: 'spam' });
    expect(restored.statements[0]).toMatchObject({ kind: 'post-restore', appealPath: null });
    expect(await postStatus(db, postId)).toBe(PostStatus.published);
    expect((await stranger.get(`/api/post/${postId}`)).post.id).toBe(postId);
    expect(await auditEntries(db, 'enforcement.post-restore', postId)).toHaveLength(1);
    expect((await moderationNotifications(db, owner.id)).map((row) => row.actionId)).toEqual([
      statement.id,
      restored.statements[0].id,
    ]);
    expect((await owner.api.get('/api/enforcement/statements')).statements).toHaveLength(2);
  });

  test('remove and block delete the media files through the removal jobs; neither can be restored', async () => {
    const owner = await creator(t);
    const removedPost = await createPost(db, owner.id);
    const blockedPost = await createPost(db, owner.id);
    expect((await act(removedPost, { kind: 'post-remove', category: 'illegal' })).statusCode).toBe(1);
    expect((await act(blockedPost, { kind: 'post-block', category: 'underage' })).statements[0].rule).toBe('minors');
    expect(await postStatus(db, removedPost)).toBe(PostStatus.removed);
    expect(await postStatus(db, blockedPost)).toBe(PostStatus.blocked);
    const removing = await queuedJobs('media:remove-files');
    expect(removing).toEqual(expect.arrayContaining([...(await mediaNames(removedPost)), ...(await mediaNames(blockedPost))]));
    expect(await auditEntries(db, 'enforcement.post-remove', removedPost)).toHaveLength(1);
    expect(await auditEntries(db, 'enforcement.post-block', blockedPost)).toHaveLength(1);
    expect((await act(removedPost, { kind: 'post-restore', category: 'illegal' })).error).toBe('enforcement_not_applicable');
    expect((await act(blockedPost, { kind: 'post-hide', category: 'illegal' })).error).toBe('enforcement_not_applicable');
    expect((await lastMailTo(t, owner.email))?.text).toContain('blocked and its files deleted');
  });

  test('a TAKE IT DOWN removal takes identical copies (same media signature) with it', async () => {
    const victim = await creator(t);
    const copier = await creator(t);
    const original = await createPost(db, victim.id);
    const copy = await createPost(db, copier.id);
    const unrelated = await createPost(db, copier.id);
    for (const [postId, signature] of [
      [original, 'aa'],
      [copy, 'aa'],
      [unrelated, 'bb'],
    ] as const) {
      await sql`INSERT INTO media_signatures (media_id, owner_id, sixpack, coarse)
        SELECT id, owner_id, decode(${signature}, 'hex'), '(0,0,0)'::cube FROM media_files WHERE post_id = ${postId}`.execute(db);
    }
    const answer = await act(original, { kind: 'post-remove', category: 'non_consensual', includeCopies: true });
    expect(answer.statements.map((statement: { postId: number }) => statement.postId)).toEqual([original, copy]);
    expect(await postStatus(db, copy)).toBe(PostStatus.removed);
    expect(await postStatus(db, unrelated)).toBe(PostStatus.published);
    expect((await lastMailTo(t, copier.email))?.text).toContain('content shared without the consent of a person shown');
  });

  test('copyright strikes count per account, are never reset, and the threshold opens a ban proposal', async () => {
    const owner = await creator(t);
    for (let index = 0; index < 2; index += 1) {
      await act(await createPost(db, owner.id), { kind: 'post-hide', category: 'copyright' });
    }
    const history = await moderator.api.get(`/api/admin/enforcement/history?userId=${owner.id}`);
    expect(history.strikes).toBe(2);
    const { rows: proposals } = await sql<{ kind: string }>`
      SELECT kind FROM moderation_cases WHERE subject_user_id = ${owner.id} AND category = 'copyright'`.execute(db);
    expect(proposals).toEqual([{ kind: 'automated' }]);
    expect(await auditEntries(db, 'enforcement.ban-proposed', owner.id)).toHaveLength(1);
    await expect(sql`DELETE FROM copyright_strikes WHERE user_id = ${owner.id}`.execute(db)).rejects.toThrow(/never changed/);
  });

  test('input is validated and missing posts are not found', async () => {
    expect((await act(2 ** 40, { kind: 'post-hide', category: 'spam' })).error).toBe('not_found');
    expect((await act(1, { kind: 'post-explode', category: 'spam' })).error).toBe('invalid_input');
    expect((await act(1, { kind: 'post-hide', category: 'mood' })).error).toBe('invalid_input');
  });
});
