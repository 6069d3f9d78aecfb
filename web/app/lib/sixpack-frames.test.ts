import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { stripTypeScriptTypes } from 'node:module';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MediaToolsRepository } from '../../../server/src/media/probe.ts';
import { decodeSixpack, SIMILARITY_THRESHOLD, type Sixpack, similarity } from '../../../server/src/media/simicheck/sixpack.ts';
import { readSixpack } from '../../../server/src/media/simicheck/sixpack-reader.ts';
import { makeTestVideos, ORIGINAL } from '../../../server/src/media/simicheck/test-videos.ts';
import { repoRoot, temporaryDirectory } from '../../../server/src/test/processes.ts';

/**
 * The browser's sixpack (frames drawn on a <canvas> by Debian's Chromium) against the worker's (frames decoded
 * by ffmpeg): the same function over differently decoded and scaled pixels must agree.
 */
let videos: ReturnType<typeof temporaryDirectory>;
let server: Server;
let browser: Browser;
let origin: string;

const PAGE = `<!doctype html><title>sixpack</title><script type="module">
  import { sixpackOfFile } from '/web/app/lib/sixpack-frames.ts';
  window.sixpackOf = async (url) => sixpackOfFile(await (await fetch(url)).blob());
</script>`;

/** Serves the repository's TypeScript modules type-stripped (enough for these dependency-free modules) and the videos. */
async function serve(request: string): Promise<{ type: string; body: Buffer | string } | undefined> {
  const path = normalize(decodeURIComponent(new URL(request, 'http://x').pathname));
  if (path === '/') return { type: 'text/html', body: PAGE };
  if (path.startsWith('/videos/')) return { type: 'video/mp4', body: await readFile(join(videos.path, path.slice(8))) };
  if (path.endsWith('.ts') && !path.includes('..')) {
    const source = await readFile(join(repoRoot, path), 'utf8');
    return { type: 'text/javascript', body: stripTypeScriptTypes(source) };
  }
  return undefined;
}

beforeAll(async () => {
  videos = temporaryDirectory('velvet-sixpack-browser-');
  await makeTestVideos(videos.path);
  server = createServer((request, response) => {
    serve(request.url ?? '/').then(
      (found) => {
        if (!found) response.writeHead(404).end();
        else response.writeHead(200, { 'content-type': found.type }).end(found.body);
      },
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
  });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  server?.close();
  videos?.remove();
});

async function browserSixpack(file: string): Promise<Sixpack> {
  const page = await browser.newPage();
  try {
    await page.goto(origin);
    await page.waitForFunction(() => 'sixpackOf' in window);
    const encoded = await page.evaluate(
      (url) => (window as unknown as { sixpackOf(url: string): Promise<string> }).sixpackOf(url),
      `/videos/${file}`,
    );
    const sixpack = decodeSixpack(encoded);
    if (!sixpack) throw new Error('the browser produced an invalid sixpack');
    return sixpack;
  } finally {
    await page.close();
  }
}

const serverSixpack = (file: string) => readSixpack(new MediaToolsRepository(videos.path), join(videos.path, file));

describe('browser and worker compute the same sixpack', () => {
  test.each([ORIGINAL, 'reencoded-vp8.webm'])(
    '%s: browser and worker agree far above the threshold',
    async (file) => {
      const [inBrowser, inWorker] = await Promise.all([browserSixpack(file), serverSixpack(file)]);
      expect(Math.abs(inBrowser.durationMs - inWorker.durationMs)).toBeLessThan(150);
      expect(similarity(inBrowser, inWorker)).toBeGreaterThanOrEqual(245);
    },
    120_000,
  );

  test('a copy checked in the browser matches the original signed by the worker; another video does not', async () => {
    const original = await serverSixpack(ORIGINAL);
    expect(similarity(await browserSixpack('rescaled-540x960.mp4'), original)).toBeGreaterThanOrEqual(SIMILARITY_THRESHOLD);
    expect(similarity(await browserSixpack('cropped-4pc.mp4'), original)).toBeGreaterThanOrEqual(SIMILARITY_THRESHOLD);
    expect(similarity(await browserSixpack('mirrored-original.mp4'), original)).toBeLessThan(SIMILARITY_THRESHOLD);
    expect(similarity(await browserSixpack('red.mp4'), original)).toBeLessThan(SIMILARITY_THRESHOLD);
  }, 240_000);
});
