import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, describe, expect, test } from 'vitest';
import { nextAddress, outbox } from '../accounts/test-support.ts';
import { PostStatus } from '../posts/post-status.ts';
import { actingAs, createPost, createUser } from '../test/fixtures.ts';
import { testApp } from '../test/test-app.ts';
import type { CaseIntake } from './cases.service.ts';
import { addBusinessDays } from './deadlines.ts';
import type { CaseDetailAnswer, CaseSummary, QueueAnswer } from './moderation-schema.ts';
import staffGuard from './staff-guard.plugin.ts';
import { auditEntries, contactProof, MODERATION_TEST_ENV, staffUser } from './test-support.ts';

const t = await testApp({ env: { ...MODERATION_TEST_ENV, CONTACT_EMAIL: 'safety@velvet.test' } });
afterAll(() => t.close());
const { db } = t.container.database;
const { cases, intake } = t.container.services.moderation;
const DAY = 24 * 60 * 60_000;

async function reportedPost() {
  const author = await createUser(db);
  return { author, postId: await createPost(db, author.id) };
}

const intakeFor = (postId: number, values: Partial<CaseIntake> = {}): CaseIntake => ({
  kind: 'report',
  category: 'other',
  subject: { postId },
  reporter: { email: 'reporter@example.test', locale: 'en' },
  text: 'Please look',
  ip: nextAddress(),
  ...values,
});

describe('staff guard', () => {
  test('moderators and admins pass; users are refused; admin routes refuse moderators', async () => {
    const user = await actingAs(t, (await createUser(db)).id);
    const moderator = await staffUser(t, 'moderator');
    const admin = await staffUser(t, 'admin');
    expect(await user.get('/api/admin/cases')).toMatchObject({ statusCode: -12, error: 'forbidden' });
    expect(await user.get('/api/admin/me')).toMatchObject({ error: 'forbidden' });
    expect(await moderator.api.get('/api/admin/me')).toEqual({
      statusCode: 2,
      user: { id: moderator.id, username: moderator.username },
      roles: ['moderator'],
    });
    expect((await moderator.api.get('/api/admin/cases')).statusCode).toBe(2);
    expect(await moderator.api.get('/api/admin/roles')).toMatchObject({ error: 'forbidden' });
    expect((await admin.api.get('/api/admin/cases')).statusCode).toBe(2);
    expect((await admin.api.get('/api/admin/roles')).statusCode).toBe(2);
    // A trusted flagger is not staff.
    const flagger = await staffUser(t, 'trusted_flagger');
    expect(await flagger.api.get('/api/admin/cases')).toMatchObject({ error: 'forbidden' });
  });

  test('an /api/admin route without a role cannot even be registered', async () => {
    const probe = Fastify();
    await probe.register(fp(async () => {}, { name: 'auth' }));
    await probe.register(staffGuard, { roles: t.container.services.moderation.roles });
    expect(() => probe.get('/api/admin/open-by-mistake', async () => ({}))).toThrow(/has no config.role/);
    await probe.close();
  });
});

describe('intake into cases', () => {
  // The contact form's proof of work is the full 50 000 hashes: seconds on a busy machine.
  test('a report through /api/abuse opens a case with its category and deadline, and still mails the operators', {
    timeout: 60_000,
  }, async () => {
    const { author, postId } = await reportedPost();
    const from = nextAddress();
    const before = Date.now();
    const { body } = await t.request({
      method: 'POST',
      url: '/api/abuse',
      remoteAddress: from,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        postId,
        category: 'illegal',
        text: 'Illegal',
        email: 'fan@example.test',
        recaptchaToken: await contactProof(t, from),
      }),
    });
    expect(body).toMatchObject({ statusCode: 1, message: 'contact-message-sent', kind: 'abuse', caseId: expect.any(Number) });
    const row = await db.selectFrom('moderation_cases').selectAll().where('id', '=', body.caseId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      kind: 'report',
      category: 'illegal',
      subject_post_id: postId,
      subject_user_id: author.id,
      status: 'open',
    });
    const deadline = new Date(body.deadlineAt).getTime();
    expect(deadline).toBeGreaterThanOrEqual(addBusinessDays(new Date(before), 7).getTime());
    expect(deadline).toBeLessThanOrEqual(addBusinessDays(new Date(), 7).getTime());
    const mails = outbox(t);
    expect(
      mails.find((mail) => mail.to === 'safety@velvet.test' && mail.text.includes(`Case: ${body.caseId} (illegal)`)),
    ).toBeTruthy();
    const receipt = mails.find((mail) => mail.to === 'fan@example.test');
    expect(receipt?.subject).toBe(`We received your report (case ${body.caseId})`);
    expect(receipt?.text).toContain(`/complaint/follow-up/${body.followUpToken}`);
  });

  test('a second report on the same subject and category joins the open case; another category opens its own', async () => {
    const { postId } = await reportedPost();
    const first = await cases.open(intakeFor(postId, { category: 'spam' }));
    const second = await cases.open(
      intakeFor(postId, { category: 'spam', reporter: { email: 'second@example.test', locale: 'de' } }),
    );
    const other = await cases.open(intakeFor(postId, { category: 'illegal' }));
    expect(second).toMatchObject({ caseId: first.caseId, joined: true });
    expect(second.followUpToken).not.toBe(first.followUpToken);
    expect(other.caseId).not.toBe(first.caseId);
    const row = await db
      .selectFrom('moderation_cases')
      .select('reports_count')
      .where('id', '=', first.caseId)
      .executeTakeFirstOrThrow();
    expect(row.reports_count).toBe(2);
    // Once that case is closed, a new report opens a fresh one.
    const moderator = await staffUser(t, 'moderator');
    expect((await moderator.api.post(`/api/admin/cases/${first.caseId}/dismiss`, {})).statusCode).toBe(1);
    const third = await cases.open(intakeFor(postId, { category: 'spam' }));
    expect(third.joined).toBe(false);
    expect(third.caseId).not.toBe(first.caseId);
  });

  test("a trusted flagger's report hides the post at once, pending review, with its audit entry", async () => {
    const { postId } = await reportedPost();
    const flagger = await staffUser(t, 'trusted_flagger');
    const opened = await intake.report(
      { postId, category: 'non_consensual', text: 'Not consented' },
      { userId: flagger.id, ip: nextAddress(), locale: 'en' },
    );
    const post = await db.selectFrom('posts').select('status').where('id', '=', postId).executeTakeFirstOrThrow();
    // Enforcement hides it (in review, files kept) as an automated action, with the flagger in the audit entry.
    expect(post.status).toBe(PostStatus.inReview);
    const [entry] = (await auditEntries(t, 'enforcement.post-hide')).filter((row) => row.case_id === opened.caseId);
    expect(entry).toMatchObject({ actor_id: null, subject_type: 'post', subject_id: String(postId) });
    expect(entry?.details).toMatchObject({ previousStatus: PostStatus.published, flaggedBy: flagger.id });
    const row = await db
      .selectFrom('moderation_cases')
      .select('status')
      .where('id', '=', opened.caseId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('open');
  });
});

describe('queues', () => {
  test('sorted by deadline, filtered by category, paged by keyset; overdue, mine, escalated and appeals', async () => {
    const moderator = await staffUser(t, 'moderator');
    const colleague = await staffUser(t, 'moderator');
    const category = 'copyright';
    const opened: number[] = [];
    // Received 30, 20 and 14 days ago, then today. The default deadline is 7 business days: at most 11
    // calendar days when a case arrives on a Saturday, so 14 days ago is overdue on any day the test runs.
    for (const daysAgo of [14, 30, 0, 20]) {
      const { postId } = await reportedPost();
      opened.push((await cases.open(intakeFor(postId, { category }), new Date(Date.now() - daysAgo * DAY))).caseId);
    }
    const [fourteenDays, thirtyDays, today, twentyDays] = opened as [number, number, number, number];
    const pages: CaseSummary[][] = [];
    let cursor: string | null = null;
    do {
      const page: QueueAnswer = await moderator.api.get(
        `/api/admin/cases?queue=open&category=${category}&limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      pages.push(page.cases);
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages.map((page) => page.length)).toEqual([3, 1]);
    expect(pages.flat().map((item) => item.id)).toEqual([thirtyDays, twentyDays, fourteenDays, today]);
    expect(pages.flat().map((item) => item.overdue)).toEqual([true, true, true, false]);

    const overdue: QueueAnswer = await moderator.api.get(`/api/admin/cases?queue=overdue&category=${category}`);
    expect(overdue.cases.map((item) => item.id)).toEqual([thirtyDays, twentyDays, fourteenDays]);
    const spam: QueueAnswer = await moderator.api.get('/api/admin/cases?queue=open&category=spam');
    expect(spam.cases.every((item) => item.category === 'spam')).toBe(true);

    await moderator.api.post(`/api/admin/cases/${fourteenDays}/assign`, {});
    await colleague.api.post(`/api/admin/cases/${today}/escalate`, { note: 'Needs legal' });
    const mine: QueueAnswer = await moderator.api.get('/api/admin/cases?queue=mine');
    expect(mine.cases.map((item) => item.id)).toEqual([fourteenDays]);
    expect(mine.cases[0]).toMatchObject({ status: 'assigned', assignee: { id: moderator.id } });
    const escalated: QueueAnswer = await moderator.api.get(`/api/admin/cases?queue=escalated&category=${category}`);
    expect(escalated.cases.map((item) => item.id)).toEqual([today]);

    // An appeal of the case the moderator acted on goes to someone else.
    const appeal = await cases.open({
      kind: 'appeal',
      category,
      subject: {},
      reporter: { email: 'creator@example.test', locale: 'en' },
      text: 'I consented',
      ip: nextAddress(),
      relatedCaseId: fourteenDays,
      excludedAssigneeId: moderator.id,
    });
    const appeals: QueueAnswer = await moderator.api.get('/api/admin/cases?queue=appeals');
    expect(appeals.cases.map((item) => item.id)).toContain(appeal.caseId);
    expect(appeals.cases.find((item) => item.id === appeal.caseId)?.relatedCaseId).toBe(fourteenDays);
    const openAgain: QueueAnswer = await moderator.api.get(`/api/admin/cases?queue=open&category=${category}`);
    expect(openAgain.cases.map((item) => item.id)).not.toContain(appeal.caseId);
    expect(await moderator.api.post(`/api/admin/cases/${appeal.caseId}/assign`, {})).toMatchObject({ statusCode: -204 });
    expect((await colleague.api.post(`/api/admin/cases/${appeal.caseId}/assign`, {})).case.assignee.id).toBe(colleague.id);

    expect(await moderator.api.get('/api/admin/cases?cursor=bm9wZQ')).toMatchObject({ statusCode: -10 });
  });
});

describe('working on a case', () => {
  test('assign, escalate, message, note and dismiss: events, audit entries, and the reporter told', async () => {
    const { postId } = await reportedPost();
    const reporter = await createUser(db);
    // The account's language wins over the page's the report was sent from.
    await db.updateTable('users').set({ lang: 'cs' }).where('id', '=', reporter.id).execute();
    const opened = await intake.report(
      { postId, category: 'other', text: 'Odd', email: 'worried@example.test' },
      { userId: reporter.id, ip: nextAddress(), locale: 'en' },
    );
    const moderator = await staffUser(t, 'moderator');
    const base = `/api/admin/cases/${opened.caseId}`;

    expect(await moderator.api.post(`${base}/assign`, { assigneeId: reporter.id })).toMatchObject({ error: 'not_staff' });
    expect((await moderator.api.post(`${base}/assign`, {})).case).toMatchObject({
      status: 'assigned',
      assignee: { id: moderator.id },
    });
    expect((await moderator.api.post(`${base}/escalate`, { publicReason: 'Second look', note: 'unsure' })).case.status).toBe(
      'escalated',
    );
    expect((await moderator.api.post(`${base}/message`, { text: 'Which part of the video?' })).statusCode).toBe(1);
    expect((await moderator.api.post(`${base}/note`, { note: 'Reporter seems genuine' })).statusCode).toBe(1);
    expect(await moderator.api.post(`${base}/message`, { text: '   ' })).toMatchObject({ statusCode: -10 });

    // The reporter hears by notification (their account) and e-mail (the address given), in their language.
    const notices = await actingAs(t, reporter.id).then((api) => api.get('/api/notification/moderation'));
    expect(notices.notifications[0]).toMatchObject({
      type: 'moderation',
      moderation: { caseId: opened.caseId, notice: 'case-message' },
    });
    const mail = outbox(t).findLast((entry) => entry.to === 'worried@example.test');
    expect(mail?.subject).toBe(`Moderátor napsal k případu ${opened.caseId}`);
    expect(mail?.text).toContain('Which part of the video?');
    expect(mail?.text).toContain(`/complaint/follow-up/${opened.followUpToken}`);

    // ...and answers through the follow-up link, without logging in.
    const followUp = await t.get(`/api/complaint/follow-up?token=${opened.followUpToken}`);
    expect(followUp.body).toMatchObject({ statusCode: 2, case: { id: opened.caseId, status: 'escalated' } });
    expect(followUp.body.messages.map((message: { author: string }) => message.author)).toEqual(['moderator']);
    expect((await t.post('/api/complaint/follow-up', { token: opened.followUpToken, text: 'At 0:12' })).body.statusCode).toBe(1);

    const dismissed = await moderator.api.post(`${base}/dismiss`, { publicReason: 'Within the rules', note: 'checked frames' });
    expect(dismissed.case).toMatchObject({ status: 'dismissed', closedAt: expect.any(String) });
    expect(await moderator.api.post(`${base}/escalate`, {})).toMatchObject({ statusCode: -202, error: 'case_closed' });
    expect((await t.post('/api/complaint/follow-up', { token: opened.followUpToken, text: 'More' })).body.statusCode).toBe(-202);
    expect(outbox(t).findLast((entry) => entry.to === 'worried@example.test')?.text).toContain('Within the rules');

    const detail: CaseDetailAnswer = await moderator.api.get(base);
    expect(detail.events.map((event) => event.action)).toEqual([
      'case.opened',
      'case.assign',
      'case.escalate',
      'case.message',
      'case.note',
      'reporter.message',
      'case.dismiss',
    ]);
    expect(detail.events.find((event) => event.action === 'case.escalate')).toMatchObject({
      actor: { id: moderator.id },
      publicReason: 'Second look',
      privateNote: 'unsure',
    });
    expect(detail.messages.map((message) => [message.author, message.body])).toEqual([
      ['moderator', 'Which part of the video?'],
      ['reporter', 'At 0:12'],
    ]);
    expect(detail.reports).toMatchObject([
      { reporter: { user: { id: reporter.id }, email: 'worried@example.test' }, text: 'Odd' },
    ]);
    expect(detail.case.subject.post?.id).toBe(postId);

    const audited = await db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('case_id', '=', opened.caseId)
      .orderBy('id')
      .execute();
    expect(audited).toEqual(
      ['case.assign', 'case.escalate', 'case.message', 'case.note', 'case.dismiss'].map((action) => ({
        action,
        actor_id: moderator.id,
      })),
    );
  });

  test("the detail shows the subject's earlier cases; an unknown case is not found", async () => {
    const { postId } = await reportedPost();
    const moderator = await staffUser(t, 'moderator');
    const earlier = await cases.open(intakeFor(postId, { category: 'spam' }));
    await moderator.api.post(`/api/admin/cases/${earlier.caseId}/dismiss`, {});
    const later = await cases.open(intakeFor(postId, { category: 'spam' }));
    const detail: CaseDetailAnswer = await moderator.api.get(`/api/admin/cases/${later.caseId}`);
    expect(detail.history).toMatchObject({ strikes: 0, earlierCases: [{ id: earlier.caseId, status: 'dismissed' }] });
    expect(await moderator.api.get('/api/admin/cases/999999999')).toMatchObject({ error: 'not_found' });
  });

  test('bulk assign and dismiss change what they can and skip the rest', async () => {
    const moderator = await staffUser(t, 'moderator');
    const colleague = await staffUser(t, 'moderator');
    const ids: number[] = [];
    for (let index = 0; index < 3; index++) ids.push((await cases.open(intakeFor((await reportedPost()).postId))).caseId);
    const [first, second, third] = ids as [number, number, number];
    await moderator.api.post(`/api/admin/cases/${third}/dismiss`, {});
    const assigned = await moderator.api.post('/api/admin/cases/bulk', {
      action: 'assign',
      caseIds: ids,
      assigneeId: colleague.id,
    });
    expect(assigned).toEqual({ statusCode: 1, updated: [first, second], skipped: [third] });
    const user = await createUser(db);
    expect(
      await moderator.api.post('/api/admin/cases/bulk', { action: 'assign', caseIds: ids, assigneeId: user.id }),
    ).toMatchObject({
      error: 'not_staff',
    });
    const dismissed = await moderator.api.post('/api/admin/cases/bulk', {
      action: 'dismiss',
      caseIds: [first, 999_999_999],
      publicReason: 'Duplicate',
    });
    expect(dismissed).toEqual({ statusCode: 1, updated: [first], skipped: [999_999_999] });
    expect((await auditEntries(t, 'case.dismiss')).filter((entry) => entry.case_id === first)).toHaveLength(1);
  });
});
