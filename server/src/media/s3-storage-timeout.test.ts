import { afterAll, beforeAll, expect, test } from 'vitest';
import { type SilentServer, startSilentServer } from '../test/silent-server.ts';
import { S3Storage } from './s3-storage.ts';

const BOUND_MS = 300;
let silent: SilentServer;
let storage: S3Storage;

beforeAll(async () => {
  silent = await startSilentServer();
  storage = new S3Storage({
    endpoint: silent.url,
    region: 'us-east-1',
    bucket: 'velvet-media',
    accessKeyId: 'key',
    secretAccessKey: 'secret',
    timeoutMs: BOUND_MS,
  });
});

afterAll(async () => {
  storage?.close();
  await silent?.close();
});

// The SDK tries a timed-out request 3 times with a short back-off in between; all of it stays well under 5 s.
test.each([
  ['stat', () => storage.stat('media/abc/video.mp4')],
  ['get', () => storage.get('media/abc/video.mp4')],
  ['put', () => storage.put('media/abc/video.mp4', Buffer.from('bytes'))],
])('%s against a bucket that accepts and never answers fails as storage_unavailable', async (_, call) => {
  const before = silent.connections();
  const started = Date.now();
  await expect(call()).rejects.toMatchObject({ code: 'storage_unavailable' });
  expect(Date.now() - started).toBeLessThan(5000);
  expect(silent.connections()).toBeGreaterThan(before);
});
