import { readFile } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startWorker } from '../jobs/worker.ts';
import { runFfmpeg } from '../media/ffmpeg.ts';
import { type SocketTrap, socketTrap } from '../media/hostile/hostile-fixtures.ts';
import type { MediaProcessing } from '../media/processing/media-processing.ts';
import type { BusEvent } from '../realtime/events.ts';
import { actingAs, authAs, createVerifiedCreator } from '../test/fixtures.ts';
import { freePort, temporaryDirectory } from '../test/processes.ts';
import { type TestApp, testApp } from '../test/test-app.ts';
import { startTestDnsServer, type TestDnsServer } from './test-dns-server.ts';

/**
 * URL imports against real HTTP servers on loopback. The origin's port is the one loopback port the app may
 * reach (SCRAPER_ALLOW_LOOPBACK_PORTS); a second listener (the trap) stands for every internal service and
 * must never see a connection. Names resolve through a DNS server of the test's own.
 */
let t: TestApp;
let origin: Server;
let originUrl: string;
let trap: SocketTrap;
let dns: TestDnsServer;
let files: ReturnType<typeof temporaryDirectory>;
let clip: Buffer;
let photo: Buffer;
let userId: number;
const MAX_BYTES = 1024 * 1024;
/** The processing half, recorded: every post an import creates must be scheduled. */
const scheduled: number[] = [];
const processing: MediaProcessing = {
  schedule: async (postId) => {
    scheduled.push(postId);
  },
};

function route(path: string, response: ServerResponse, port: number) {
  const trapPort = new URL(trap.url).port;
  const html = (body: string) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  const redirect = (status: number, location: string) => response.writeHead(status, { location }).end();
  switch (path) {
    case '/clip.mp4':
      return response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(clip);
    case '/photo.jpg':
      return response.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
    case '/og-video':
      return html(
        `<html><head><meta property="og:video" content="/clip.mp4"><meta property="og:image" content="/photo.jpg"></head></html>`,
      );
    case '/video-tag':
      return html(
        '<html><body><!-- <video src="/nothing.mp4"> --><video controls><source src="clip.mp4" type="video/mp4"></video></body></html>',
      );
    case '/og-image':
      return html(`<html><head><meta content='photo.jpg' property='og:image'></head></html>`);
    case '/no-media':
      return html('<html><head><title>Nothing here</title></head><body><p>text</p></body></html>');
    case '/playlist.mp4':
      return response.writeHead(200).end('#EXTM3U\n#EXTINF:2,\n/etc/passwd\n#EXT-X-ENDLIST\n');
    case '/redirect':
      return redirect(302, '/redirect-again');
    case '/redirect-again':
      return redirect(307, `http://127.0.0.1:${port}/clip.mp4`);
    case '/hang.mp4':
      // The first bytes of a video, then nothing: a download that only a cancel or the deadline ends.
      response.writeHead(200, { 'content-type': 'video/mp4' }).write(clip.subarray(0, 1024));
      return;
    case '/silent':
      // Accepts the request and never answers, not even a status line.
      return;
    case '/loop':
      return redirect(302, '/loop');
    case '/to-trap':
      return redirect(302, `${trap.url}/admin`);
    case '/to-trap-decimal':
      return redirect(302, `http://2130706433:${trapPort}/admin`);
    case '/to-trap-mapped':
      return redirect(302, `http://[::ffff:127.0.0.1]:${trapPort}/admin`);
    case '/to-metadata':
      return redirect(301, 'http://169.254.169.254/latest/meta-data/iam/security-credentials/');
    case '/to-private':
      return redirect(302, 'http://10.0.0.7/admin');
    case '/to-private-name':
      return redirect(302, `http://internal.test:${port}/clip.mp4`);
    case '/page-to-private-media':
      return html(`<meta property="og:video" content="http://192.168.1.20/clip.mp4">`);
    case '/page-to-file':
      return html(`<meta property="og:video" content="file:///etc/passwd">`);
    case '/big':
      response.writeHead(200, { 'content-length': String(MAX_BYTES * 2) });
      return response.end(Buffer.alloc(MAX_BYTES * 2));
    case '/huge-page':
      response.writeHead(200, { 'content-type': 'text/html' });
      for (let index = 0; index < 24; index++) response.write(`<p>${'filler '.repeat(9000)}</p>`);
      return response.end('<meta property="og:video" content="/clip.mp4">');
    case '/big-chunked':
      response.writeHead(200);
      for (let index = 0; index < 40; index++) response.write(Buffer.alloc(64 * 1024));
      return response.end();
    case '/slow': {
      response.writeHead(200, { 'content-type': 'video/mp4' });
      response.write(clip.subarray(0, 100));
      const drip = setInterval(() => response.write(Buffer.alloc(1)), 500);
      response.on('close', () => clearInterval(drip));
      return;
    }
    default:
      return response.writeHead(404).end('not found');
  }
}

beforeAll(async () => {
  files = temporaryDirectory('velvet-scraper-');
  await runFfmpeg([
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=s=480x720:r=10:d=2',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    join(files.path, 'clip.mp4'),
  ]);
  clip = await readFile(join(files.path, 'clip.mp4'));
  photo = await sharp({ create: { width: 800, height: 1000, channels: 3, background: '#c04080' } })
    .jpeg()
    .toBuffer();
  trap = await socketTrap();
  const port = await freePort();
  origin = createServer((request, response) => route(new URL(request.url ?? '/', 'http://x').pathname, response, port));
  await new Promise<void>((resolve) => origin.listen(port, '127.0.0.1', resolve));
  originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
  dns = await startTestDnsServer({
    'media.test': ['127.0.0.1'],
    'internal.test': ['10.1.2.3'],
    'mixed.test': ['127.0.0.1', '192.168.1.1'],
    'metadata.test': ['169.254.169.254'],
    'ula.test': ['fd12:3456::1'],
  });
  t = await testApp({
    processing,
    env: {
      SCRAPER_ALLOW_LOOPBACK_PORTS: String(port),
      SCRAPER_DNS_SERVERS: dns.address,
      SCRAPER_MAX_BYTES: String(MAX_BYTES),
      SCRAPER_TIMEOUT_SECONDS: '3',
    },
  });
  userId = (await createVerifiedCreator(t.container.database.db)).id;
}, 60_000);

afterAll(async () => {
  await t?.close();
  origin?.closeAllConnections();
  origin?.close();
  await trap?.close();
  await dns?.close();
  files?.remove();
});

/**
 * Starts an import as a fresh verified creator (imports are uploads: UPLOADS_REQUIRE_VERIFICATION) and runs
 * its job to the end; answers the job as the API lists it.
 */
async function importOf(sourceUrl: string, userType: 3 | 5 | 6 = 3) {
  const owner = (await createVerifiedCreator(t.container.database.db, { type: userType })).id;
  const as = await actingAs(t, owner);
  const created = await as.post('/api/scraper', { sourceUrl });
  expect(created, JSON.stringify(created)).toMatchObject({ statusCode: 2, job: { state: 'new', sourceUrl } });
  const updates: BusEvent[] = [];
  const stop = t.container.events.subscribe((event) => {
    if (event.type === 'scraperJob' && event.userId === owner) updates.push(event);
  });
  await t.container.services.scraper.runImport(created.job.id);
  stop();
  const { jobs } = await as.get('/api/scraper');
  return { owner, job: jobs[0], updates };
}

async function notificationsOf(owner: number) {
  return t.container.database.db
    .selectFrom('notifications')
    .select(['type', 'scraper_job_id'])
    .where('user_id', '=', owner)
    .execute();
}

describe('importing media', () => {
  test.each([
    ['a direct media URL', '/clip.mp4'],
    ['a page with og:video', '/og-video'],
    ['a page with <video><source>', '/video-tag'],
    ['a chain of redirects', '/redirect'],
  ])('%s is downloaded and becomes a post scheduled for processing; the owner is notified', async (_, path) => {
    const { owner, job, updates } = await importOf(`${originUrl}${path}`);
    expect(job).toMatchObject({ state: 'done', error: null, postId: expect.any(Number) });
    // The owner's tabs follow it live: started, then done with the post.
    await expect.poll(() => updates.length).toBe(2);
    expect(updates.map((update) => update.type === 'scraperJob' && update.job)).toEqual([
      { id: expect.any(Number), uid: job.uid, state: 'started' },
      { id: expect.any(Number), uid: job.uid, state: 'done', postId: job.postId },
    ]);
    const media = await t.container.database.db
      .selectFrom('media_files')
      .select(['owner_id', 'mime_type', 'status', 'original_key', 'size_bytes', 'post_id', 'width', 'height', 'duration_ms'])
      .where('id', '=', job.mediaId)
      .executeTakeFirstOrThrow();
    expect(media).toMatchObject({ owner_id: owner, mime_type: 'video/mp4', status: 1, post_id: job.postId });
    expect(media).toMatchObject({ size_bytes: clip.length, width: 480, height: 720, duration_ms: 2000 });
    expect(await t.container.storage.exists(media.original_key as string)).toBe(true);
    const post = await t.container.database.db
      .selectFrom('posts')
      .select(['user_id', 'status', 'kind', 'target_status'])
      .where('id', '=', job.postId)
      .executeTakeFirstOrThrow();
    // Private once processed, until its owner publishes it from the composer.
    expect(post).toEqual({ user_id: owner, status: 1, kind: 'video', target_status: 8 });
    expect(scheduled).toContain(job.postId);
    expect(await notificationsOf(owner)).toEqual([{ type: 'scraper-done', scraper_job_id: job.id }]);
  });

  test('a page with og:image only is downloaded and judged like an upload: one image is no post', async () => {
    const { owner, job } = await importOf(`${originUrl}/og-image`, 3);
    expect(job).toMatchObject({ state: 'failed', error: 'too_few_images', mediaUrl: `${originUrl}/photo.jpg`, postId: null });
    const posts = await t.container.database.db.selectFrom('posts').select('id').where('user_id', '=', owner).execute();
    expect(posts).toEqual([]);
    expect(await notificationsOf(owner)).toEqual([{ type: 'scraper-done', scraper_job_id: job.id }]);
  });

  test('a job run again after its post was committed ends with that same post', async () => {
    const { owner, job } = await importOf(`${originUrl}/clip.mp4`);
    await t.container.database.db.updateTable('scraper_jobs').set({ state: 'started' }).where('id', '=', job.id).execute();
    await t.container.services.scraper.runImport(job.id);
    const as = await actingAs(t, owner);
    expect((await as.get('/api/scraper')).jobs).toMatchObject([{ uid: job.uid, state: 'done', postId: job.postId }]);
    const posts = await t.container.database.db.selectFrom('posts').select('id').where('user_id', '=', owner).execute();
    expect(posts).toEqual([{ id: job.postId }]);
  });

  test('a name resolved through DNS to an allowed address works; the page media address is recorded', async () => {
    const port = new URL(originUrl).port;
    const { job } = await importOf(`http://media.test:${port}/og-video`);
    expect(job).toMatchObject({ state: 'done', mediaUrl: `http://media.test:${port}/clip.mp4` });
    expect(dns.queries()).toContain('media.test/A');
  });

  test('a job left started by a worker that died runs again to the end, once', async () => {
    const owner = (await createVerifiedCreator(t.container.database.db)).id;
    const as = await actingAs(t, owner);
    const { job } = await as.post('/api/scraper', { sourceUrl: `${originUrl}/clip.mp4` });
    await t.container.database.db.updateTable('scraper_jobs').set({ state: 'started' }).where('id', '=', job.id).execute();
    await t.container.services.scraper.runImport(job.id);
    await t.container.services.scraper.runImport(job.id);
    expect((await as.get('/api/scraper')).jobs).toMatchObject([{ uid: job.uid, state: 'done' }]);
    expect(await notificationsOf(owner)).toHaveLength(1);
  });

  test('the worker runs the scraper:import job', async () => {
    const as = await actingAs(t, userId);
    const created = await as.post('/api/scraper', { sourceUrl: `${originUrl}/clip.mp4` });
    const worker = await startWorker(
      t.container.database.pool,
      { db: t.container.database.db, scraper: t.container.services.scraper },
      1,
      t.container.log,
    );
    try {
      const deadline = Date.now() + 20_000;
      let state = 'new';
      while (state !== 'done' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        state = (await as.get('/api/scraper')).jobs.find((job: { id: number }) => job.id === created.job.id).state;
      }
      expect(state).toBe('done');
    } finally {
      await worker.stop();
    }
  }, 30_000);
});

describe('SSRF: refused before connecting', () => {
  test.each([
    ['a redirect to another loopback port', '/to-trap'],
    ['a redirect to loopback written as a decimal number', '/to-trap-decimal'],
    ['a redirect to loopback written as IPv4-mapped IPv6', '/to-trap-mapped'],
    ['a redirect to the cloud metadata address', '/to-metadata'],
    ['a redirect to a private 10.x address', '/to-private'],
    ['a redirect to a name that resolves to 10.x', '/to-private-name'],
    ['a page whose og:video is on a private address', '/page-to-private-media'],
  ])('%s fails the job as scraper_address_refused', async (_, path) => {
    const { owner, job } = await importOf(`${originUrl}${path}`);
    expect(job).toMatchObject({ state: 'failed', error: 'scraper_address_refused', mediaId: null });
    expect(await notificationsOf(owner)).toEqual([{ type: 'scraper-done', scraper_job_id: job.id }]);
  });

  test.each([
    ['loopback on a port tests did not allow', () => `${trap.url}/admin`, 'scraper_address_refused'],
    ['the metadata address', () => 'http://169.254.169.254/latest/meta-data/', 'scraper_address_refused'],
    ['a private address', () => 'http://192.168.0.1/', 'scraper_address_refused'],
    ['an IPv6 unique local address', () => 'http://[fd00::1]/', 'scraper_address_refused'],
    ['a name resolving to a private address', () => 'http://internal.test/', 'scraper_address_refused'],
    [
      'a name with one private address among others',
      () => `http://mixed.test:${new URL(originUrl).port}/clip.mp4`,
      'scraper_address_refused',
    ],
    ['a name resolving to the metadata address', () => 'http://metadata.test/', 'scraper_address_refused'],
    ['a name resolving to an IPv6 unique local address', () => 'http://ula.test/', 'scraper_address_refused'],
    ['a file URL', () => 'file:///etc/passwd', 'scraper_invalid_url'],
    ['an ftp URL', () => 'ftp://example.com/clip.mp4', 'scraper_invalid_url'],
    ['a gopher URL', () => 'gopher://127.0.0.1:6379/_FLUSHALL', 'scraper_invalid_url'],
    ['credentials in the URL', () => `http://user:secret@127.0.0.1:${new URL(originUrl).port}/clip.mp4`, 'scraper_invalid_url'],
    ['not a URL', () => 'clip.mp4', 'scraper_invalid_url'],
  ])('%s is refused when the import is asked for', async (_, url, code) => {
    const as = await actingAs(t, (await createVerifiedCreator(t.container.database.db)).id);
    expect(await as.post('/api/scraper', { sourceUrl: url() })).toMatchObject({ error: code });
  });

  test('the trap never saw a connection', () => {
    expect(trap.connections()).toBe(0);
  });
});

describe('limits and bad sources', () => {
  test.each([
    ['a declared length over the limit', '/big', 'scraper_too_large'],
    ['a chunked body that grows over the limit', '/big-chunked', 'scraper_too_large'],
    ['a server that drips bytes', '/slow', 'scraper_timed_out'],
    ['a server that never answers', '/silent', 'scraper_timed_out'],
    ['a redirect loop', '/loop', 'scraper_too_many_redirects'],
    ['a page without media', '/no-media', 'scraper_no_media'],
    ['a page too large to read', '/huge-page', 'scraper_no_media'],
    ['a page whose og:video is a file URL', '/page-to-file', 'scraper_invalid_url'],
    ['a playlist posing as MP4', '/playlist.mp4', 'not_video_or_image'],
    ['a missing file', '/missing.mp4', 'scraper_fetch_failed'],
  ])(
    '%s (%s) fails as %s',
    async (_, path, code) => {
      const started = Date.now();
      const { job } = await importOf(`${originUrl}${path}`);
      expect(job).toMatchObject({ state: 'failed', error: code });
      expect(Date.now() - started).toBeLessThan(10_000);
    },
    20_000,
  );
});

describe('the job list', () => {
  test('lists newest first with keyset pages; cancel an active job; remove a finished one', async () => {
    const owner = (await createVerifiedCreator(t.container.database.db)).id;
    const as = await actingAs(t, owner);
    const first = (await as.post('/api/scraper', { sourceUrl: `${originUrl}/clip.mp4` })).job;
    await t.container.services.scraper.runImport(first.id);
    const second = (await as.post('/api/scraper', { sourceUrl: `${originUrl}/photo.jpg` })).job;
    const page = await as.get('/api/scraper?limit=1');
    expect(page).toMatchObject({ statusCode: 2, canLoadMore: true, jobs: [{ uid: second.uid, state: 'new' }] });
    const next = await as.get(`/api/scraper?limit=1&before=${second.id}`);
    expect(next).toMatchObject({ canLoadMore: false, jobs: [{ uid: first.uid, state: 'done' }] });

    expect(await as.delete('/api/scraper', { jobUid: second.uid })).toEqual({ statusCode: 1 });
    await t.container.services.scraper.runImport(second.id);
    expect((await as.get('/api/scraper')).jobs.map((job: { state: string }) => job.state)).toEqual(['canceled', 'done']);
    expect(await as.delete('/api/scraper', { jobUid: first.uid })).toEqual({ statusCode: 1 });
    expect((await as.get('/api/scraper')).jobs.map((job: { uid: string }) => job.uid)).toEqual([second.uid]);
    expect(await notificationsOf(owner)).toEqual([]);
  });

  test('canceling a running import stops its download at once; the owner is not told it failed', async () => {
    const owner = (await createVerifiedCreator(t.container.database.db)).id;
    const as = await actingAs(t, owner);
    const { job } = await as.post('/api/scraper', { sourceUrl: `${originUrl}/hang.mp4` });
    const updates: string[] = [];
    const stop = t.container.events.subscribe((event) => {
      if (event.type === 'scraperJob' && event.userId === owner) updates.push(event.job.state);
    });
    const started = Date.now();
    const running = t.container.services.scraper.runImport(job.id);
    await expect.poll(() => updates).toEqual(['started']);
    expect(await as.delete('/api/scraper', { jobUid: job.uid })).toEqual({ statusCode: 1 });
    const canceledAt = Date.now();
    await running;
    stop();
    // The download stops within a check (1 s), before the 3 s deadline (SCRAPER_TIMEOUT_SECONDS) would cut
    // it; on a machine so slow that the deadline was already near, the two cannot be told apart.
    const deadlineLeft = started + 3000 - canceledAt;
    if (deadlineLeft > 1500) expect(Date.now() - canceledAt).toBeLessThan(deadlineLeft - 200);
    expect(updates).toEqual(['started']);
    expect((await as.get(`/api/scraper?id=${job.id}`)).jobs[0]).toMatchObject({ state: 'canceled', error: null });
    expect(await notificationsOf(owner)).toEqual([]);
  });

  test('only the owner sees or cancels a job; input is validated; login is required', async () => {
    const owner = await actingAs(t, (await createVerifiedCreator(t.container.database.db)).id);
    const job = (await owner.post('/api/scraper', { sourceUrl: `${originUrl}/clip.mp4` })).job;
    const stranger = await actingAs(t, (await createVerifiedCreator(t.container.database.db)).id);
    expect(await stranger.delete('/api/scraper', { jobUid: job.uid })).toMatchObject({ error: 'not_found' });
    expect((await stranger.get('/api/scraper')).jobs).toEqual([]);
    // One job by id, as the composer opens it; someone else's is not found.
    expect(await owner.get(`/api/scraper?id=${job.id}`)).toMatchObject({ jobs: [{ uid: job.uid }], canLoadMore: false });
    expect(await stranger.get(`/api/scraper?id=${job.id}`)).toMatchObject({ error: 'not_found' });
    expect(await stranger.post('/api/scraper', {})).toMatchObject({ error: 'invalid_input' });
    expect(await stranger.delete('/api/scraper', { jobUid: 'not-a-uuid' })).toMatchObject({ error: 'invalid_input' });
    expect(await stranger.get('/api/scraper?limit=500')).toMatchObject({ error: 'invalid_input' });
    expect((await t.get('/api/scraper')).body).toMatchObject({ error: 'login_required' });
  });

  test('at most three imports wait at once, and starting imports is rate limited', async () => {
    const owner = (await createVerifiedCreator(t.container.database.db)).id;
    const headers = { ...(await authAs(t, owner)), 'content-type': 'application/json' };
    const answers = [];
    for (let index = 0; index < 11; index++) {
      const response = await t.request({
        method: 'POST',
        url: '/api/scraper',
        headers,
        payload: JSON.stringify({ sourceUrl: `${originUrl}/clip.mp4` }),
      });
      answers.push(response.status === 429 ? 'rate_limited' : (response.body.error ?? response.body.job.state));
    }
    expect(answers).toEqual(['new', 'new', 'new', ...Array(7).fill('scraper_too_many_jobs'), 'rate_limited']);
  });
});
