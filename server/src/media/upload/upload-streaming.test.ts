import { readFile } from 'node:fs/promises';
import { type ClientRequest, type IncomingMessage, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { type FormPart, multipart, multipartStream } from '../../test/multipart.ts';
import { temporaryDirectory } from '../../test/processes.ts';
import { type TestApp, testApp } from '../../test/test-app.ts';
import { runFfmpeg } from '../ffmpeg.ts';
import { filesUnder, recordingProcessing, type Uploader, uploader } from './upload-test-support.ts';

/**
 * Uploads over a real socket: files stream to disk in constant memory, a refused file is answered before the
 * client has finished sending it, and a client that goes away leaves nothing behind. Images are limited to
 * 100 kB here so a small real picture is over the limit.
 */
const MAX_IMAGE_BYTES = 100_000;
const processing = recordingProcessing();
let t: TestApp;
let origin: string;
let media: ReturnType<typeof temporaryDirectory>;
let clipBytes: Buffer;
let noisyJpeg: Buffer;
const scratchRoot = () => join(t.container.config.dataDir, 'scratch', 'upload');

interface Answer {
  readonly status: number;
  readonly headers: IncomingMessage['headers'];
  // biome-ignore lint/suspicious/noExplicitAny: the API's JSON answer
  readonly body: any;
}

/** Opens an upload and sends only `head` of its body; the caller decides whether the rest ever comes. */
function openUpload(as: Uploader, contentType: string): { client: ClientRequest; answer: Promise<Answer> } {
  const client = request(`${origin}/media-api/upload-preprocess`, {
    method: 'POST',
    headers: { ...as.headers, 'content-type': contentType },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    client.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: JSON.parse(Buffer.concat(chunks).toString()),
        }),
      );
    });
    client.on('error', reject);
  });
  return { client, answer };
}

const fields = (as: Uploader): FormPart[] => [
  { name: 'purpose', value: 'post' },
  { name: 'upToken', value: as.upToken },
];

async function nothingLeftFor(as: Uploader) {
  const db = t.container.database.db;
  expect(await db.selectFrom('posts').select('id').where('user_id', '=', as.id).execute()).toEqual([]);
  expect(await db.selectFrom('media_files').select('id').where('owner_id', '=', as.id).execute()).toEqual([]);
  expect(await db.selectFrom('pending_originals').selectAll().execute()).toEqual([]);
  expect((await filesUnder(join(t.container.config.dataDir, 'media'))).filter((path) => path.includes('original'))).toEqual([]);
}

beforeAll(async () => {
  media = temporaryDirectory('velvet-upload-stream-');
  t = await testApp({ processing, env: { MAX_IMAGE_BYTES: String(MAX_IMAGE_BYTES) } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // biome-ignore format: option pairs
  await runFfmpeg([
    '-y', '-f', 'lavfi', '-i', 'color=c=teal:s=480x718:r=10:d=3',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-movflags', '+faststart', join(media.path, 'clip.mp4'),
  ]);
  clipBytes = await readFile(join(media.path, 'clip.mp4'));
  noisyJpeg = await sharp({
    create: { width: 1500, height: 1500, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .jpeg({ quality: 95 })
    .toBuffer();
}, 60_000);

afterAll(async () => {
  await t?.close();
  media?.remove();
});

describe('a refused file is answered before the client has sent it all', () => {
  test.each([
    ['an image over MAX_IMAGE_BYTES', () => noisyJpeg, 'file_too_large'],
    ['a text file of megabytes', () => Buffer.alloc(4 * 1024 * 1024, 'lorem ipsum '), 'not_video_or_image'],
  ])('%s: %s, the connection closes, nothing is kept', async (_, content, code) => {
    const as = await uploader(t, 3);
    const file = content();
    expect(file.length).toBeGreaterThan(10 * MAX_IMAGE_BYTES);
    const body = multipart([...fields(as), { name: 'file', value: file, filename: 'photo.jpg', type: 'image/jpeg' }]);
    const { client, answer } = openUpload(as, body.contentType);
    // Headers, fields and a fifth of the file; the rest is never sent.
    client.write(body.payload.subarray(0, body.payload.length - Math.floor(file.length * 0.8)));
    const response = await answer;
    client.destroy();
    expect(response.body).toMatchObject({ error: code });
    expect(response.headers.connection).toBe('close');
    await nothingLeftFor(as);
    expect(await filesUnder(scratchRoot())).toEqual([]);
  });
});

describe('a client that goes away mid-upload', () => {
  test('leaves no scratch file, no stored original, no post and nothing scheduled', async () => {
    const as = await uploader(t);
    const scheduledBefore = processing.scheduled.length;
    const padding = Buffer.alloc(8 * 1024 * 1024);
    const body = multipart([...fields(as), { name: 'file', value: Buffer.concat([clipBytes, padding]), filename: 'a.mp4' }]);
    const { client, answer } = openUpload(as, body.contentType);
    answer.catch(() => undefined);
    client.write(body.payload.subarray(0, 2 * 1024 * 1024));
    // Gone once the server is writing the file to its scratch folder.
    await expect.poll(() => filesUnder(scratchRoot()), { timeout: 10_000, interval: 50 }).not.toEqual([]);
    client.destroy();
    await expect.poll(() => filesUnder(scratchRoot()), { timeout: 10_000, interval: 50 }).toEqual([]);
    await nothingLeftFor(as);
    expect(processing.scheduled).toHaveLength(scheduledBefore);
  });
});

describe('memory', () => {
  test('a 200 MB video streams through with less than 50 MB of memory growth', async () => {
    const as = await uploader(t);
    const paddingBytes = 200 * 1024 * 1024;
    // A valid MP4 of any size: the real clip (its index first) followed by a `free` box, which players skip.
    const freeBox = Buffer.alloc(8);
    freeBox.writeUInt32BE(paddingBytes + 8);
    freeBox.write('free', 4, 'latin1');
    const zeros = Buffer.alloc(1024 * 1024);
    async function* video() {
      yield clipBytes;
      yield freeBox;
      for (let sent = 0; sent < paddingBytes; sent += zeros.length) yield zeros;
    }
    const { body, contentType } = multipartStream([...fields(as), { name: 'file', value: video(), filename: 'big.mp4' }]);
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    try {
      const { client, answer } = openUpload(as, contentType);
      body.pipe(client);
      const response = await answer;
      expect(response.body).toMatchObject({ statusCode: 1 });
      const row = await t.container.database.db
        .selectFrom('media_files')
        .select(['size_bytes', 'duration_ms'])
        .where('post_id', '=', response.body.postId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ size_bytes: clipBytes.length + 8 + paddingBytes, duration_ms: 3000 });
    } finally {
      clearInterval(sampler);
    }
    const growthMb = (peak - baseline) / 1024 / 1024;
    expect(growthMb).toBeLessThan(50);
  }, 120_000);
});

describe('uploads at once (UPLOADS_AT_ONCE, 2 by default)', () => {
  const slots = async (as: Uploader) =>
    (await t.container.database.db.selectFrom('uploads_in_progress').select('id').where('user_id', '=', as.id).execute()).length;

  test('two uploads streaming hold both slots: a third is refused at once; a client gone gives its slot back', async () => {
    const as = await uploader(t, 3);
    const body = multipart([...fields(as), { name: 'file', value: clipBytes, filename: 'clip.mp4', type: 'video/mp4' }]);
    const head = body.payload.subarray(0, body.payload.length - Math.floor(clipBytes.length / 2));
    const first = openUpload(as, body.contentType);
    const second = openUpload(as, body.contentType);
    first.answer.catch(() => undefined);
    first.client.write(head);
    second.client.write(head);
    await vi.waitFor(async () => expect(await slots(as)).toBe(2), { timeout: 10_000 });

    const third = openUpload(as, body.contentType);
    third.client.end(body.payload);
    expect((await third.answer).body).toMatchObject({ statusCode: -171, error: 'too_many_uploads_at_once' });

    first.client.destroy();
    await vi.waitFor(async () => expect(await slots(as)).toBe(1), { timeout: 10_000 });
    const fourth = openUpload(as, body.contentType);
    fourth.client.end(body.payload);
    expect((await fourth.answer).body.statusCode).toBe(1);
    second.client.end(body.payload.subarray(head.length));
    expect((await second.answer).body.statusCode).toBe(1);
    expect(await slots(as)).toBe(0);
  }, 60_000);
});
