import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { picture, recordingProcessing, upload } from '../../media/upload/upload-test-support.ts';
import { authAs, createUser, createVerifiedCreator } from '../../test/fixtures.ts';
import { temporaryDirectory } from '../../test/processes.ts';
import { type TestApp, testApp } from '../../test/test-app.ts';

/** UPLOADS_REQUIRE_VERIFICATION over HTTP: on by default, and off. */
const media = temporaryDirectory('velvet-uploader-gate-');
const image = join(media.path, '700x700.jpg');
let gated: TestApp;
let open: TestApp;

beforeAll(async () => {
  await picture(image, 700, 700);
  gated = await testApp({ processing: recordingProcessing() });
  open = await testApp({ processing: recordingProcessing(), env: { UPLOADS_REQUIRE_VERIFICATION: 'false' } });
}, 60_000);
afterAll(async () => {
  await gated?.close();
  await open?.close();
  media.remove();
});

async function tokenFor(t: TestApp, userId: number) {
  const headers = await authAs(t, userId);
  const answer = await t.request({ method: 'GET', url: '/api/media/uptoken', headers });
  return { id: userId, headers, answer: answer.body, upToken: String(answer.body.upToken ?? 'A'.repeat(43)) };
}

describe('with the gate on (the default)', () => {
  test('an unverified account gets no upload token, and its upload and import are refused', async () => {
    const { db } = gated.container.database;
    for (const type of [1, 2]) {
      const user = await createUser(db, { type });
      const as = await tokenFor(gated, user.id);
      expect(as.answer).toMatchObject({ statusCode: -330, error: 'verification_required' });
      const renewed = await gated.request({ method: 'PUT', url: '/api/media/uptoken', headers: as.headers });
      expect(renewed.body).toMatchObject({ error: 'verification_required' });
      expect(await upload(gated, as, [image, image])).toMatchObject({ error: 'verification_required' });
      await expect(gated.container.services.upload.uploads.ingestFile(user.id, image, 'no-job')).rejects.toMatchObject({
        code: 'verification_required',
      });
      // Browsing, liking and following stay open to them.
      expect((await gated.request({ method: 'GET', url: '/api/notification/follow', headers: as.headers })).body.statusCode).toBe(
        2,
      );
    }
    expect(await db.selectFrom('posts').select('id').execute()).toEqual([]);
  });

  test('a verified creator gets a token and uploads, and is on the new post as its cleared performer', async () => {
    const { db } = gated.container.database;
    const creator = await createVerifiedCreator(db);
    const as = await tokenFor(gated, creator.id);
    expect(as.answer).toMatchObject({ statusCode: 2, upToken: expect.any(String) });
    expect(await upload(gated, as, [image, image])).toMatchObject({ statusCode: 1 });
    // compliance/performers: the creator's consent, signed with the username and the originals' SHA-256.
    const post = await db.selectFrom('posts').select('id').where('user_id', '=', creator.id).executeTakeFirstOrThrow();
    const digests = await db
      .selectFrom('media_files')
      .select('sha256')
      .where('post_id', '=', post.id)
      .orderBy('position')
      .execute();
    const expected = createHash('sha256').update(readFileSync(image)).digest('hex');
    expect(digests.map((row) => row.sha256)).toEqual([expected, expected]);
    const performer = await db
      .selectFrom('post_performers as pp')
      .innerJoin('performer_consent_events as e', 'e.performer_id', 'pp.id')
      .select(['pp.kind', 'pp.state', 'pp.scopes', 'pp.identity_id', 'e.signature', 'e.media_sha256'])
      .where('pp.post_id', '=', post.id)
      .execute();
    expect(performer).toEqual([
      {
        kind: 'self',
        state: 'consented',
        scopes: ['depicted', 'distribution'],
        identity_id: expect.any(Number),
        signature: creator.username,
        media_sha256: [expected, expected],
      },
    ]);
  });
});

describe('with UPLOADS_REQUIRE_VERIFICATION=false', () => {
  test('any account uploads; the account type still decides who may post images', async () => {
    const user = await createUser(open.container.database.db, { type: 1 });
    const as = await tokenFor(open, user.id);
    expect(as.answer).toMatchObject({ statusCode: 2 });
    expect(await upload(open, as, [image, image])).toMatchObject({ error: 'images_not_allowed' });
    const imageCreator = await createUser(open.container.database.db, { type: 2 });
    expect(await upload(open, await tokenFor(open, imageCreator.id), [image, image])).toMatchObject({ statusCode: 1 });
    // Unverified, so not on record as a performer: no manifest holds the post.
    expect(await open.container.database.db.selectFrom('post_performers').select('id').execute()).toEqual([]);
  });
});
