import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { multipart } from '../../test/multipart.ts';
import { temporaryDirectory } from '../../test/processes.ts';
import { type TestApp, testApp } from '../../test/test-app.ts';
import { clip, filesUnder, recordingProcessing, type Uploader, upload, uploader } from './upload-test-support.ts';

/** The form of upload-preprocess over HTTP: its fields, its token, its parts, login and the rate limit. */
let t: TestApp;
let media: ReturnType<typeof temporaryDirectory>;
const file = (name: string) => join(media.path, name);

beforeAll(async () => {
  media = temporaryDirectory('velvet-upload-form-');
  t = await testApp({ processing: recordingProcessing() });
  await clip(file('480x718-2s.mp4'), 480, 718, 2);
}, 60_000);

afterAll(async () => {
  await t?.close();
  media?.remove();
});

describe('the form', () => {
  const post = (as: Uploader, body: { payload: Buffer; contentType: string }) =>
    t.request({
      method: 'POST',
      url: '/media-api/upload-preprocess',
      headers: { ...as.headers, 'content-type': body.contentType },
      payload: body.payload,
    });

  test('no files is no_files; a missing or foreign token is uptoken_invalid, checked before any file', async () => {
    const as = await uploader(t);
    const other = await uploader(t);
    expect(await upload(t, as, [])).toMatchObject({ error: 'no_files' });
    expect(await upload(t, as, [file('480x718-2s.mp4')], { upToken: other.upToken })).toMatchObject({ error: 'uptoken_invalid' });
    expect(await upload(t, as, [file('480x718-2s.mp4')], { upToken: 'x' })).toMatchObject({ error: 'uptoken_invalid' });
    const withoutToken = multipart([
      { name: 'purpose', value: 'post' },
      { name: 'file', value: await readFile(file('480x718-2s.mp4')), filename: 'a.mp4' },
    ]);
    expect((await post(as, withoutToken)).body).toMatchObject({ error: 'uptoken_invalid' });
  });

  test.each([
    ['an unknown purpose', { purpose: 'avatar' }],
    ['post-multi for one file', { purpose: 'post-multi' }],
    ['an unknown field', { colour: 'red' }],
    ['an orientation out of range', { lgbt: '0' }],
    ['a title over 300 characters', { title: 'x'.repeat(301) }],
    ['more than 20 tags', { tags: Array.from({ length: 21 }, (_, index) => `tag${index}`).join(' ') }],
    ['a tag over 64 characters', { tags: 'x'.repeat(65) }],
    ['clips not 0 or 1', { clips: 'yes' }],
    ['a scraper job that is not a uuid', { scraperUId: '../../etc' }],
  ])('%s is invalid_input', async (_, fields) => {
    const as = await uploader(t);
    expect(await upload(t, as, [file('480x718-2s.mp4')], fields)).toMatchObject({ error: 'invalid_input' });
  });

  test('a field sent twice, a file under another name, a cut-off body and a JSON body are refused with their codes', async () => {
    const as = await uploader(t);
    const video = await readFile(file('480x718-2s.mp4'));
    const twice = multipart([
      { name: 'purpose', value: 'post' },
      { name: 'purpose', value: 'post' },
    ]);
    expect((await post(as, twice)).body).toMatchObject({ error: 'invalid_input' });
    const elsewhere = multipart([
      { name: 'purpose', value: 'post' },
      { name: 'upToken', value: as.upToken },
      { name: 'video', value: video, filename: 'a.mp4' },
    ]);
    expect((await post(as, elsewhere)).body).toMatchObject({ error: 'invalid_input' });
    const whole = multipart([
      { name: 'purpose', value: 'post' },
      { name: 'upToken', value: as.upToken },
      { name: 'file', value: video, filename: 'a.mp4' },
    ]);
    const cut = { ...whole, payload: whole.payload.subarray(0, whole.payload.length - 2000) };
    const truncated = await post(as, cut);
    expect(truncated.status).toBeLessThan(500);
    expect(truncated.body).toMatchObject({ error: 'malformed_body' });
    const json = await t.request({
      method: 'POST',
      url: '/media-api/upload-preprocess',
      headers: { ...as.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ purpose: 'post' }),
    });
    expect(json.body).toMatchObject({ error: 'unsupported_media_type' });
    expect(await filesUnder(join(t.container.config.dataDir, 'scratch', 'upload'))).toEqual([]);
  });

  test('login is required; a banned account is refused before the body is read', async () => {
    const anonymous = await t.request({
      method: 'POST',
      url: '/media-api/upload-preprocess',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(anonymous.body).toMatchObject({ error: 'login_required' });
    const as = await uploader(t);
    await t.container.database.db.updateTable('users').set({ banned_at: new Date() }).where('id', '=', as.id).execute();
    expect(await upload(t, as, [file('480x718-2s.mp4')])).toMatchObject({ error: 'user_banned' });
  });

  test("a URL import named by scraperUId is linked to the post; another user's job is not_found", async () => {
    const as = await uploader(t);
    const other = await uploader(t);
    const db = t.container.database.db;
    const job = await db
      .insertInto('scraper_jobs')
      .values({ user_id: as.id, source_url: 'https://example.com/a.mp4' })
      .returning(['id', 'uid'])
      .executeTakeFirstOrThrow();
    expect(await upload(t, other, [file('480x718-2s.mp4')], { scraperUId: job.uid })).toMatchObject({ error: 'not_found' });
    const answer = await upload(t, as, [file('480x718-2s.mp4')], { scraperUId: job.uid, scraperJob: String(job.id) });
    expect(answer.statusCode).toBe(1);
    expect(await db.selectFrom('scraper_jobs').select('post_id').where('id', '=', job.id).executeTakeFirst()).toEqual({
      post_id: answer.postId,
    });
    expect(await upload(t, as, [file('480x718-2s.mp4')], { scraperUId: job.uid })).toMatchObject({ error: 'conflict' });
  });

  test('uploads are rate limited per user', async () => {
    const as = await uploader(t);
    const answers: number[] = [];
    for (let index = 0; index < 61; index++) {
      const response = await t.request({
        method: 'POST',
        url: '/media-api/upload-preprocess',
        headers: { ...as.headers, 'content-type': 'multipart/form-data; boundary=x' },
        payload: '--x--\r\n',
      });
      answers.push(response.status);
    }
    expect(answers.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(answers[60]).toBe(429);
    // Another user is not affected.
    const other = await uploader(t);
    expect(await upload(t, other, [])).toMatchObject({ error: 'no_files' });
  });
});
