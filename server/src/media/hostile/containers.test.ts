import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MediaProbeError, MediaToolsRepository } from '../probe.ts';
import { readSixpack } from '../simicheck/sixpack-reader.ts';
import { checkUpload } from '../upload-rules.ts';
import {
  type Canary,
  canaryDetectsReads,
  EBML_WEBM,
  FTYP_ISOM,
  gzip,
  hlsPlaylist,
  plantCanary,
  pngBomb,
  type SocketTrap,
  socketTrap,
  storedZip,
} from './hostile-fixtures.ts';

/**
 * Files that try to make ffprobe, ffmpeg or sharp follow a reference: playlists, concat lists, markup, archives
 * and polyglots. Each must end with a clear upload code, and none may read the canary file or connect to the
 * loopback trap, whether it arrives through the full inspection or is forced straight into a tool.
 */
let dir: string;
let tools: MediaToolsRepository;
let canary: Canary;
let trap: SocketTrap;
const file = (name: string) => join(dir, name);
const limits = { maxVideoBytes: 1e9, maxVideoSeconds: 600, maxImageBytes: 1e8, maxImagesPerPost: 20 };

/** The upload code a single file gets from the full inspection. */
async function uploadCode(name: string): Promise<string | undefined> {
  const inspected = await tools.inspect(file(name));
  // Images come in pairs (a post holds 2–20), so a single image is not refused for being alone.
  const files = inspected.kind === 'image' ? [inspected, inspected] : [inspected];
  return checkUpload({ files, userType: 3, limits }).errors[0];
}

const refusedBy = async (work: Promise<unknown>) =>
  work.then(
    () => 'accepted',
    (error: unknown) => (error instanceof MediaProbeError ? error.code : `unexpected ${String(error)}`),
  );

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'velvet-hostile-'));
  await mkdir(file('scratch'));
  tools = new MediaToolsRepository(file('scratch'));
  canary = await plantCanary(dir);
  trap = await socketTrap();
  const targets = [canary.path, `file:${canary.path}`, `${trap.url}/segment.ts`, `tcp://127.0.0.1:${new URL(trap.url).port}`];
  const playlist = hlsPlaylist(targets);
  const concat = `ffconcat version 1.0\n${targets.map((target) => `file '${target}'\n`).join('')}`;
  const svg = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="800" height="800"><image xlink:href="file://${canary.path}" width="800" height="800"/><image href="${trap.url}/x.png" width="10" height="10"/></svg>`;
  const html = `<!doctype html><html><body><video src="file://${canary.path}"></video><img src="${trap.url}/x.png"></body></html>`;
  await Promise.all([
    writeFile(file('playlist.mp4'), playlist),
    writeFile(file('playlist-bom.webm'), `\uFEFF  ${playlist}`),
    writeFile(file('concat.mp4'), concat),
    writeFile(file('concat-without-header.mov'), targets.map((target) => `file '${target}'\n`).join('')),
    writeFile(file('image.svg.png'), svg),
    writeFile(file('image-no-xml-declaration.jpg'), svg.replace(/^<\?xml[^>]*>/, '')),
    writeFile(file('page.html.mp4'), html),
    writeFile(
      file('dash.mp4'),
      `<?xml version="1.0"?><MPD xmlns="urn:mpeg:dash:schema:mpd:2011"><BaseURL>${trap.url}/</BaseURL></MPD>`,
    ),
    writeFile(file('archive.zip.mp4'), storedZip('clip.m3u8', Buffer.from(playlist))),
    writeFile(file('archive.gz.jpg'), gzip(playlist)),
    writeFile(file('ftyp-then-playlist.mp4'), Buffer.concat([FTYP_ISOM, Buffer.from(playlist)])),
    writeFile(file('ebml-then-playlist.webm'), Buffer.concat([EBML_WEBM, Buffer.from(playlist)])),
    writeFile(file('png-then-playlist.png'), Buffer.concat([pngBomb(1), Buffer.from(playlist)])),
    writeFile(file('gif-script.gif'), `GIF89a/*\x00\x00*/=1;fetch('${trap.url}');`),
  ]);
}, 60_000);

afterAll(async () => {
  await trap?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the canary and the trap', () => {
  test('a read of a canary is detectable on this filesystem', async () => {
    expect(await canaryDetectsReads(dir)).toBe(true);
  });
});

describe('refused by their first bytes, whatever their name', () => {
  test.each([
    ['playlist.mp4', 'not_video_or_image'],
    ['playlist-bom.webm', 'not_video_or_image'],
    ['concat.mp4', 'not_video_or_image'],
    ['concat-without-header.mov', 'not_video_or_image'],
    ['image.svg.png', 'not_video_or_image'],
    ['image-no-xml-declaration.jpg', 'not_video_or_image'],
    ['page.html.mp4', 'not_video_or_image'],
    ['dash.mp4', 'not_video_or_image'],
    ['archive.zip.mp4', 'not_video_or_image'],
    ['archive.gz.jpg', 'not_video_or_image'],
    ['gif-script.gif', 'unsupported_image_format'],
  ])('%s → %s', async (name, code) => {
    const inspected = await tools.inspect(file(name));
    expect(inspected).toMatchObject({ kind: 'rejected', code });
    expect(await uploadCode(name)).toBe(code);
  });
});

describe('polyglots that pass the sniffer are stopped by the demuxer', () => {
  test.each([
    ['ftyp-then-playlist.mp4', 'mov'],
    ['ebml-then-playlist.webm', 'matroska'],
  ] as const)('%s is sniffed as %s and then cannot be played', async (name, container) => {
    const inspected = await tools.inspect(file(name));
    expect(inspected).toMatchObject({ kind: 'video', decodable: false, sniffed: { kind: 'video', container } });
    expect(await uploadCode(name)).toBe('wrongMediaForDevice');
    expect(await refusedBy(readSixpack(tools, file(name)))).toBe('wrongMediaForDevice');
  });

  test('a PNG with a playlist after its end is just an image; nothing after IEND is followed', async () => {
    expect(await tools.inspect(file('png-then-playlist.png'))).toMatchObject({ kind: 'image', width: 1, height: 1 });
  });
});

describe('forced straight into the tools, past the sniffer', () => {
  const references = ['playlist.mp4', 'concat.mp4', 'page.html.mp4', 'dash.mp4', 'image.svg.png'];

  test.each(references)('%s given to ffprobe, ffmpeg and the frame reader as MOV and as Matroska', async (name) => {
    for (const container of ['mov', 'matroska'] as const) {
      expect(await refusedBy(tools.probeVideo(file(name), container))).toBe('wrongMediaForDevice');
      expect(await refusedBy(tools.decodeFirstFrame(file(name), container))).toBe('wrongMediaForDevice');
      expect(await refusedBy(tools.extractRgbaFrame(file(name), container, 0, 16, 16))).toBe('wrongMediaForDevice');
    }
  });

  test.each(['image.svg.png', 'page.html.mp4', 'playlist.mp4'])('%s given to sharp as if it were a PNG', async (name) => {
    expect(await refusedBy(tools.probeImage(file(name), 'png'))).toBe('not_video_or_image');
  });
});

describe('after all of the above', () => {
  test('the canary was never read, the trap never connected to, the scratch folder is empty', async () => {
    expect(await canary.untouched()).toBe(true);
    expect(trap.connections()).toBe(0);
    expect(await readdir(file('scratch'))).toEqual([]);
  });
});
