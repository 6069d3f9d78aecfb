import { afterAll, describe, expect, test } from 'vitest';
import { nextAddress, outbox, proofOfWork } from '../accounts/test-support.ts';
import { createPost, createUser } from '../test/fixtures.ts';
import { testApp } from '../test/test-app.ts';
import { addBusinessDays } from './deadlines.ts';
import type { QueueAnswer } from './moderation-schema.ts';
import { MODERATION_TEST_ENV, staffUser } from './test-support.ts';

const t = await testApp({ env: { ...MODERATION_TEST_ENV, BASE_URL: 'https://velvet.example' } });
afterAll(() => t.close());
const { db } = t.container.database;

const contact = { name: 'Dana Example', email: 'dana@example.test', signature: 'Dana Example' };

async function complain(body: Record<string, unknown>, from = nextAddress()) {
  return t.request({
    method: 'POST',
    url: '/api/complaint',
    remoteAddress: from,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ ...body, recaptchaToken: await proofOfWork(t) }),
  });
}

async function publishedPost() {
  const author = await createUser(db);
  return { author, postId: await createPost(db, author.id) };
}

describe('POST /api/complaint', () => {
  test('a DMCA notice with every element opens a copyright case of 7 business days and is acknowledged', async () => {
    const { author, postId } = await publishedPost();
    const before = new Date();
    const answer = await complain({
      kind: 'dmca_notice',
      ...contact,
      address: '1 Main St, Springfield',
      urls: [`https://velvet.example/video?id=${postId}&title=x`, 'https://elsewhere.example/copy'],
      work: 'My short film "Blue", 2025',
      goodFaith: true,
      accuracyUnderPenaltyOfPerjury: true,
    });
    expect(answer.body).toMatchObject({ statusCode: 1, caseId: expect.any(Number), followUpToken: expect.any(String) });
    const deadline = new Date(answer.body.deadlineAt).getTime();
    expect(deadline).toBeGreaterThanOrEqual(addBusinessDays(before, 7).getTime());
    expect(deadline).toBeLessThanOrEqual(addBusinessDays(new Date(), 7).getTime());
    const row = await db
      .selectFrom('moderation_cases')
      .selectAll()
      .where('id', '=', answer.body.caseId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      kind: 'dmca_notice',
      category: 'copyright',
      subject_post_id: postId,
      subject_user_id: author.id,
    });
    const report = await db.selectFrom('case_reports').selectAll().where('case_id', '=', row.id).executeTakeFirstOrThrow();
    expect(report.details).toMatchObject({
      work: 'My short film "Blue", 2025',
      signature: 'Dana Example',
      goodFaith: true,
      accuracyUnderPenaltyOfPerjury: true,
      address: '1 Main St, Springfield',
      postIds: [postId],
    });
    expect(report.details).not.toHaveProperty('recaptchaToken');
    const receipt = outbox(t).find((mail) => mail.to === 'dana@example.test' && mail.subject.includes(`(case ${row.id})`));
    expect(receipt?.text).toContain(`https://velvet.example/complaint/follow-up/${answer.body.followUpToken}`);
  });

  test('a TAKE IT DOWN request without login reaches the queue with its 48-hour deadline', async () => {
    const { postId } = await publishedPost();
    const sent = Date.now();
    const answer = await complain({
      kind: 'takedown_request',
      ...contact,
      urls: [`/someone/post/${postId}`],
      depictedOrAuthorised: true,
      goodFaithNonConsent: true,
    });
    expect(answer.body.statusCode).toBe(1);
    const deadline = new Date(answer.body.deadlineAt).getTime();
    expect(deadline).toBeGreaterThanOrEqual(sent + 48 * 3_600_000);
    expect(deadline).toBeLessThanOrEqual(Date.now() + 48 * 3_600_000);
    const moderator = await staffUser(t, 'moderator');
    const queue: QueueAnswer = await moderator.api.get('/api/admin/cases?queue=open&category=non_consensual');
    expect(queue.cases.find((item) => item.id === answer.body.caseId)).toMatchObject({
      kind: 'takedown_request',
      deadlineAt: answer.body.deadlineAt,
      subject: { post: { id: postId } },
      reporter: { user: null, email: 'dana@example.test' },
    });
  });

  test('a complaint about a profile names the account; one about nothing here is refused', async () => {
    const target = await createUser(db);
    const answer = await complain({
      kind: 'complaint',
      category: 'underage',
      ...contact,
      urls: [`https://velvet.example/${target.username}`],
    });
    const row = await db
      .selectFrom('moderation_cases')
      .selectAll()
      .where('id', '=', answer.body.caseId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'complaint', category: 'underage', subject_post_id: null, subject_user_id: target.id });
    const elsewhere = await complain({
      kind: 'complaint',
      category: 'other',
      ...contact,
      urls: ['https://elsewhere.example/video?id=1'],
    });
    expect(elsewhere.body).toMatchObject({ statusCode: -200, error: 'complaint_subject_unknown' });
    const missingPost = await complain({ kind: 'complaint', category: 'other', ...contact, urls: ['999999999'] });
    expect(missingPost.body.statusCode).toBe(-200);
  });

  test('the legal statements are required, and the proof of work', async () => {
    const { postId } = await publishedPost();
    const notice = { kind: 'dmca_notice', ...contact, urls: [String(postId)], work: 'Mine', goodFaith: true };
    expect((await complain({ ...notice, accuracyUnderPenaltyOfPerjury: false })).body.statusCode).toBe(-10);
    expect((await complain({ ...notice, accuracyUnderPenaltyOfPerjury: true, signature: ' ' })).body.statusCode).toBe(-10);
    const request = { ...notice, accuracyUnderPenaltyOfPerjury: true, recaptchaToken: 'forged' };
    const forged = await t.post('/api/complaint', request);
    expect(forged.body).toMatchObject({ error: 'bot_check_failed' });
  });

  test('a client may send reportsPerHour complaints; more are refused with 429, others are not affected', async () => {
    const admin = await staffUser(t, 'admin');
    expect((await admin.api.put('/api/admin/settings', { reportsPerHour: 2 })).settings.reportsPerHour).toBe(2);
    try {
      const from = nextAddress();
      const statuses: number[] = [];
      for (let index = 0; index < 3; index++) {
        const { postId } = await publishedPost();
        const answer = await complain({ kind: 'complaint', category: 'spam', ...contact, urls: [String(postId)] }, from);
        statuses.push(answer.body.statusCode);
        if (index === 2) expect(answer.status).toBe(429);
      }
      expect(statuses).toEqual([1, 1, -201]);
      const { postId } = await publishedPost();
      expect((await complain({ kind: 'complaint', category: 'spam', ...contact, urls: [String(postId)] })).body.statusCode).toBe(
        1,
      );
    } finally {
      await admin.api.put('/api/admin/settings', { reportsPerHour: 20 });
    }
  });

  test('the same post and category from two complainants make one case with two reports', async () => {
    const { postId } = await publishedPost();
    const body = { kind: 'complaint', category: 'illegal', ...contact, urls: [String(postId)] };
    const first = await complain(body);
    const second = await complain({ ...body, email: 'other@example.test' });
    expect(second.body.caseId).toBe(first.body.caseId);
    expect(second.body.followUpToken).not.toBe(first.body.followUpToken);
    const reports = await db
      .selectFrom('case_reports')
      .select('reporter_email')
      .where('case_id', '=', first.body.caseId)
      .execute();
    expect(reports.map((report) => report.reporter_email)).toEqual(['dana@example.test', 'other@example.test']);
  });

  test('follow-up: an unknown token finds nothing', async () => {
    const unknown = 'x'.repeat(43);
    expect((await t.get(`/api/complaint/follow-up?token=${unknown}`)).body).toMatchObject({ statusCode: -13 });
    expect((await t.post('/api/complaint/follow-up', { token: unknown, text: 'Hello?' })).body).toMatchObject({
      statusCode: -13,
    });
  });
});
