import { runOnce } from 'graphile-worker';
import { sql } from 'kysely';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { ACCESS_COOKIE } from '../accounts/auth.plugin.ts';
import { jobDeps } from '../container.ts';
import { buildTaskList } from '../jobs/registry.ts';
import { masterPlaylist } from '../media/processing/transcoder.ts';
import { PostStatus } from '../posts/post-status.ts';
import { authAs, createPost, createUser, startSession } from '../test/fixtures.ts';
import { type TestResponse, testApp } from '../test/test-app.ts';

const MAX_BYTES = 4096;
const t = await testApp({ env: { RATE_LIMIT_PER_MINUTE: '100000', CAPTION_MAX_BYTES: String(MAX_BYTES) } });
const { db } = t.container.database;
afterAll(() => t.close());

const SRT =
  '1\r\n00:00:01,000 --> 00:00:02,000\r\n<font color="red">Guten</font> <i>Tag</i>\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nzanzibarquokka\r\n';
const SERVED = 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nGuten <i>Tag</i>\n\n00:00:03.000 --> 00:00:04.000\nzanzibarquokka\n';

/** A published video post of a new user whose HLS master the pipeline wrote (one 540p rung). */
async function processedVideo(status: number = PostStatus.published) {
  const owner = await createUser(db);
  const postId = await createPost(db, owner.id, { status });
  const { id, name } = await db
    .selectFrom('media_files')
    .select(['id', 'name'])
    .where('post_id', '=', postId)
    .executeTakeFirstOrThrow();
  const masterKey = `media/${name}/hls/master.m3u8`;
  const rung = { width: 540, height: 960, bytes: 1, durationSeconds: 8, bitRate: 1_000_000, codecs: 'avc1.64001f,mp4a.40.2' };
  const master = masterPlaylist([{ folder: '540p', mp4: { ...rung, path: '', remuxed: false } }]);
  await t.container.storage.put(masterKey, Buffer.from(master));
  await sql`UPDATE media_files SET variants = variants || ${JSON.stringify({ hls: { key: masterKey, mime: 'application/vnd.apple.mpegurl' } })}::jsonb
    WHERE id = ${id}`.execute(db);
  return { owner, postId, name, masterKey, headers: await authAs(t, owner.id) };
}

function putCaption(postId: number, language: string, file: Buffer | string, headers: Record<string, string>) {
  return t.request({
    method: 'PUT',
    url: `/api/studio/post/${postId}/captions/${language}`,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify({ file: Buffer.from(file).toString('base64') }),
  });
}

/** Resolves a playlist's relative URI against the address it was fetched from. */
const resolve = (uri: string, base: string) => new URL(uri, `http://app${base}`).pathname;

async function runJobs() {
  const { pool } = t.container.database;
  await runOnce({ pgPool: pool, taskList: buildTaskList(jobDeps(t.container)) });
  await vi.waitFor(async () => {
    const { rows } = await pool.query('SELECT 1 FROM graphile_worker.jobs WHERE locked_at IS NOT NULL');
    expect(rows).toEqual([]);
  });
}

describe('captions of a video post', () => {
  test('an SRT upload is served as clean WebVTT, as an HLS subtitle rendition and on the post card', async () => {
    const video = await processedVideo();
    const uploaded = await putCaption(video.postId, 'de', SRT, video.headers);
    expect(uploaded.body).toMatchObject({ statusCode: 2, caption: { language: 'de', label: 'Deutsch', cueCount: 2 } });
    const { url } = uploaded.body.caption;
    expect(uploaded.body.caption.preview).toEqual(['Guten Tag', 'zanzibarquokka']);

    const file = await t.get(url);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(file.text).toBe(SERVED);

    // Played as a player does: the master's subtitle rendition, its media playlist, then the WebVTT segment.
    const masterUrl = `/media/${video.name}/hls/master.m3u8`;
    const master = (await t.get(masterUrl)).text;
    const media = /^#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Deutsch",LANGUAGE="de",.*URI="([^"]+)"$/m.exec(master);
    expect(media).not.toBeNull();
    expect(master).toMatch(/^#EXT-X-STREAM-INF:.*,SUBTITLES="subs"\n540p\/index\.m3u8$/m);
    const playlistUrl = resolve(media?.[1] ?? '', masterUrl);
    const playlist = await t.get(playlistUrl);
    expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(playlist.text).toContain('#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:8.000,\n');
    const segment = playlist.text.split('\n').find((line) => line.endsWith('.vtt')) ?? '';
    expect(resolve(segment, playlistUrl)).toBe(url);

    const card = (await t.get(`/api/post/${video.postId}`)).body.post;
    expect(card.media[0].variants['caption-de']).toBe(url);
    const listed = await t.request({ method: 'GET', url: `/api/studio/post/${video.postId}/captions`, headers: video.headers });
    expect(listed.body.captions).toEqual([uploaded.body.caption]);
  });

  test('a replacement gets a new address and the old file is purged and deleted; a deletion leaves the master as processed', async () => {
    const video = await processedVideo();
    const processedMaster = (await t.get(`/media/${video.name}/hls/master.m3u8`)).text;
    const first = (await putCaption(video.postId, 'en', 'WEBVTT\n\n00:01.000 --> 00:02.000\nfirst\n', video.headers)).body
      .caption;
    await putCaption(video.postId, 'fr', 'WEBVTT\n\n00:01.000 --> 00:02.000\npremier\n', video.headers);
    const second = (await putCaption(video.postId, 'en', 'WEBVTT\n\n00:01.000 --> 00:02.000\nsecond\n', video.headers)).body
      .caption;
    expect(second.url).not.toBe(first.url);
    const master = (await t.get(`/media/${video.name}/hls/master.m3u8`)).text;
    expect(master.match(/TYPE=SUBTITLES/g)).toHaveLength(2);
    expect(master).toContain(`URI="subs/${second.url.split('/').pop().replace('.vtt', '.m3u8')}"`);

    await runJobs();
    expect((await t.get(first.url)).status).toBe(404);
    expect((await t.get(second.url)).text).toContain('second');

    for (const language of ['en', 'fr']) {
      const removed = await t.request({
        method: 'DELETE',
        url: `/api/studio/post/${video.postId}/captions/${language}`,
        headers: video.headers,
      });
      expect(removed.body).toEqual({ statusCode: 1 });
    }
    expect((await t.get(`/media/${video.name}/hls/master.m3u8`)).text).toBe(processedMaster);
    expect(Object.keys((await t.get(`/api/post/${video.postId}`)).body.post.media[0].variants)).not.toContain('caption-en');
    await runJobs();
    expect((await t.get(second.url)).status).toBe(404);
    expect(await t.container.storage.list(`media/${video.name}/captions/`)).toEqual([]);
  });

  test('only the owner changes captions; a cookie write from another site is refused', async () => {
    const video = await processedVideo();
    const stranger = await createUser(db);
    const strangerHeaders = await authAs(t, stranger.id);
    const file = 'WEBVTT\n\n00:01.000 --> 00:02.000\nmine\n';
    expect((await putCaption(video.postId, 'en', file, strangerHeaders)).body.error).toBe('not_found');
    const list = await t.request({ method: 'GET', url: `/api/studio/post/${video.postId}/captions`, headers: strangerHeaders });
    expect(list.body.error).toBe('not_found');
    const { session } = await startSession(db, t.container.config.auth.jwtSecret, video.owner.id);
    const crossSite = {
      cookie: `${ACCESS_COOKIE}=${session.accessToken}`,
      origin: 'https://evil.test',
      'sec-fetch-site': 'cross-site',
    };
    expect((await putCaption(video.postId, 'en', file, crossSite)).body.error).toBe('csrf_rejected');
    const sameSite = { cookie: `${ACCESS_COOKIE}=${session.accessToken}`, 'sec-fetch-site': 'same-origin' };
    expect((await putCaption(video.postId, 'en', file, sameSite)).body.statusCode).toBe(2);
  });

  test('hostile, oversized and wrongly encoded files are refused with their codes and change nothing', async () => {
    const video = await processedVideo();
    const cases: [string, Buffer | string, string][] = [
      [
        'utf-16',
        Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('WEBVTT\n\n00:01.000 --> 00:02.000\nx\n', 'utf16le')]),
        'caption_encoding_invalid',
      ],
      ['latin-1', Buffer.from('WEBVTT\n\n00:01.000 --> 00:02.000\nd\u00e9j\u00e0\n', 'latin1'), 'caption_encoding_invalid'],
      ['binary', Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]), 'caption_encoding_invalid'],
      ['html', '<html><script>alert(1)</script></html>', 'caption_format_invalid'],
      ['huge time', 'WEBVTT\n\n999999:00:00.000 --> 999999:00:01.000\nx\n', 'caption_timing_invalid'],
      ['after the video', 'WEBVTT\n\n00:59.000 --> 01:00.000\nx\n', 'caption_timing_invalid'],
      ['oversized', `WEBVTT\n\n00:01.000 --> 00:02.000\n${'a'.repeat(MAX_BYTES)}\n`, 'caption_too_large'],
    ];
    for (const [name, file, code] of cases) {
      const answer = await putCaption(video.postId, 'en', file, video.headers);
      expect({ name, error: answer.body.error }).toEqual({ name, error: code });
    }
    const tooBig = await putCaption(video.postId, 'en', Buffer.alloc(MAX_BYTES * 2, 0x61), video.headers);
    expect(tooBig.status).toBe(413);
    const unknownLanguage = await putCaption(video.postId, 'xx', 'WEBVTT\n\n00:01.000 --> 00:02.000\nx\n', video.headers);
    expect(unknownLanguage.body.error).toBe('invalid_input');
    const images = await createPost(db, video.owner.id);
    await db.updateTable('media_files').set({ kind: 'image', mime_type: 'image/jpeg' }).where('post_id', '=', images).execute();
    expect((await putCaption(images, 'en', SRT, video.headers)).body.error).toBe('captions_need_video');
    expect(await t.container.storage.list(`media/${video.name}/captions/`)).toEqual([]);
    expect(await db.selectFrom('post_captions').select('id').where('post_id', '=', video.postId).execute()).toEqual([]);
  });

  test('a word found only in a caption finds the post; removing the caption forgets it', async () => {
    const video = await processedVideo();
    await putCaption(video.postId, 'de', SRT.replace('zanzibarquokka', 'xylophonewombat'), video.headers);
    const found = await t.get('/api/search/post-tag?q=xylophonewombat');
    expect(found.body.posts.map((post: { id: number }) => post.id)).toEqual([video.postId]);
    await t.request({ method: 'DELETE', url: `/api/studio/post/${video.postId}/captions/de`, headers: video.headers });
    const again = await t.get('/api/search/post-tag?q=xylophonewombat&offset=0');
    expect(again.body.posts.map((post: { id: number }) => post.id)).not.toContain(video.postId);
  });

  test('caption files follow the video: owner-only while private, removed with the media on a takedown', async () => {
    const video = await processedVideo(PostStatus.private);
    const { url } = (await putCaption(video.postId, 'en', SRT, video.headers)).body.caption;
    const status = (answer: TestResponse) => answer.status;
    expect(status(await t.get(url))).toBe(404);
    expect(status(await t.get(url, video.headers))).toBe(200);

    await db.updateTable('posts').set({ status: PostStatus.blocked }).where('id', '=', video.postId).execute();
    expect(status(await t.get(url, video.headers))).toBe(404);
    expect((await putCaption(video.postId, 'fr', SRT, video.headers)).body.error).toBe('not_found');
    await runJobs();
    expect(await t.container.storage.list(`media/${video.name}/`)).toEqual([]);
  });
});
