import { sql } from 'kysely';
import { afterAll, describe, expect, test } from 'vitest';
import { nextAddress } from '../accounts/test-support.ts';
import { createLogger } from '../logger.ts';
import { authAs, createPost, createUser } from '../test/fixtures.ts';
import { testApp } from '../test/test-app.ts';
import { ADMIN_USAGE, runAdminCommand } from './admin-command.ts';
import { addBusinessDays } from './deadlines.ts';
import type { AuditAnswer, MonthlyAnswer, OperationsAnswer } from './moderation-schema.ts';
import { auditEntries, MODERATION_TEST_ENV, staffUser } from './test-support.ts';

const t = await testApp({
  env: MODERATION_TEST_ENV,
  routes: async (app) => {
    app.get('/test/fault', async () => {
      throw new Error('the disk is on fire');
    });
  },
});
afterAll(() => t.close());
const { db } = t.container.database;
const { cases } = t.container.services.moderation;

const reportOn = async (postId: number, category: 'spam' | 'illegal' | 'other' = 'other') =>
  cases.open({
    kind: 'report',
    category,
    subject: { postId },
    reporter: { email: 'r@example.test', locale: 'en' },
    text: 'x',
    ip: nextAddress(),
  });
const newPost = async () => createPost(db, (await createUser(db)).id);

describe('roles', () => {
  test('admins grant and revoke roles by username, each in the audit log; the last admin stays', async () => {
    const admin = await staffUser(t, 'admin');
    const candidate = await createUser(db);
    const granted = await admin.api.post('/api/admin/roles', { username: candidate.username.toUpperCase(), role: 'moderator' });
    expect(granted.grants).toContainEqual(
      expect.objectContaining({
        user: { id: candidate.id, username: candidate.username },
        role: 'moderator',
        grantedBy: { id: admin.id, username: admin.username },
      }),
    );
    const [grant] = (await auditEntries(t, 'role.grant')).filter((entry) => entry.subject_id === String(candidate.id));
    expect(grant).toMatchObject({ actor_id: admin.id, actor_username: admin.username, details: { role: 'moderator' } });
    const moderator = await staffUser(t);
    expect(await moderator.api.get('/api/admin/cases')).toMatchObject({ error: 'forbidden' });

    const revoked = await admin.api.delete('/api/admin/roles', { username: candidate.username, role: 'moderator' });
    expect(revoked.grants.some((entry: { user: { id: number } }) => entry.user.id === candidate.id)).toBe(false);
    expect((await auditEntries(t, 'role.revoke')).some((entry) => entry.subject_id === String(candidate.id))).toBe(true);
    expect(await admin.api.post('/api/admin/roles', { username: 'nobody_by_this_name', role: 'admin' })).toMatchObject({
      error: 'not_found',
    });

    // Every other admin goes; the last one cannot remove itself.
    await db.deleteFrom('staff_roles').where('role', '=', 'admin').where('user_id', '<>', admin.id).execute();
    expect(await admin.api.delete('/api/admin/roles', { username: admin.username, role: 'admin' })).toMatchObject({
      statusCode: -205,
      error: 'last_admin',
    });
  });

  test('`velvet admin create <username>` makes the first admin; unknown names and bad usage fail', async () => {
    const owner = await createUser(db);
    const log = createLogger('silent');
    const said: string[] = [];
    const out = { log: (line: string) => said.push(line), error: (line: string) => said.push(line) };
    expect(await runAdminCommand(['create', owner.username], t.container.config, log, out)).toBe(0);
    const roles = await db.selectFrom('staff_roles').select(['role', 'granted_by']).where('user_id', '=', owner.id).execute();
    expect(roles).toEqual([{ role: 'admin', granted_by: null }]);
    const [entry] = (await auditEntries(t, 'role.grant')).filter((row) => row.subject_id === String(owner.id));
    expect(entry).toMatchObject({ actor_id: null, details: { role: 'admin', username: owner.username } });
    expect(await runAdminCommand(['create', 'no_such_account'], t.container.config, log, out)).toBe(1);
    expect(await runAdminCommand(['make', owner.username], t.container.config, log, out)).toBe(2);
    expect(said).toEqual([
      `${owner.username} is an admin.`,
      'No account is named no_such_account; sign up first, then run this again.',
      ADMIN_USAGE,
    ]);
  });
});

describe('settings', () => {
  test('an admin changes deadlines; new cases use them; each change is audited with before and after', async () => {
    const admin = await staffUser(t, 'admin');
    expect((await admin.api.get('/api/admin/settings')).settings).toEqual({
      defaultDeadlineBusinessDays: 7,
      nonConsensualDeadlineHours: 48,
      categoryDeadlineBusinessDays: {},
      reportsPerHour: 20,
    });
    const changed = await admin.api.put('/api/admin/settings', {
      defaultDeadlineBusinessDays: 3,
      categoryDeadlineBusinessDays: { spam: 1 },
    });
    expect(changed.settings).toMatchObject({ defaultDeadlineBusinessDays: 3, categoryDeadlineBusinessDays: { spam: 1 } });
    try {
      const before = new Date();
      const other = await reportOn(await newPost());
      const spam = await reportOn(await newPost(), 'spam');
      expect(other.deadlineAt.getTime()).toBeGreaterThanOrEqual(addBusinessDays(before, 3).getTime());
      expect(other.deadlineAt.getTime()).toBeLessThanOrEqual(addBusinessDays(new Date(), 3).getTime());
      expect(spam.deadlineAt.getTime()).toBeLessThanOrEqual(addBusinessDays(new Date(), 1).getTime());
      const entries = await auditEntries(t, 'settings.update');
      expect(entries.at(-1)).toMatchObject({
        actor_id: admin.id,
        details: {
          before: { defaultDeadlineBusinessDays: 7, categoryDeadlineBusinessDays: {} },
          after: { defaultDeadlineBusinessDays: 3, categoryDeadlineBusinessDays: { spam: 1 } },
        },
      });
      // The same values again change nothing and write nothing.
      await admin.api.put('/api/admin/settings', { defaultDeadlineBusinessDays: 3 });
      expect(await auditEntries(t, 'settings.update')).toHaveLength(entries.length);
      expect(await admin.api.put('/api/admin/settings', { defaultDeadlineBusinessDays: 0 })).toMatchObject({ statusCode: -10 });
      expect(await admin.api.put('/api/admin/settings', { unknownSetting: 1 })).toMatchObject({ statusCode: -10 });
      expect(await admin.api.put('/api/admin/settings', { categoryDeadlineBusinessDays: { gossip: 2 } })).toMatchObject({
        statusCode: -10,
      });
    } finally {
      await admin.api.put('/api/admin/settings', { defaultDeadlineBusinessDays: 7, categoryDeadlineBusinessDays: {} });
    }
  });
});

describe('audit log', () => {
  test('is append-only in the database: UPDATE, DELETE and TRUNCATE fail', async () => {
    const admin = await staffUser(t, 'admin');
    await admin.api.put('/api/admin/settings', { reportsPerHour: 21 });
    await admin.api.put('/api/admin/settings', { reportsPerHour: 20 });
    await expect(db.updateTable('audit_log').set({ action: 'rewritten' }).execute()).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE audit_log`.execute(db)).rejects.toThrow(/append-only/);
    expect((await auditEntries(t, 'settings.update')).length).toBeGreaterThan(0);
  });

  test('search by actor, action, subject and time, newest first, in pages; CSV export for admins, itself audited', async () => {
    const admin = await staffUser(t, 'admin');
    const moderator = await staffUser(t, 'moderator');
    const opened = [await reportOn(await newPost()), await reportOn(await newPost()), await reportOn(await newPost())];
    const start = new Date().toISOString();
    for (const { caseId } of opened)
      await moderator.api.post(`/api/admin/cases/${caseId}/note`, { note: `note, "quoted" ${caseId}` });

    const first: AuditAnswer = await moderator.api.get(`/api/admin/audit?actorId=${moderator.id}&action=case.note&limit=2`);
    expect(first.entries.map((entry) => entry.caseId)).toEqual([opened[2]?.caseId, opened[1]?.caseId]);
    expect(first.entries[0]).toMatchObject({ actor: { id: moderator.id, username: moderator.username }, subjectType: 'case' });
    const second: AuditAnswer = await moderator.api.get(
      `/api/admin/audit?actorId=${moderator.id}&action=case.note&limit=2&cursor=${first.nextCursor}`,
    );
    expect(second).toMatchObject({ nextCursor: null, entries: [{ caseId: opened[0]?.caseId }] });
    const bySubject: AuditAnswer = await moderator.api.get(`/api/admin/audit?subjectType=case&subjectId=${opened[1]?.caseId}`);
    expect(bySubject.entries.map((entry) => entry.action)).toEqual(['case.note']);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await moderator.api.get(`/api/admin/audit?actorId=${moderator.id}&from=${future}`)).entries).toEqual([]);
    expect((await moderator.api.get(`/api/admin/audit?actorId=${moderator.id}&from=${start}&to=${future}`)).entries).toHaveLength(
      3,
    );
    expect(await moderator.api.get('/api/admin/audit?from=yesterday')).toMatchObject({ statusCode: -10 });

    expect(await moderator.api.get('/api/admin/audit/export')).toMatchObject({ error: 'forbidden' });
    const csv = await t.request({
      method: 'GET',
      url: `/api/admin/audit/export?actorId=${moderator.id}`,
      headers: await authAs(t, admin.id),
    });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('id,created_at,actor_id,actor,action,subject_type,subject_id,case_id,ip,details');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`,${moderator.id},${moderator.username},case.note,case,${opened[2]?.caseId},`);
    const [exported] = (await auditEntries(t, 'audit.export')).filter((entry) => entry.actor_id === admin.id);
    expect(exported?.details).toMatchObject({ actorId: moderator.id, rows: 3 });
  });
});

describe('operations', () => {
  test('queue depths and overdue counts, failed jobs with retry, storage, recent errors, version', async () => {
    const moderator = await staffUser(t, 'moderator');
    const admin = await staffUser(t, 'admin');
    const past = new Date(Date.now() - 30 * 24 * 60 * 60_000);
    await cases.open(
      {
        kind: 'report',
        category: 'illegal',
        subject: { postId: await newPost() },
        reporter: { locale: 'en' },
        text: '',
        ip: nextAddress(),
      },
      past,
    );
    const { rows } = await sql<{ id: string }>`
      SELECT id::text FROM graphile_worker.add_job('moderation:probe', '{}'::json, max_attempts := 1)`.execute(db);
    const jobId = rows[0]?.id ?? '';
    await sql`UPDATE graphile_worker._private_jobs SET attempts = 1, last_error = 'it broke' WHERE id = ${jobId}::bigint`.execute(
      db,
    );
    expect((await t.get('/test/fault')).body.error).toBe('internal_error');

    const overview: OperationsAnswer = await moderator.api.get('/api/admin/operations');
    expect(overview.queues.overdue).toBeGreaterThanOrEqual(1);
    expect(overview.queues.open).toBeGreaterThanOrEqual(1);
    expect(overview.overdueByCategory.illegal).toBeGreaterThanOrEqual(1);
    expect(overview.failedJobs).toContainEqual(
      expect.objectContaining({ id: jobId, task: 'moderation:probe', lastError: 'it broke' }),
    );
    expect(overview.storage.databaseBytes).toBeGreaterThan(0);
    expect(overview.storage.mediaFiles).toBeGreaterThan(0);
    expect(overview.recentErrors[0]).toMatchObject({ route: '/test/fault', message: 'the disk is on fire' });
    expect(overview.version).toBe(t.container.config.appVersion);

    expect(await moderator.api.post(`/api/admin/operations/jobs/${jobId}/retry`, {})).toMatchObject({ error: 'forbidden' });
    expect((await admin.api.post(`/api/admin/operations/jobs/${jobId}/retry`, {})).statusCode).toBe(1);
    const job = await sql<{ attempts: number }>`SELECT attempts FROM graphile_worker.jobs WHERE id = ${jobId}::bigint`.execute(
      db,
    );
    expect(job.rows[0]?.attempts).toBe(0);
    expect((await auditEntries(t, 'job.retry')).at(-1)).toMatchObject({ actor_id: admin.id, subject_id: jobId });
    expect(await admin.api.post(`/api/admin/operations/jobs/${jobId}/retry`, {})).toMatchObject({ error: 'not_found' });
  });

  test('the monthly report lists every month of the range, zero-incident ones too, as JSON and CSV', async () => {
    const moderator = await staffUser(t, 'moderator');
    const spam = await reportOn(await newPost(), 'spam');
    const illegal = await reportOn(await newPost(), 'illegal');
    const late = await reportOn(await newPost(), 'other');
    await moderator.api.post(`/api/admin/cases/${spam.caseId}/dismiss`, {});
    await moderator.api.post(`/api/admin/cases/${late.caseId}/dismiss`, {});
    // Moved into 2024: January has all three, the spam one dismissed after 10 hours, the other after the deadline in March.
    const at = (text: string) => new Date(`${text}Z`);
    const move = (caseId: number, created: string, closed: string | null, deadline: string) =>
      db
        .updateTable('moderation_cases')
        .set({ created_at: at(created), closed_at: closed ? at(closed) : null, deadline_at: at(deadline) })
        .where('id', '=', caseId)
        .execute();
    await move(spam.caseId, '2024-01-10T08:00:00', '2024-01-10T18:00:00', '2024-01-19T08:00:00');
    await move(illegal.caseId, '2024-01-20T08:00:00', null, '2024-01-29T08:00:00');
    await move(late.caseId, '2024-01-30T08:00:00', '2024-03-05T08:00:00', '2024-02-08T08:00:00');
    await db
      .updateTable('case_events')
      .set({ created_at: at('2024-01-10T18:00:00') })
      .where('case_id', '=', spam.caseId)
      .where('action', '=', 'case.dismiss')
      .execute();
    await db
      .updateTable('case_events')
      .set({ created_at: at('2024-03-05T08:00:00') })
      .where('case_id', '=', late.caseId)
      .where('action', '=', 'case.dismiss')
      .execute();

    const report: MonthlyAnswer = await moderator.api.get('/api/admin/reports/monthly?from=2024-01&to=2024-03');
    expect(report.months.map((month) => month.month)).toEqual(['2024-01', '2024-02', '2024-03']);
    const [january, february, march] = report.months;
    expect(january).toMatchObject({
      casesByCategory: { spam: 1, illegal: 1, other: 1, copyright: 0, non_consensual: 0, underage: 0 },
      casesByKind: { report: 3, appeal: 0 },
      medianHoursToAction: 10,
      actionsByKind: { 'case.dismiss': 1 },
      closedWithinDeadline: 1,
      closedAfterDeadline: 0,
    });
    expect(february).toMatchObject({
      casesByCategory: { spam: 0, illegal: 0, other: 0 },
      medianHoursToAction: null,
      actionsByKind: {},
      closedWithinDeadline: 0,
    });
    expect(march).toMatchObject({ actionsByKind: { 'case.dismiss': 1 }, closedAfterDeadline: 1, medianHoursToAction: 35 * 24 });

    const csv = await t.request({
      method: 'GET',
      url: '/api/admin/reports/monthly.csv?from=2024-01&to=2024-03',
      headers: await authAs(t, moderator.id),
    });
    const [header, ...lines] = csv.text.trim().split('\r\n');
    expect(header?.split(',').slice(0, 3)).toEqual(['month', 'cases_total', 'cases_illegal']);
    expect(header).toContain('action_case.dismiss');
    expect(lines.map((line) => line.split(',').slice(0, 2).join(','))).toEqual(['2024-01,3', '2024-02,0', '2024-03,0']);
    expect(await moderator.api.get('/api/admin/reports/monthly?from=2024-05&to=2024-01')).toMatchObject({ statusCode: -10 });
    expect(await moderator.api.get('/api/admin/reports/monthly?from=2020-01&to=2024-01')).toMatchObject({ statusCode: -10 });
  });
});
