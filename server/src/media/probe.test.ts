import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HARDENED_FFPROBE, runFfmpeg, runMediaTool } from './ffmpeg.ts';
import { type InspectedMedia, MediaProbeError, MediaToolsRepository } from './probe.ts';
import { checkUpload, type UploadLimits } from './upload-rules.ts';

const limits: UploadLimits = { maxVideoBytes: 10_000_000, maxVideoSeconds: 600, maxImageBytes: 10_000_000, maxImagesPerPost: 20 };
const SECRET = 'VELVET-SECRET-7f3a9c';
let dir: string;
let tools: MediaToolsRepository;
const file = (name: string) => join(dir, name);

/** A tiny clip from a lavfi colour source: 10 fps, low bitrate, ultrafast. */
function clip(name: string, size: string, seconds: number, extra: string[] = []) {
  const source = `color=c=teal:s=${size}:r=10:d=${seconds}${size.match(/[13579]x|[13579]$/) ? ',format=yuv444p' : ''}`;
  const codec = name.endsWith('.webm')
    ? ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8']
    : ['-c:v', 'libx264', '-preset', 'ultrafast'];
  return runFfmpeg(['-y', '-f', 'lavfi', '-i', source, ...codec, '-b:v', '20k', ...extra, file(name)]);
}

function chunk(type: string, data: Uint8Array) {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A few hundred bytes declaring a 30000x30000 greyscale picture: 900 MP if anyone decoded it. */
function pngBomb() {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(30_000, 0);
  header.writeUInt32BE(30_000, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const rows = deflateSync(Buffer.alloc(30_001 * 4));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))]);
}

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'velvet-probe-'));
  await mkdir(file('scratch'));
  tools = new MediaToolsRepository(file('scratch'));
  await writeFile(file('secret.ts'), `${SECRET}\n`);
  await Promise.all([
    clip('480x718.mp4', '480x718', 2),
    clip('479x718.mp4', '479x718', 2),
    clip('480x717.mp4', '480x717', 2),
    clip('1.9s.mp4', '480x718', 1.9),
    clip('718x480.mp4', '718x480', 2),
    clip('480x718.webm', '480x718', 2),
    clip('faststart.mp4', '480x718', 2, ['-movflags', '+faststart']),
    clip('huge.mp4', '9000x9000', 0.1, ['-frames:v', '1']),
    runFfmpeg(['-y', '-f', 'lavfi', '-i', 'sine=d=2', '-c:a', 'aac', file('audio-only.mp4')]),
    picture(700, 700).jpeg().toFile(file('700x700.jpg')),
    picture(699, 1000).png().toFile(file('699x1000.png')),
    picture(800, 2000).webp().toFile(file('ratio-0.40.webp')),
    picture(820, 2000).jpeg().toFile(file('ratio-0.41.jpg')),
    picture(1000, 800).jpeg().withMetadata({ orientation: 6 }).toFile(file('exif-rotated.jpg')),
    picture(64, 64).avif({ effort: 0 }).toFile(file('small.avif')),
    picture(16, 16).gif().toFile(file('tiny.gif')),
  ]);
  await runFfmpeg(['-y', '-i', file('718x480.mp4'), '-c', 'copy', '-metadata:s:v:0', 'rotate=90', file('rotated.mp4')]);
  const whole = await readFile(file('480x718.mp4'));
  await writeFile(file('truncated.mp4'), whole.subarray(0, Math.floor(whole.length / 2)));
  const faststart = await readFile(file('faststart.mp4'));
  const mdat = faststart.indexOf('mdat');
  await writeFile(file('truncated-faststart.mp4'), faststart.subarray(0, mdat + 8));
  await writeFile(file('playlist.mp4'), `#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\n${file('secret.ts')}\n#EXT-X-ENDLIST\n`);
  await writeFile(file('concat.mp4'), `ffconcat version 1.0\nfile '${file('secret.ts')}'\n`);
  await writeFile(file('script.jpg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');
  await writeFile(file('page.png'), '<!doctype html><html><script>alert(1)</script></html>');
  await writeFile(file('archive.webm'), Buffer.concat([Buffer.from('PK\x03\x04\x14\x00', 'latin1'), Buffer.alloc(64)]));
  await writeFile(file('bomb.png'), pngBomb());
}, 60_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const inspect = (name: string) => tools.inspect(file(name));
const verdict = async (names: string[], userType = 3) =>
  checkUpload({ files: await Promise.all(names.map(inspect)), userType, limits });

describe('videos from real files', () => {
  test('480x718 at exactly 2.0 s passes, as MP4 and as WebM', async () => {
    const mp4 = await inspect('480x718.mp4');
    expect(mp4).toMatchObject({ kind: 'video', decodable: true, width: 480, height: 718, durationSeconds: 2 });
    expect(mp4.video).toMatchObject({ container: 'mov', videoCodec: 'h264', frameCountEstimate: 20, rotation: 0 });
    expect(await verdict(['480x718.mp4'])).toEqual({ errors: [], warnings: [] });
    expect(await inspect('480x718.webm')).toMatchObject({ kind: 'video', width: 480, height: 718, durationSeconds: 2 });
    expect(await verdict(['480x718.webm'])).toEqual({ errors: [], warnings: [] });
  });
  test('one pixel short on either side is tooSmall; 1.9 s is tooShort', async () => {
    expect((await verdict(['479x718.mp4'])).errors).toEqual(['tooSmall']);
    expect((await verdict(['480x717.mp4'])).errors).toEqual(['tooSmall']);
    expect((await verdict(['718x480.mp4'])).errors).toEqual(['tooSmall']);
    expect((await verdict(['1.9s.mp4'])).errors).toEqual(['tooShort']);
  });
  test('a 718x480 clip rotated a quarter turn is judged by its displayed 480x718', async () => {
    const rotated = await inspect('rotated.mp4');
    expect(rotated.video).toMatchObject({ codedWidth: 718, codedHeight: 480, width: 480, height: 718 });
    expect([90, 270]).toContain(rotated.video?.rotation);
    expect(await verdict(['rotated.mp4'])).toEqual({ errors: [], warnings: [] });
  });
  test('two videos are multiple_videos; a video with an image is mixed_media', async () => {
    expect((await verdict(['480x718.mp4', '480x718.webm'])).errors).toEqual(['multiple_videos']);
    expect((await verdict(['480x718.mp4', '700x700.jpg'])).errors).toEqual(['mixed_media']);
  });
  test('audio only, a cut-off file and media data missing after the header are wrongMediaForDevice', async () => {
    for (const name of ['audio-only.mp4', 'truncated.mp4', 'truncated-faststart.mp4']) {
      expect(await inspect(name)).toMatchObject({ kind: 'video', decodable: false });
      expect((await verdict([name])).errors).toEqual(['wrongMediaForDevice']);
    }
  });
  test('a frame declared beyond the pixel limit is refused from the headers alone', async () => {
    expect(await inspect('huge.mp4')).toMatchObject({ kind: 'rejected', code: 'media_too_many_pixels' });
    const small = new MediaToolsRepository(file('scratch'), { maxVideoPixels: 480 * 718 - 1 });
    expect(await small.inspect(file('480x718.mp4'))).toMatchObject({ kind: 'rejected', code: 'media_too_many_pixels' });
  });
});

describe('images from real files', () => {
  test('700x700 passes; a side of 699 fails; ratio 0.40 fails and 0.41 passes', async () => {
    expect(await inspect('700x700.jpg')).toMatchObject({ kind: 'image', width: 700, height: 700 });
    expect(await verdict(['700x700.jpg', 'ratio-0.41.jpg'])).toEqual({ errors: [], warnings: [] });
    expect(await verdict(['700x700.jpg', 'ratio-0.40.webp'])).toEqual({
      errors: [],
      warnings: ['some_images_out_of_ratio_range'],
    });
    expect(await verdict(['699x1000.png', 'ratio-0.40.webp'])).toEqual({ errors: ['no_image_in_ratio_range'], warnings: [] });
  });
  test('a file with image magic but a broken header is not_video_or_image', async () => {
    await writeFile(file('broken.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]));
    expect(await inspect('broken.jpg')).toMatchObject({ kind: 'rejected', code: 'not_video_or_image' });
  });
  test('EXIF orientation turns the displayed size', async () => {
    expect(await inspect('exif-rotated.jpg')).toMatchObject({ kind: 'image', width: 800, height: 1000 });
  });
  test('one image is too_few_images; images need an account type that may post them', async () => {
    expect((await verdict(['700x700.jpg'])).errors).toEqual(['too_few_images']);
    expect((await verdict(['700x700.jpg', 'ratio-0.41.jpg'], 1)).errors).toEqual(['images_not_allowed']);
  });
  test('AVIF is read through sharp; GIF is an unsupported image', async () => {
    expect(await inspect('small.avif')).toMatchObject({ kind: 'image', width: 64, height: 64 });
    expect(await inspect('tiny.gif')).toMatchObject({ kind: 'rejected', code: 'unsupported_image_format' });
  });
  test('a PNG declaring 30000x30000 is refused before decoding', async () => {
    const started = performance.now();
    expect(await inspect('bomb.png')).toMatchObject({ kind: 'rejected', code: 'media_too_many_pixels' });
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('hostile files', () => {
  test.each([
    ['playlist.mp4', 'hls'],
    ['concat.mp4', 'ffconcat'],
    ['script.jpg', 'svg'],
    ['page.png', 'html'],
    ['archive.webm', 'zip'],
  ])('%s is refused at sniffing as %s', async (name, detected) => {
    const result: InspectedMedia = await inspect(name);
    expect(result).toMatchObject({ kind: 'rejected', code: 'not_video_or_image', sniffed: { detected } });
    expect((await verdict([name])).errors).toEqual(['not_video_or_image']);
  });

  test('without the demuxer whitelist the same playlist would be followed to the file it names', async () => {
    const unguarded = runMediaTool('ffprobe', [...HARDENED_FFPROBE, '-show_format', `file:${file('playlist.mp4')}`]);
    await expect(unguarded).rejects.toThrow(/hls.*secret\.ts/s);
  });

  test.each(['playlist.mp4', 'concat.mp4'])('%s forced into ffprobe does not read the file it names', async (name) => {
    for (const container of ['mov', 'matroska'] as const) {
      const failure = await tools.probeVideo(file(name), container).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(MediaProbeError);
      const { code, detail, message } = failure as MediaProbeError;
      expect(code).toBe('wrongMediaForDevice');
      expect(`${detail} ${message}`).not.toContain(SECRET);
      expect(detail).not.toContain('secret.ts');
      await expect(tools.decodeFirstFrame(file(name), container)).rejects.toBeInstanceOf(MediaProbeError);
    }
  });

  test('every run leaves its scratch directory empty', async () => {
    expect(await readdir(file('scratch'))).toEqual([]);
  });
});

describe('tool limits', () => {
  test('output beyond the limit and runs beyond the time limit are killed', async () => {
    const endless = ['-f', 'lavfi', '-i', 'color=s=64x64:d=30', '-f', 'rawvideo', 'pipe:1'];
    await expect(runFfmpeg(endless, { maxOutputBytes: 10_000 })).rejects.toThrow(/output over 10000 bytes/);
    await expect(runFfmpeg(['-re', ...endless], { timeoutMs: 300 })).rejects.toThrow(/timed out after 300 ms/);
  });
});
