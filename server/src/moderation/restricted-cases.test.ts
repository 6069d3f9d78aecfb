import { afterAll, describe, expect, test } from 'vitest';
import { PostStatus } from '../posts/post-status.ts';
import { actingAs, createPost, createUser } from '../test/fixtures.ts';
import { testApp } from '../test/test-app.ts';
import type { QueueAnswer } from './moderation-schema.ts';
import { staffUser } from './test-support.ts';

const t = await testApp();
afterAll(() => t.close());
const { db } = t.container.database;
const { cases } = t.container.services.moderation;

/** A post reported as showing a minor: the case is restricted whoever reported it. */
async function underageCase() {
  const author = await createUser(db);
  const postId = await createPost(db, author.id);
  const { caseId } = await cases.open({
    kind: 'report',
    category: 'underage',
    subject: { postId },
    reporter: { email: 'worried@example.test', locale: 'en' },
    text: 'This person looks like a child',
    ip: '192.0.2.7',
  });
  return { author, postId, caseId };
}

const listed = (answer: QueueAnswer, caseId: number) => answer.cases.some((item) => item.id === caseId);

describe('restricted cases: readable and actionable only by staff cleared for them (admins)', () => {
  test('an underage report opens a restricted case; a plain moderator can neither list, read nor act on it', async () => {
    const moderator = await staffUser(t, 'moderator');
    const admin = await staffUser(t, 'admin');
    const { author, postId, caseId } = await underageCase();
    expect((await cases.summary(caseId)).id).toBe(caseId);
    const row = await db.selectFrom('moderation_cases').select('restricted').where('id', '=', caseId).executeTakeFirstOrThrow();
    expect(row.restricted).toBe(true);

    for (const queue of ['open', 'overdue', 'escalated', 'mine']) {
      expect(listed(await moderator.api.get(`/api/admin/cases?queue=${queue}`), caseId)).toBe(false);
    }
    expect(listed(await admin.api.get('/api/admin/cases?queue=open'), caseId)).toBe(true);
    expect((await moderator.api.get(`/api/admin/cases/${caseId}`)).error).toBe('not_found');

    // Every action by id answers as for a case that does not exist, and changes nothing.
    const refused = [
      await moderator.api.post(`/api/admin/cases/${caseId}/assign`, {}),
      await moderator.api.post(`/api/admin/cases/${caseId}/escalate`, { note: 'look' }),
      await moderator.api.post(`/api/admin/cases/${caseId}/dismiss`, {}),
      await moderator.api.post(`/api/admin/cases/${caseId}/message`, { text: 'Thanks' }),
      await moderator.api.post(`/api/admin/cases/${caseId}/note`, { note: 'seen' }),
      await moderator.api.post(`/api/admin/enforcement/posts/${postId}/actions`, { kind: 'post-remove', category: 'underage' }),
      await moderator.api.post(`/api/admin/enforcement/users/${author.id}/actions`, {
        kind: 'account-ban',
        category: 'underage',
        caseId,
      }),
    ];
    for (const answer of refused) expect(answer.error).toBe('not_found');
    expect(await moderator.api.post('/api/admin/cases/bulk', { action: 'dismiss', caseIds: [caseId] })).toMatchObject({
      updated: [],
      skipped: [caseId],
    });
    const post = await db.selectFrom('posts').select('status').where('id', '=', postId).executeTakeFirstOrThrow();
    expect(post.status).toBe(PostStatus.published);
    const account = await db.selectFrom('users').select('banned_at').where('id', '=', author.id).executeTakeFirstOrThrow();
    expect(account.banned_at).toBeNull();
    const summary = await cases.summary(caseId);
    expect(summary).toMatchObject({ status: 'open', assignee: null });

    // Nor may an admin hand it to a plain moderator.
    expect((await admin.api.post(`/api/admin/cases/${caseId}/assign`, { assigneeId: moderator.id })).error).toBe('not_staff');
    // The admin reads and works on it; the moderator's audit log leaves those entries out.
    expect((await admin.api.get(`/api/admin/cases/${caseId}`)).case.id).toBe(caseId);
    expect((await admin.api.post(`/api/admin/cases/${caseId}/note`, { note: 'reviewing' })).statusCode).toBe(1);
    const ofCase = (answer: { entries: { caseId: number | null }[] }) => answer.entries.some((entry) => entry.caseId === caseId);
    expect(ofCase(await admin.api.get('/api/admin/audit?action=case.note'))).toBe(true);
    expect(ofCase(await moderator.api.get('/api/admin/audit?action=case.note'))).toBe(false);
  });

  test("a plain moderator's case about the same account does not show the restricted one in its history", async () => {
    const moderator = await staffUser(t, 'moderator');
    const { author, caseId } = await underageCase();
    const other = await cases.open({
      kind: 'report',
      category: 'spam',
      subject: { userId: author.id },
      reporter: { email: 'someone@example.test', locale: 'en' },
      text: 'Spam',
      ip: '192.0.2.8',
    });
    const detail = await moderator.api.get(`/api/admin/cases/${other.caseId}`);
    expect(detail.statusCode).toBe(2);
    expect(detail.history.earlierCases.map((item: { id: number }) => item.id)).not.toContain(caseId);
  });

  test('an appeal of an action on a restricted case is restricted too: not listed for, nor decided by, a plain moderator', async () => {
    const moderator = await staffUser(t, 'moderator');
    const admin = await staffUser(t, 'admin');
    const { author, postId, caseId } = await underageCase();
    const hidden = await admin.api.post(`/api/admin/enforcement/posts/${postId}/actions`, {
      kind: 'post-hide',
      category: 'underage',
      caseId,
    });
    const owner = await actingAs(t, author.id);
    const appeal = await owner.post(`/api/enforcement/statements/${hidden.statements[0].id}/appeal`, {
      statement: 'I am an adult.',
    });
    expect(appeal.statusCode).toBe(1);
    const listed = (answer: { appeals: { id: number }[] }) => answer.appeals.some((item) => item.id === appeal.appealId);
    expect(listed(await moderator.api.get('/api/admin/enforcement/appeals?limit=100'))).toBe(false);
    expect(listed(await admin.api.get('/api/admin/enforcement/appeals?limit=100'))).toBe(true);
    const decided = await moderator.api.post(`/api/admin/enforcement/appeals/${appeal.appealId}/decide`, {
      outcome: 'reversed',
      reason: 'Looks fine',
    });
    expect(decided.error).toBe('not_found');
    expect((await moderator.api.get(`/api/admin/cases/${appeal.caseId}`)).error).toBe('not_found');
  });
});
