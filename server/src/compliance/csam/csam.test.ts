import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { jobDeps } from '../../container.ts';
import { jobHandlers } from '../../jobs/registry.ts';
import { staffUser } from '../../moderation/test-support.ts';
import { PostStatus } from '../../posts/post-status.ts';
import { authAs, createPost, createUser } from '../../test/fixtures.ts';
import { testApp } from '../../test/test-app.ts';
import { createCsamService } from './csam-services.ts';
import type { CyberTiplineReport, CyberTiplineReporter } from './cybertipline.ts';

const t = await testApp({ env: { CYBERTIPLINE_CONTACT_NAME: 'Safety Desk', CONTACT_EMAIL: 'safety@velvet.test' } });
afterAll(() => t.close());
const { db } = t.container.database;
const { storage } = t.container;
const { cases } = t.container.services.moderation;
const { csam } = t.container.services;
const DAY = 86_400_000;

/** A published video post whose original and poster are stored, reported as showing a minor. */
async function reportedUpload() {
  const author = await createUser(db);
  await db
    .updateTable('users')
    .set({ email: `${author.username}@example.test` })
    .where('id', '=', author.id)
    .execute();
  const postId = await createPost(db, author.id);
  const media = await db.selectFrom('media_files').select(['id', 'name']).where('post_id', '=', postId).executeTakeFirstOrThrow();
  const original = Buffer.from(`original upload bytes of ${media.name}`);
  const poster = Buffer.from(`poster still of ${media.name}`);
  const originalKey = `media/${media.name}/original.mp4`;
  const posterKey = `media/${media.name}/poster.jpg`;
  const renditionKey = `media/${media.name}/mp4-540.mp4`;
  await storage.put(originalKey, original);
  await storage.put(posterKey, poster);
  await storage.put(renditionKey, Buffer.from('rendition'));
  await db
    .updateTable('media_files')
    .set({
      original_key: originalKey,
      variants: JSON.stringify({
        'mp4-540': { key: renditionKey, mime: 'video/mp4', width: 540, height: 960 },
        'poster-jpg': { key: posterKey, mime: 'image/jpeg', width: 540, height: 960 },
      }),
    })
    .where('id', '=', media.id)
    .execute();
  const { caseId } = await cases.open({
    kind: 'report',
    category: 'underage',
    subject: { postId },
    reporter: { email: 'worried@example.test', locale: 'en' },
    text: 'The person in this video is a child',
    ip: '198.51.100.4',
  });
  return { author, postId, media, original, poster, originalKey, renditionKey, caseId };
}

const NOTE = 'Confirmed on review: the person depicted is clearly a minor.';

describe('CSAM workflow', () => {
  test('the restricted queue and its routes are for cleared staff only', async () => {
    const moderator = await staffUser(t, 'moderator');
    const admin = await staffUser(t, 'admin');
    const { caseId, media } = await reportedUpload();
    for (const answer of [
      await moderator.api.get('/api/admin/csam/queue'),
      await moderator.api.get(`/api/admin/csam/cases/${caseId}`),
      await moderator.api.get(`/api/admin/csam/cases/${caseId}/media/${media.id}`),
      await moderator.api.post(`/api/admin/csam/cases/${caseId}/confirm`, { note: NOTE }),
    ]) {
      expect(answer.error).toBe('forbidden');
    }
    const queue = await admin.api.get('/api/admin/csam/queue');
    expect(queue.cases.map((item: { id: number }) => item.id)).toContain(caseId);
    // A case that is not restricted is not part of this workflow.
    const spam = await cases.open({
      kind: 'report',
      category: 'spam',
      subject: { userId: (await createUser(db)).id },
      reporter: { email: 'x@example.test', locale: 'en' },
      text: 'Spam',
      ip: '198.51.100.5',
    });
    expect((await admin.api.get(`/api/admin/csam/cases/${spam.caseId}`)).error).toBe('not_found');
    expect((await admin.api.post(`/api/admin/csam/cases/${spam.caseId}/confirm`, { note: NOTE })).error).toBe('not_found');
  });

  test('confirming bans the account, takes the post off every surface, preserves it sealed and writes the report', async () => {
    const admin = await staffUser(t, 'admin');
    const upload = await reportedUpload();
    const { author, postId, media, caseId } = upload;
    const headers = await authAs(t, admin.id);

    // The still stays blurred until the reviewer asks for it; asking is logged.
    const view = await admin.api.get(`/api/admin/csam/cases/${caseId}`);
    expect(view).toMatchObject({ statusCode: 2, media: [{ id: media.id, revealable: true }], evidence: null, accessLog: [] });
    const still = await t.request({ method: 'GET', url: `/api/admin/csam/cases/${caseId}/media/${media.id}`, headers });
    expect(still.status).toBe(200);
    expect(still.headers['cache-control']).toBe('no-store');
    expect(still.text).toBe(upload.poster.toString());
    expect((await admin.api.get(`/api/admin/csam/cases/${caseId}`)).accessLog).toMatchObject([
      { actorId: admin.id, action: 'media.reveal', detail: { mediaId: media.id } },
    ]);

    expect((await t.get(`/media/${media.name}/mp4-540.mp4`)).status).toBe(200);
    expect((await t.get(`/api/post/${postId}`)).body.statusCode).toBe(2);
    expect((await admin.api.post(`/api/admin/csam/cases/${caseId}/confirm`, { note: 'short' })).error).toBe('invalid_input');
    const confirmed = await admin.api.post(`/api/admin/csam/cases/${caseId}/confirm`, { note: NOTE });
    expect(confirmed).toMatchObject({ statusCode: 1, report: { status: 'pending', reporter: 'file', caseId } });
    const { evidenceId } = confirmed;

    // The account is banned, the post blocked: gone from public answers and /media at once.
    const account = await db.selectFrom('users').select('banned_at').where('id', '=', author.id).executeTakeFirstOrThrow();
    expect(account.banned_at).not.toBeNull();
    const post = await db.selectFrom('posts').select('status').where('id', '=', postId).executeTakeFirstOrThrow();
    expect(post.status).toBe(PostStatus.blocked);
    expect((await t.get(`/api/post/${postId}`)).body.statusCode).toBeLessThan(0);
    expect((await t.get(`/media/${media.name}/mp4-540.mp4`)).status).toBe(404);
    expect((await cases.summary(caseId)).status).toBe('actioned');

    // The takedown job deletes the public objects; the sealed copy survives it and opens to the same bytes.
    await jobHandlers['media:remove-files'](jobDeps(t.container), { name: media.name });
    expect(await storage.exists(upload.originalKey)).toBe(false);
    expect(await storage.exists(upload.renditionKey)).toBe(false);
    const files = await db.selectFrom('csam_evidence_files').selectAll().where('evidence_id', '=', evidenceId).execute();
    expect(files).toHaveLength(1);
    const sealedRaw = Buffer.concat(await (await storage.get(files[0]!.sealed_key))!.toArray());
    expect(sealedRaw.includes(upload.original)).toBe(false);
    const download = await t.request({ method: 'GET', url: `/api/admin/csam/evidence/${evidenceId}/files/0`, headers });
    expect(download.status).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(download.text).toBe(upload.original.toString());
    expect(files[0]!.sha256).toBe(createHash('sha256').update(upload.original).digest('hex'));

    const evidence = await admin.api.get(`/api/admin/csam/evidence/${evidenceId}`);
    expect(evidence.evidence).toMatchObject({ caseId, postId, userId: author.id, legalHold: false, note: NOTE });
    expect(Date.parse(evidence.evidence.retainUntil) - Date.parse(evidence.evidence.preservedAt)).toBe(365 * DAY);
    expect(evidence.manifest).toMatchObject({
      caseId,
      account: { id: author.id, username: author.username, email: `${author.username}@example.test` },
      post: { id: postId },
      media: [{ id: media.id, name: media.name }],
      case: { reports: [{ text: 'The person in this video is a child' }] },
    });
    expect(evidence.accessLog.map((entry: { action: string }) => entry.action)).toEqual([
      'evidence.view',
      'evidence.download',
      'media.reveal',
    ]);
    await expect(db.deleteFrom('csam_access_log').execute()).rejects.toThrow(/append-only/);

    // The report file, in NCMEC's field names, waits for manual submission.
    const report = JSON.parse(await readFile(join(t.container.config.csam.reportsDir, confirmed.report.reference), 'utf8'));
    expect(report.report).toMatchObject({
      incidentSummary: { incidentType: 'Child Pornography (possession, manufacture, and distribution)' },
      reporter: { reportingPerson: { firstName: 'Safety', lastName: 'Desk', email: 'safety@velvet.test' } },
      personOrUserReported: {
        espIdentifier: String(author.id),
        screenName: author.username,
        email: [{ value: `${author.username}@example.test`, verified: false }],
      },
    });
    expect(report.report.internetDetails[0].webPageIncident.url[0]).toContain(`/video?id=${postId}`);
    expect(report.report.additionalInfo).toContain(NOTE);
    expect(report.files[0].fileDetails.originalFileHash).toEqual(
      expect.arrayContaining([
        { hashType: 'SHA256', value: files[0]!.sha256 },
        { hashType: 'MD5', value: files[0]!.md5 },
      ]),
    );

    const submitted = await admin.api.post(`/api/admin/csam/reports/${confirmed.report.id}/submitted`, {
      ncmecReportId: '1234567',
    });
    expect(submitted.report).toMatchObject({ status: 'submitted', ncmecReportId: '1234567' });
    const again = await admin.api.post(`/api/admin/csam/reports/${confirmed.report.id}/submitted`, { ncmecReportId: '1' });
    expect(again.error).toBe('csam_report_submitted');
    // A second confirmation finds the case closed.
    expect((await admin.api.post(`/api/admin/csam/cases/${caseId}/confirm`, { note: NOTE })).error).toBe('case_closed');
  });

  test('the retention job deletes evidence after its year, never under a legal hold', async () => {
    const admin = await staffUser(t, 'admin');
    const { caseId } = await reportedUpload();
    const { evidenceId } = await admin.api.post(`/api/admin/csam/cases/${caseId}/confirm`, { note: NOTE });
    const row = await db.selectFrom('csam_evidence').selectAll().where('id', '=', evidenceId).executeTakeFirstOrThrow();
    const keys = [
      row.manifest_key,
      ...(await db.selectFrom('csam_evidence_files').select('sealed_key').where('evidence_id', '=', evidenceId).execute()).map(
        (file) => file.sealed_key,
      ),
    ];
    const at = (days: number) => new Date(row.preserved_at.getTime() + days * DAY);
    const present = async () => (await db.selectFrom('csam_evidence').select('id').where('id', '=', evidenceId).execute()).length;

    // The registered job runs on the real clock: nothing is due yet.
    await jobHandlers['csam:purge-expired-evidence'](jobDeps(t.container), {});
    await csam.evidence.purgeExpired(at(364));
    expect(await present()).toBe(1);

    const held = await admin.api.put(`/api/admin/csam/evidence/${evidenceId}/legal-hold`, { hold: true, reason: 'Subpoena 42' });
    expect(held.evidence).toMatchObject({ legalHold: true, legalHoldReason: 'Subpoena 42' });
    await csam.evidence.purgeExpired(at(366));
    expect(await present()).toBe(1);
    for (const key of keys) expect(await storage.exists(key)).toBe(true);

    await admin.api.put(`/api/admin/csam/evidence/${evidenceId}/legal-hold`, { hold: false, reason: '' });
    expect(await csam.evidence.purgeExpired(at(366))).toBeGreaterThanOrEqual(1);
    expect(await present()).toBe(0);
    for (const key of keys) expect(await storage.exists(key)).toBe(false);
    const audit = await db.selectFrom('audit_log').select('action').where('case_id', '=', caseId).execute();
    expect(audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['csam.preserve', 'csam.legal-hold', 'csam.legal-hold-lift', 'csam.evidence-expired']),
    );
  });

  test('a reporter that submits itself answers NCMEC’s id: the report is recorded as submitted', async () => {
    const admin = await staffUser(t, 'admin');
    const { author, caseId } = await reportedUpload();
    const received: CyberTiplineReport[] = [];
    const apiReporter: CyberTiplineReporter = {
      name: 'fake-api',
      submit: async (report) => {
        received.push(report);
        return { reference: `fake-${report.espReference.caseId}`, ncmecReportId: '987654' };
      },
    };
    const service = createCsamService({
      config: t.container.config,
      db,
      storage,
      cases,
      audit: t.container.services.moderation.audit,
      enforcement: t.container.services.enforcement.actions,
      log: t.container.log,
      reporter: apiReporter,
    });
    const result = await service.confirm({ id: admin.id, username: admin.username, ip: '203.0.113.9' }, caseId, NOTE);
    expect(result.report).toMatchObject({ reporter: 'fake-api', status: 'submitted', ncmecReportId: '987654' });
    expect(received).toHaveLength(1);
    expect(received[0]!.report.personOrUserReported.screenName).toBe(author.username);
    expect(received[0]!.files).toHaveLength(1);
  });
});
