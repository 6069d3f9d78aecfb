import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { staffMember } from '../../enforcement/test-support.ts';
import { actingAs, authAs, createUser } from '../../test/fixtures.ts';
import { type TestApp, testApp } from '../../test/test-app.ts';
import { EXIF_MARK, identityPicture, identityRows, submission, yearsAgo } from './verification-test-support.ts';

let t: TestApp;
let moderator: Awaited<ReturnType<typeof staffMember>>;
let admin: Awaited<ReturnType<typeof staffMember>>;
let rows: ReturnType<typeof identityRows>;
const db = () => t.container.database.db;

beforeAll(async () => {
  t = await testApp();
  moderator = await staffMember(t, 'moderator');
  admin = await staffMember(t, 'admin');
  rows = identityRows(t);
}, 60_000);
afterAll(() => t?.close());

async function creator() {
  const user = await createUser(db());
  return { ...user, api: await actingAs(t, user.id) };
}

async function submitted(overrides: Record<string, unknown> = {}) {
  const person = await creator();
  const answer = await person.api.post('/api/identity/submission', await submission(overrides));
  expect(answer, JSON.stringify(answer).slice(0, 300)).toMatchObject({ statusCode: 2, submission: { state: 'pending' } });
  const [row] = await rows.submissions(person.id);
  return { ...person, submissionId: row!.id };
}

/** The raw answer (bytes, not JSON) of a GET. */
const raw = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const documentOf = (id: number, kind: string, headers: Record<string, string>) =>
  raw(`/api/admin/identity/${id}/document/${kind}`, headers);

describe('a creator verifies with the manual provider', () => {
  test('the submission is sealed, reviewed with an access log, and approval makes a verified performer', async () => {
    const person = await creator();
    expect(await person.api.post('/api/identity/start', {})).toEqual({ statusCode: 2, next: 'collect', url: null });
    expect(await person.api.post('/api/identity/submission', await submission())).toMatchObject({
      verified: false,
      submission: { state: 'pending', reason: null },
    });
    expect(await person.api.post('/api/identity/submission', await submission())).toMatchObject({ error: 'identity_pending' });

    const [stored] = await rows.submissions(person.id);
    expect(stored!.documents.map((document) => document.kind)).toEqual(['document-front', 'selfie']);
    for (const document of stored!.documents) {
      expect(document.key).toMatch(/^sealed\/identity\/[0-9a-f]{32}\/(document-front|selfie)\.jpg$/);
      const raw = Buffer.concat(await (await t.container.storage.get(document.key))!.toArray());
      expect(raw.subarray(0, 4).toString()).toBe('VSLD');
      expect(raw.includes(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
    }

    const queue = await moderator.api.get('/api/admin/identity');
    expect(queue.submissions).toContainEqual(
      expect.objectContaining({ id: stored!.id, username: person.username, state: 'pending' }),
    );
    const review = await moderator.api.get(`/api/admin/identity/${stored!.id}`);
    expect(review).toMatchObject({
      submission: { legalName: 'Ada María Example', dateOfBirth: '1990-04-12', aliases: ['Ada Star'], state: 'pending' },
      views: null,
    });

    const picture = await documentOf(stored!.id, 'selfie', await moderatorHeaders());
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['cache-control']).toBe('no-store');
    expect(picture.headers['content-type']).toBe('image/jpeg');
    const bytes = picture.rawPayload;
    expect(bytes.includes(Buffer.from(EXIF_MARK))).toBe(false);
    const metadata = await sharp(bytes).metadata();
    expect([metadata.width, metadata.height, metadata.exif]).toEqual([600, 800, undefined]);

    const log = await admin.api.get(`/api/admin/identity/${stored!.id}`);
    expect(log.views).toEqual([expect.objectContaining({ document: 'selfie', viewerUsername: moderator.username })]);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('subject_id', '=', String(person.id))
      .execute();
    expect(audit).toContainEqual({ action: 'identity.document.view', actor_id: moderator.id });
    await expect(sql`DELETE FROM identity_document_views`.execute(db())).rejects.toThrow(/append-only/);

    expect(await moderator.api.post(`/api/admin/identity/${stored!.id}/approve`, {})).toEqual({ statusCode: 1 });
    expect(await moderator.api.post(`/api/admin/identity/${stored!.id}/approve`, {})).toMatchObject({
      error: 'identity_decided',
    });
    expect(await rows.type(person.id)).toBe(3);
    expect(await rows.performer(person.id)).toMatchObject({
      legal_name: 'Ada María Example',
      date_of_birth: '1990-04-12',
      aliases: ['Ada Star'],
      provider: 'manual',
      reviewer_id: moderator.id,
    });
    expect(await rows.notices(person.id)).toEqual([{ notice: 'identity-approved' }]);
    expect(await person.api.get('/api/identity')).toMatchObject({ verified: true, submission: { state: 'approved' } });
    expect(await person.api.post('/api/identity/start', {})).toMatchObject({ error: 'already_verified' });
    // The public profile shows the badge's account type, never the identity behind it.
    const profile = await t.get(`/api/user/${person.id}`);
    expect(profile.text).not.toMatch(/Ada María|1990-04-12|sealed\//);
  });

  test('under 18 today is refused with identity_underage; 18 today is taken', async () => {
    const person = await creator();
    expect(await person.api.post('/api/identity/submission', await submission({ dateOfBirth: yearsAgo(18, -1) }))).toMatchObject({
      error: 'identity_underage',
    });
    expect(await person.api.post('/api/identity/submission', await submission({ dateOfBirth: '2999-01-01' }))).toMatchObject({
      error: 'invalid_input',
    });
    expect(await rows.submissions(person.id)).toEqual([]);
    expect(await person.api.post('/api/identity/submission', await submission({ dateOfBirth: yearsAgo(18) }))).toMatchObject({
      submission: { state: 'pending' },
    });
  });

  test('a picture that is not one, or is too small to read, is refused by its content', async () => {
    const person = await creator();
    const notAPicture = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'.repeat(4)).toString('base64');
    expect(await person.api.post('/api/identity/submission', await submission({ selfie: notAPicture }))).toMatchObject({
      error: 'identity_image_invalid',
    });
    expect(
      await person.api.post('/api/identity/submission', await submission({ documentFront: await identityPicture(200, 120) })),
    ).toMatchObject({
      error: 'identity_image_invalid',
    });
  });

  test('a rejection tells the creator why, and they can submit again', async () => {
    const person = await submitted();
    expect(
      await moderator.api.post(`/api/admin/identity/${person.submissionId}/reject`, { reason: 'The ID photo is blurred' }),
    ).toEqual({
      statusCode: 1,
    });
    expect(await person.api.get('/api/identity')).toMatchObject({
      verified: false,
      submission: { state: 'rejected', reason: 'The ID photo is blurred' },
    });
    expect(await rows.notices(person.id)).toEqual([{ notice: 'identity-rejected' }]);
    expect(await rows.type(person.id)).toBe(1);
    expect(await person.api.post('/api/identity/submission', await submission())).toMatchObject({
      submission: { state: 'pending' },
    });
  });

  test('an altered sealed document is never served whole', async () => {
    const person = await submitted();
    const [row] = await rows.submissions(person.id);
    const key = row!.documents[0]!.key;
    const blob = Buffer.concat(await (await t.container.storage.get(key))!.toArray());
    blob[blob.length - 100]! ^= 1;
    await t.container.storage.put(key, blob);
    // The tag fails after the bytes went out: the reply is cut, so no client holds a complete forged file.
    await expect(documentOf(person.submissionId, 'document-front', await moderatorHeaders())).rejects.toThrow(
      /destroyed before completion/,
    );
  });
});

describe('banned identities', () => {
  test('a banned verified person cannot verify again under another account, and moderators are told', async () => {
    const first = await submitted({ legalName: 'Zoë Q. Banned-Person', dateOfBirth: '1985-07-01' });
    await moderator.api.post(`/api/admin/identity/${first.submissionId}/approve`, {});
    await db().updateTable('users').set({ banned_at: new Date() }).where('id', '=', first.id).execute();

    const again = await creator();
    const answer = await again.api.post(
      '/api/identity/submission',
      await submission({ legalName: 'banned person  zoe q', dateOfBirth: '1985-07-01' }),
    );
    expect(answer).toMatchObject({ error: 'identity_banned' });
    const [refused] = await rows.submissions(again.id);
    expect(refused).toMatchObject({ state: 'refused', flag: 'banned_identity' });
    expect(await again.api.get('/api/identity')).toMatchObject({ submission: { state: 'rejected', reason: null } });
    const flagged = await db()
      .selectFrom('moderation_cases')
      .select(['kind', 'restricted'])
      .where('subject_user_id', '=', again.id)
      .executeTakeFirstOrThrow();
    expect(flagged).toEqual({ kind: 'automated', restricted: true });
    expect((await moderator.api.get('/api/admin/identity')).submissions).toContainEqual(
      expect.objectContaining({ id: refused!.id, state: 'refused', flag: 'banned_identity' }),
    );

    // Lifting the ban lifts the mark.
    await db().updateTable('users').set({ banned_at: null }).where('id', '=', first.id).execute();
    const third = await creator();
    expect(
      await third.api.post(
        '/api/identity/submission',
        await submission({ legalName: 'Zoe Q Banned Person', dateOfBirth: '1985-07-01' }),
      ),
    ).toMatchObject({ submission: { state: 'pending' } });
  });
});

describe('sealed documents stay private', () => {
  test('no public address reaches a sealed key', async () => {
    const person = await submitted();
    const keys = await t.container.storage.list('sealed/');
    expect(keys.length).toBeGreaterThan(0);
    const headers = await authAs(t, person.id);
    for (const key of keys) {
      const rest = key.slice('sealed/'.length);
      for (const url of [
        `/media/${key}`,
        `/media/../${key}`,
        `/media/%2e%2e/${key}`,
        `/media/..%2f${key}`,
        `/thumber/../${key}`,
        `/${key}`,
        `/media/${rest}`,
      ]) {
        const answer = await raw(url, headers);
        expect(answer.statusCode, url).not.toBe(200);
        expect(answer.rawPayload.includes(Buffer.from('VSLD')), url).toBe(false);
      }
    }
  });
});

function moderatorHeaders(): Promise<Record<string, string>> {
  return authAs(t, moderator.id);
}
