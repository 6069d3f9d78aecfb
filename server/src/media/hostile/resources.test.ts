import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FfmpegError, runFfmpeg, runMediaTool } from '../ffmpeg.ts';
import { MediaProbeError, MediaToolsRepository } from '../probe.ts';
import { h264Declaring, jpegDeclaring, pngBomb } from './hostile-fixtures.ts';

/**
 * Files that attack resources rather than references: frames declared far beyond what decoding can afford,
 * decompression bombs, and inputs that keep a tool busy. Each is refused from its headers or stopped by a limit,
 * quickly and without the memory it asks for.
 */
let dir: string;
let tools: MediaToolsRepository;
let declared16240: string;
const file = (name: string) => join(dir, name);
const MB = 1024 * 1024;

async function timed<T>(work: () => Promise<T>): Promise<{ result: T | unknown; ms: number }> {
  const started = performance.now();
  const result = await work().catch((error: unknown) => error);
  return { result, ms: performance.now() - started };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'velvet-hostile-resources-'));
  await mkdir(file('scratch'));
  tools = new MediaToolsRepository(file('scratch'));
  declared16240 = await h264Declaring(dir, 16240, 16240);
  await writeFile(file('bomb.png'), pngBomb(60_000));
  await writeFile(file('bomb.jpg'), await jpegDeclaring(60_000, 60_000));
  // One key frame for 40 s: reaching a frame near the end means decoding every frame before it.
  // biome-ignore format: option pairs
  await runFfmpeg([
    '-y', '-f', 'lavfi', '-i', 'testsrc2=s=480x720:r=25:d=40', '-c:v', 'libx264', '-preset', 'ultrafast',
    '-g', '100000', '-keyint_min', '100000', '-sc_threshold', '0', file('one-keyframe.mp4'),
  ]);
}, 120_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('frames declared beyond the pixel limit', () => {
  test('a 1.5 KB H.264 file declaring 16240x16240 is refused from its headers, in a second, with little memory', async () => {
    expect((await stat(declared16240)).size).toBeLessThan(2048);
    const rssBefore = process.memoryUsage().rss;
    const { result, ms } = await timed(() => tools.inspect(declared16240));
    expect(result).toMatchObject({ kind: 'rejected', code: 'media_too_many_pixels' });
    expect(ms).toBeLessThan(5_000);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(50 * MB);
  });

  test('forced past the probe, the decoder refuses the frame size itself (second guard)', async () => {
    const { result, ms } = await timed(() => tools.decodeFirstFrame(declared16240, 'mov'));
    expect(result).toBeInstanceOf(MediaProbeError);
    expect((result as MediaProbeError).code).toBe('wrongMediaForDevice');
    expect(ms).toBeLessThan(10_000);
  });

  test('with no guard at all, the heap limit ends the decoder instead of letting it take ~1.5 GB', async () => {
    // Measured unguarded on this machine: 1.5 GB resident and 30 s of work for this 1.5 KB file.
    // biome-ignore format: option pairs
    const unguarded = runMediaTool('ffmpeg', ['-v', 'error', '-i', declared16240, '-frames:v', '1', '-f', 'null', '-'], {
      timeoutMs: 60_000, maxMemoryBytes: 256 * MB, maxCpuSeconds: 20,
    });
    const { result, ms } = await timed(() => unguarded);
    expect(result).toBeInstanceOf(FfmpegError);
    expect(ms).toBeLessThan(50_000);
  }, 60_000);
});

describe('decompression bombs', () => {
  test.each(['bomb.png', 'bomb.jpg'])('%s (60000x60000 declared) is refused before decoding', async (name) => {
    expect((await stat(file(name))).size).toBeLessThan(1 * MB);
    const rssBefore = process.memoryUsage().rss;
    const { result, ms } = await timed(() => tools.inspect(file(name)));
    expect(result).toMatchObject({ kind: 'rejected', code: 'media_too_many_pixels' });
    expect(ms).toBeLessThan(2_000);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(50 * MB);
  });
});

describe('inputs that keep a tool busy', () => {
  test('a seek that must decode 40 s of frames is killed at the wall-time limit', async () => {
    const impatient = new MediaToolsRepository(file('scratch'), { timeoutMs: 300 });
    const { result, ms } = await timed(() => impatient.extractRgbaFrame(file('one-keyframe.mp4'), 'mov', 39.5, 64, 96));
    expect(result).toBeInstanceOf(MediaProbeError);
    expect((result as MediaProbeError).detail).toMatch(/timed out after 300 ms/);
    expect(ms).toBeLessThan(3_000);
    // The same frame with the ordinary limit: the file is valid, it just costs far more than 300 ms to reach.
    const patient = await timed(() => tools.extractRgbaFrame(file('one-keyframe.mp4'), 'mov', 39.5, 64, 96));
    expect(patient.result).toBeInstanceOf(Uint8Array);
    expect(patient.ms).toBeGreaterThan(300);
  }, 30_000);

  test('the CPU-time limit ends a tool that computes without end', async () => {
    // biome-ignore format: option pairs
    const endless = runMediaTool('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'mandelbrot=s=640x480', '-f', 'null', '-'], {
      timeoutMs: 60_000, maxCpuSeconds: 1,
    });
    const { result, ms } = await timed(() => endless);
    expect(result).toBeInstanceOf(FfmpegError);
    expect((result as FfmpegError).message).toMatch(/SIGXCPU|SIGKILL/);
    expect(ms).toBeLessThan(30_000);
  }, 60_000);

  test('every run left its scratch folder empty', async () => {
    expect(await readdir(file('scratch'))).toEqual([]);
  });
});
