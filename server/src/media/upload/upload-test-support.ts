import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { PALETTES } from '../../seed/demo-data.ts';
import { audioSource, videoSource } from '../../seed/lavfi-sources.ts';
import { authAs, createVerifiedCreator } from '../../test/fixtures.ts';
import { type FormPart, multipart } from '../../test/multipart.ts';
import type { TestApp } from '../../test/test-app.ts';
import { runFfmpeg } from '../ffmpeg.ts';
import type { MediaProcessing } from '../processing/media-processing.ts';

/** The processing half as the upload tests see it: it only records which posts were scheduled. */
export function recordingProcessing(): MediaProcessing & { readonly scheduled: number[] } {
  const scheduled: number[] = [];
  return {
    scheduled,
    async schedule(postId) {
      scheduled.push(postId);
    },
  };
}

const x264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '40k'];

/**
 * A plain clip from lavfi at 10 fps: `seconds` of frames at exactly that size (odd sizes through 4:4:4,
 * which H.264 allows). `webm-stream` writes WebM through a pipe, so its header states no duration, as a
 * browser's MediaRecorder leaves it.
 */
export async function clip(
  path: string,
  width: number,
  height: number,
  seconds: number,
  format: 'mp4' | 'webm-stream' = 'mp4',
): Promise<void> {
  const pixels = width % 2 || height % 2 ? ',format=yuv444p' : ',format=yuv420p';
  const source = ['-f', 'lavfi', '-i', `color=c=teal:s=${width}x${height}:r=10:d=${seconds}${pixels}`];
  if (format === 'mp4') {
    await runFfmpeg(['-y', ...source, ...x264, path]);
    return;
  }
  const webm = await runFfmpeg([...source, '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-f', 'webm', 'pipe:1']);
  await writeFile(path, webm);
}

/** A demo-look clip with a tune (seed/lavfi-sources.ts), 540x960 like the demo's. */
export async function demoClip(path: string, seconds: number): Promise<void> {
  // biome-ignore format: option pairs
  await runFfmpeg([
    '-y', '-f', 'lavfi', '-i', videoSource('bars', PALETTES.neon, 2),
    '-f', 'lavfi', '-i', audioSource({ base: 220, tempo: 4, steps: [0, 4, 7] }, seconds),
    '-t', String(seconds), ...x264, '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', path,
  ]);
}

/** A flat picture of the given size, in the format its extension names (jpg, png, webp or gif). */
export async function picture(path: string, width: number, height: number): Promise<void> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
  const format = path.slice(path.lastIndexOf('.') + 1) as 'jpg' | 'png' | 'webp' | 'gif';
  await image.toFormat(format === 'jpg' ? 'jpeg' : format).toFile(path);
}

/**
 * An uploader: a fresh verified creator (UPLOADS_REQUIRE_VERIFICATION; type 3 by default, which may post
 * images), a live upload token and their auth header.
 */
export async function uploader(t: TestApp, type: 3 | 5 | 6 = 3) {
  const user = await createVerifiedCreator(t.container.database.db, { type });
  const headers = await authAs(t, user.id);
  const token = await t.request({ method: 'GET', url: '/api/media/uptoken', headers });
  return { id: user.id, headers, upToken: token.body.upToken as string };
}

export type Uploader = Awaited<ReturnType<typeof uploader>>;

/** Posts a form to upload-preprocess: the given fields first, then each file as a `file` part. */
export async function upload(t: TestApp, as: Uploader, files: readonly (string | Buffer)[], fields: Record<string, string> = {}) {
  const values = { purpose: files.length > 1 ? 'post-multi' : 'post', upToken: as.upToken, ...fields };
  const parts: FormPart[] = Object.entries(values).map(([name, value]) => ({ name, value }));
  for (const file of files) {
    parts.push({ name: 'file', value: typeof file === 'string' ? await readFile(file) : file, filename: 'upload.bin' });
  }
  const body = multipart(parts);
  const response = await t.request({
    method: 'POST',
    url: '/media-api/upload-preprocess',
    headers: { ...as.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
  return response.body;
}

/** Every file left under a folder, recursively (an empty list when the folder does not exist). */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}
