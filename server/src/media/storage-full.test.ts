import { execFileSync } from 'node:child_process';
import { mkdirSync, statfsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type TestApp, testApp } from '../test/test-app.ts';
import { runFfmpeg } from './ffmpeg.ts';
import { demoClip, filesUnder, recordingProcessing, upload, uploader } from './upload/upload-test-support.ts';

/**
 * Issue 24, storage full: the media folder is a 1 MB tmpfs (mounting needs root, as the test runner has
 * here), an upload larger than that fails with `storage_full` and leaves nothing behind, and the app goes on
 * serving, small uploads included.
 */
let t: TestApp;
let mounted = false;
let mediaDir: string;

beforeAll(async () => {
  t = await testApp({ processing: recordingProcessing() });
  const { storage } = t.container.config;
  if (storage.driver !== 'local') throw new Error('this test needs the local storage');
  mediaDir = storage.dir;
  mkdirSync(mediaDir, { recursive: true });
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', mediaDir]);
  mounted = true;
});

afterAll(async () => {
  if (mounted) execFileSync('umount', [mediaDir]);
  await t?.close();
});

test('an upload that does not fit fails with storage_full, keeps nothing, and the app goes on serving', async () => {
  const scratch = t.container.config.dataDir;
  const large = join(scratch, 'large.mp4');
  // biome-ignore format: option pairs
  await runFfmpeg([
    '-y', '-f', 'lavfi', '-i', 'testsrc2=s=540x960:r=30:d=3', '-c:v', 'libx264', '-preset', 'ultrafast',
    '-b:v', '8M', '-pix_fmt', 'yuv420p', large,
  ]);
  const as = await uploader(t);
  const refused = await upload(t, as, [large]);
  expect(refused).toMatchObject({ statusCode: -247, error: 'storage_full' });
  expect(await filesUnder(mediaDir)).toEqual([]);
  const { bfree, blocks } = statfsSync(mediaDir);
  expect(bfree).toBe(blocks);

  expect((await t.get('/api/settings')).status).toBe(200);
  const small = join(scratch, 'small.mp4');
  await demoClip(small, 2);
  const again = await uploader(t);
  expect(await upload(t, again, [small])).toMatchObject({ statusCode: 1 });
});
