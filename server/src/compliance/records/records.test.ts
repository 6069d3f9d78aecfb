import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, describe, expect, test } from 'vitest';
import { jobDeps } from '../../container.ts';
import { unzip } from '../../exports/unzip.ts';
import { jobHandlers } from '../../jobs/registry.ts';
import { readOutbox } from '../../mail/outbox.ts';
import { staffUser } from '../../moderation/test-support.ts';
import { PostStatus } from '../../posts/post-status.ts';
import { actingAs, authAs, createPost, createUser, createVerifiedCreator } from '../../test/fixtures.ts';
import { testApp } from '../../test/test-app.ts';
import { Keyring } from '../sealed/keyring.ts';
import { SealedStore } from '../sealed/sealed-store.ts';
import { identityPicture } from '../verification/verification-test-support.ts';

/** 2257 records: the record of a depiction, the cross-index, the custodian's export and the legacy guard. */
const t = await testApp({ env: { RATE_LIMIT_PER_MINUTE: '100000', EVENT_BUS: 'memory' } });
afterAll(() => t.close());
const { db } = t.container.database;
const origin = t.container.config.http.baseUrl;
const sealed = new SealedStore(t.container.storage, new Keyring(t.container.config.compliance.masterKeys));
const custodian = await staffUser(t, 'admin');
const THREE_DAYS_AGO = new Date(Date.now() - 3 * 24 * 3600 * 1000);

/** A verified person with a sealed ID copy, as an approved submission leaves them. */
async function verifiedPerson(legalName: string, aliases: string[]) {
  const user = await createUser(db, { type: 3, displayName: `${legalName.split(' ')[0]} on Velvet` });
  const front = Buffer.from(await identityPicture(), 'base64');
  const key = `sealed/identity/${randomBytes(8).toString('hex')}/document-front.jpg`;
  await sealed.put(key, front);
  const documents = JSON.stringify([{ kind: 'document-front', key, width: 900, height: 600, bytes: front.length }]);
  const fingerprint = randomBytes(32);
  const submission = await db
    .insertInto('identity_submissions')
    .values({
      ...{ user_id: user.id, provider: 'manual', state: 'approved', legal_name: legalName, date_of_birth: '1991-02-03' },
      ...{ aliases, fingerprint, documents, decided_at: new Date() },
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const identity = await db
    .insertInto('performer_identities')
    .values({
      ...{ user_id: user.id, submission_id: submission.id, legal_name: legalName, date_of_birth: '1991-02-03' },
      ...{ aliases, documents, fingerprint, provider: 'manual' },
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ...user, identityId: identity.id, submissionId: submission.id, front };
}

/** A published post by `owner` (themself declared), with `partner` tagged and consenting, and a pending guest. */
async function depiction(owner: { id: number }, partner: { id: number; identityId: number }) {
  const postId = await createPost(db, owner.id, { title: 'Golden hour duet', publishedAt: THREE_DAYS_AGO });
  await db.updateTable('posts').set({ produced_on: '2026-10-01', allow_embedding: true }).where('id', '=', postId).execute();
  await db
    .insertInto('post_performers')
    .values([
      {
        post_id: postId,
        kind: 'account',
        user_id: partner.id,
        identity_id: partner.identityId,
        state: 'consented',
        scopes: ['depicted', 'distribution'],
      },
      { post_id: postId, kind: 'guest', guest_name: 'Robin Guest', guest_email: 'robin@example.test' },
    ])
    .execute();
  return postId;
}

const owner = await verifiedPerson('Olivia Owner', ['Liv']);
const partner = await verifiedPerson('Paula Partner', ['Velvet Paula', 'P. Star']);
const postId = await depiction(owner, partner);

describe('the record of a depiction', () => {
  test('lists each performer with legal name, other names, ID copy and verification, the production date and every URL', async () => {
    const { depiction: record } = await custodian.api.get(`/api/admin/records/post/${postId}`);
    expect(record).toMatchObject({ postId, owner: owner.username, producedOn: '2026-10-01', removed: false });
    expect(record.urls).toEqual([
      `${origin}/video?id=${postId}&title=golden-hour-duet`,
      `${origin}/user/${owner.username}/${postId}`,
      `${origin}/embed/${postId}`,
    ]);
    expect(record.performers).toMatchObject([
      {
        kind: 'self',
        cleared: true,
        legalName: 'Olivia Owner',
        dateOfBirth: '1991-02-03',
        otherNames: ['Liv', owner.username, 'Olivia on Velvet'],
        documents: [{ kind: 'document-front', url: `/api/admin/identity/${owner.submissionId}/document/document-front` }],
      },
      {
        kind: 'account',
        state: 'consented',
        scopes: ['depicted', 'distribution'],
        cleared: true,
        legalName: 'Paula Partner',
        otherNames: ['Velvet Paula', 'P. Star', partner.username, 'Paula on Velvet'],
      },
      { kind: 'guest', state: 'pending', cleared: false, legalName: null, otherNames: ['Robin Guest'], documents: [] },
    ]);
    expect(Date.parse(record.performers[1].verifiedAt)).toBeGreaterThan(0);
  });

  test('the cross-index finds the depiction by alias, by legal name and by post id', async () => {
    const ids = async (by: string, q: string) =>
      (await custodian.api.get(`/api/admin/records?by=${by}&q=${encodeURIComponent(q)}`)).depictions.map(
        (item: { postId: number }) => item.postId,
      );
    expect(await ids('alias', 'velvet paula')).toEqual([postId]);
    expect(await ids('alias', 'robin')).toEqual([postId]);
    expect(await ids('legalName', 'paula partner')).toEqual([postId]);
    expect(await ids('legalName', 'Velvet Paula')).toEqual([]);
    expect(await ids('post', String(postId))).toEqual([postId]);
    expect(await ids('alias', '%')).toEqual([]);
  });

  test('only the custodian (admin) reads or exports the records', async () => {
    const moderator = await staffUser(t, 'moderator');
    const member = await actingAs(t, (await createUser(db)).id);
    for (const api of [moderator.api, member]) {
      expect(await api.get(`/api/admin/records/post/${postId}`)).toMatchObject({ error: 'forbidden' });
      expect(await api.get('/api/admin/records?by=alias&q=Liv')).toMatchObject({ error: 'forbidden' });
      expect(await api.post('/api/admin/records/exports')).toMatchObject({ error: 'forbidden' });
      expect(await api.get('/api/admin/records/exports/1/download')).toMatchObject({ error: 'forbidden' });
    }
    expect((await t.get(`/api/admin/records/post/${postId}`)).body).toMatchObject({ error: 'login_required' });
  });
});

describe('the custodian export', () => {
  test('a job writes the CSV by depiction × performer and the decrypted ID copies, each logged', async () => {
    const asked = await custodian.api.post('/api/admin/records/exports');
    expect(asked).toMatchObject({ statusCode: 1, export: { state: 'requested', downloadUrl: null } });
    expect(await custodian.api.post('/api/admin/records/exports')).toMatchObject({ error: 'export_in_progress' });
    await jobHandlers['records:build-export'](
      jobDeps(t.container),
      { exportId: asked.export.id },
      { attempts: 1, maxAttempts: 3 },
    );

    const { exports } = await custodian.api.get('/api/admin/records/exports');
    expect(exports[0]).toMatchObject({
      id: asked.export.id,
      state: 'ready',
      rows: 3,
      documents: 2,
      requestedBy: custodian.username,
    });
    const reply = await t.app.inject({ method: 'GET', url: exports[0].downloadUrl, headers: await authAs(t, custodian.id) });
    expect(reply.headers['cache-control']).toBe('private, no-store');
    const archive = await unzip(reply.rawPayload);
    const csv = archive.get('records.csv')?.toString('utf8').trim().split('\r\n') ?? [];
    expect(csv[0]).toMatch(/^legal_name,other_names,post_id,/);
    expect(csv.slice(1).map((line) => line.split(',').slice(0, 3))).toEqual([
      ['Olivia Owner', `Liv; ${owner.username}; Olivia on Velvet`, String(postId)],
      ['Paula Partner', `Velvet Paula; P. Star; ${partner.username}; Paula on Velvet`, String(postId)],
      ['', 'Robin Guest', String(postId)],
    ]);
    expect(archive.get(`documents/identity-${owner.identityId}/document-front.jpg`)?.equals(owner.front)).toBe(true);
    expect(archive.get(`documents/identity-${partner.identityId}/document-front.jpg`)?.equals(partner.front)).toBe(true);
    const logged = await db
      .selectFrom('identity_document_views')
      .select(['identity_id', 'submission_id', 'viewer_username'])
      .where('records_export_id', '=', asked.export.id)
      .orderBy('identity_id')
      .execute();
    expect(logged).toEqual([
      { identity_id: owner.identityId, submission_id: owner.submissionId, viewer_username: custodian.username },
      { identity_id: partner.identityId, submission_id: partner.submissionId, viewer_username: custodian.username },
    ]);
    // At rest the archive is sealed: the ID copies are not readable in storage.
    const stored = await t.container.storage.get(
      `sealed/records-exports/${asked.export.id}/velvet-2257-records-${asked.export.id}.zip`,
    );
    const atRest = await buffer(stored as Readable);
    expect(atRest.subarray(0, 4).toString()).toBe('VSLD');
    expect(atRest.includes(owner.front.subarray(0, 64))).toBe(false);
  });
});

describe('the legacy guard', () => {
  test('holds incomplete published posts, leaves complete ones, tells each creator once, keeps posts_count', async () => {
    const creator = await createVerifiedCreator(db);
    await db
      .updateTable('users')
      .set({ email: `${creator.username}@example.test`, lang: 'de' })
      .where('id', '=', creator.id)
      .execute();
    const complete = await createPost(db, creator.id, { publishedAt: THREE_DAYS_AGO });
    const undated = await createPost(db, creator.id, { title: 'Undated', publishedAt: THREE_DAYS_AGO });
    await db.updateTable('posts').set({ produced_on: null }).where('id', '=', undated).execute();
    const undeclared = await createPost(db, creator.id, { title: 'Undeclared', publishedAt: THREE_DAYS_AGO });
    await db.deleteFrom('post_performers').where('post_id', '=', undeclared).execute();
    const recent = await createPost(db, creator.id, { title: 'Just out' });
    await db.deleteFrom('post_performers').where('post_id', '=', recent).execute();
    await db.updateTable('users').set({ posts_count: 4 }).where('id', '=', creator.id).execute();
    const unverified = await createUser(db);
    const legacy = await createPost(db, unverified.id, { publishedAt: THREE_DAYS_AGO });
    await db.updateTable('users').set({ posts_count: 1 }).where('id', '=', unverified.id).execute();

    const guard = () => jobHandlers['records:legacy-guard'](jobDeps(t.container), {});
    await guard();
    await guard();

    const statuses = await db
      .selectFrom('posts')
      .select(['id', 'status', 'target_status'])
      .where('user_id', 'in', [creator.id, unverified.id])
      .execute();
    const statusOf = (id: number) => statuses.find((row) => row.id === id);
    expect(statusOf(complete)?.status).toBe(PostStatus.published);
    expect(statusOf(recent)?.status).toBe(PostStatus.published);
    for (const id of [undated, undeclared, legacy])
      expect(statusOf(id)).toMatchObject({ status: PostStatus.awaitingPerformers, target_status: PostStatus.published });
    const counts = await db
      .selectFrom('users')
      .select(['id', 'posts_count'])
      .where('id', 'in', [creator.id, unverified.id])
      .execute();
    expect(counts.find((row) => row.id === creator.id)?.posts_count).toBe(2);
    expect(counts.find((row) => row.id === unverified.id)?.posts_count).toBe(0);

    const notices = await db
      .selectFrom('notifications')
      .select(['user_id', 'notice'])
      .where('notice', '=', 'records-incomplete')
      .execute();
    expect(notices.filter((row) => row.user_id === creator.id)).toHaveLength(1);
    expect(notices.filter((row) => row.user_id === unverified.id)).toHaveLength(1);
    const mails = (await readOutbox(t.container.config.mail.outboxDir, 50)).filter(
      (mail) => mail.to === `${creator.username}@example.test`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`Undated (${origin}/video?id=${undated}&title=undated)\n  kein Produktionsdatum`);
    expect(mails[0]?.text).toContain('Undeclared');
    expect(mails[0]?.text).toContain('keine Mitwirkenden angegeben');
    expect(mails[0]?.text).not.toMatch(/\{\{|Just out/);
    // The owner still sees a held post; the public does not.
    expect((await t.get(`/api/post/${undated}`)).body.statusCode).toBeLessThan(0);
  });
});
