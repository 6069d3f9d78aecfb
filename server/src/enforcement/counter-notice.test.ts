import { sql } from 'kysely';
import { afterAll, describe, expect, test } from 'vitest';
import { jobDeps } from '../container.ts';
import { jobHandlers } from '../jobs/registry.ts';
import { PostStatus } from '../posts/post-status.ts';
import { createPost } from '../test/fixtures.ts';
import { testApp } from '../test/test-app.ts';
import { addBusinessDays } from './business-days.ts';
import { auditEntries, creator, postStatus, staffMember } from './test-support.ts';

const t = await testApp();
const { db } = t.container.database;
afterAll(() => t.close());

const moderator = await staffMember(t, 'moderator');
const runRestoreJob = (counterNoticeId: number) =>
  jobHandlers['enforcement:restore-counter-noticed'](jobDeps(t.container), { counterNoticeId });
const restoreJob = async (counterNoticeId: number) => {
  const { rows } = await sql<{ runAt: Date }>`
    SELECT run_at AS "runAt" FROM graphile_worker.jobs WHERE key = ${`counter-notice-restore:${counterNoticeId}`}`.execute(db);
  return rows[0];
};
const ELEMENTS = {
  fullName: 'Jana Nováková',
  address: 'Vinohradská 12, 120 00 Praha, Czech Republic',
  phone: '+420 123 456 789',
  email: 'jana@example.test',
  material: 'My video "Sunset" at /video?id=1, removed on a copyright notice',
  perjuryStatement: true,
  jurisdictionConsent: true,
  signature: 'Jana Nováková',
};

async function withheldForCopyright() {
  const owner = await creator(t);
  const postId = await createPost(db, owner.id);
  const answer = await moderator.api.post(`/api/admin/enforcement/posts/${postId}/actions`, {
    kind: 'post-hide',
    category: 'copyright',
  });
  return { owner, postId, actionId: answer.statements[0].id as number };
}

describe('DMCA counter-notices', () => {
  test('the post comes back when the job runs at 10 business days, not before', async () => {
    const { owner, postId, actionId } = await withheldForCopyright();
    expect((await owner.api.get(`/api/enforcement/statements/${actionId}`)).statement.counterNoticeAllowed).toBe(true);
    const before = Date.now();
    const sent = await owner.api.post(`/api/enforcement/statements/${actionId}/counter-notice`, ELEMENTS);
    expect(sent.statusCode).toBe(1);
    const restoreAt = Date.parse(sent.restoreAt);
    expect(restoreAt).toBeGreaterThanOrEqual(addBusinessDays(new Date(before), 10).getTime());
    expect(restoreAt).toBeLessThanOrEqual(addBusinessDays(new Date(), 10).getTime());
    expect((await restoreJob(sent.counterNoticeId))?.runAt.getTime()).toBe(restoreAt);
    expect((await owner.api.post(`/api/enforcement/statements/${actionId}/counter-notice`, ELEMENTS)).error).toBe(
      'counter_notice_exists',
    );
    expect(await auditEntries(db, 'enforcement.counter-notice', postId)).toHaveLength(1);
    // The console finds the counter-notice and its restore date in the case it opens.
    const { rows: caseReports } = await sql<{ details: Record<string, unknown> }>`
      SELECT r.details FROM case_reports r JOIN moderation_cases c ON c.id = r.case_id
      WHERE c.kind = 'counter_notice' AND c.subject_post_id = ${postId}`.execute(db);
    expect(caseReports.map((report) => report.details)).toEqual([
      expect.objectContaining({ counterNoticeId: sent.counterNoticeId, restoreAt: sent.restoreAt }),
    ]);

    await runRestoreJob(sent.counterNoticeId);
    expect(await postStatus(db, postId)).toBe(PostStatus.inReview);

    await sql`UPDATE counter_notices SET restore_at = now() - interval '1 second' WHERE id = ${sent.counterNoticeId}`.execute(db);
    await runRestoreJob(sent.counterNoticeId);
    expect(await postStatus(db, postId)).toBe(PostStatus.published);
    expect(await auditEntries(db, 'enforcement.post-restore', postId)).toEqual([expect.objectContaining({ actorId: null })]);
    const statements = (await owner.api.get('/api/enforcement/statements')).statements;
    expect(statements[0]).toMatchObject({ kind: 'post-restore', automated: true });
  });

  test('a lawsuit reported in time keeps the post down and cancels the job', async () => {
    const { owner, postId, actionId } = await withheldForCopyright();
    const sent = await owner.api.post(`/api/enforcement/statements/${actionId}/counter-notice`, ELEMENTS);
    const reported = await moderator.api.post(`/api/admin/enforcement/counter-notices/${sent.counterNoticeId}/lawsuit`, {});
    expect(reported.counterNotice.lawsuitReportedAt).not.toBeNull();
    expect(await restoreJob(sent.counterNoticeId)).toBeUndefined();
    await sql`UPDATE counter_notices SET restore_at = now() - interval '1 second' WHERE id = ${sent.counterNoticeId}`.execute(db);
    await runRestoreJob(sent.counterNoticeId);
    expect(await postStatus(db, postId)).toBe(PostStatus.inReview);
    expect(await auditEntries(db, 'enforcement.lawsuit-reported', postId)).toHaveLength(1);
  });

  test('only for a copyright withholding, with every legal element', async () => {
    const owner = await creator(t);
    const postId = await createPost(db, owner.id);
    const spam = await moderator.api.post(`/api/admin/enforcement/posts/${postId}/actions`, {
      kind: 'post-hide',
      category: 'spam',
    });
    const notice = await owner.api.post(`/api/enforcement/statements/${spam.statements[0].id}/counter-notice`, ELEMENTS);
    expect(notice.error).toBe('counter_notice_not_allowed');
    const { owner: holder, actionId } = await withheldForCopyright();
    const { perjuryStatement: _omitted, ...incomplete } = ELEMENTS;
    expect((await holder.api.post(`/api/enforcement/statements/${actionId}/counter-notice`, incomplete)).error).toBe(
      'invalid_input',
    );
    const unsworn = { ...ELEMENTS, jurisdictionConsent: false };
    expect((await holder.api.post(`/api/enforcement/statements/${actionId}/counter-notice`, unsworn)).error).toBe(
      'invalid_input',
    );
    expect((await owner.api.post(`/api/enforcement/statements/${actionId}/counter-notice`, ELEMENTS)).error).toBe('not_found');
  });
});
