import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type Container, jobDeps } from '../../container.ts';
import { startWorker, type WorkerHandle } from '../../jobs/worker.ts';
import { MediaStatus, PostStatus } from '../../posts/post-status.ts';
import type { BusEvent, MediaUpdate } from '../../realtime/events.ts';
import { audioSource, type Palette, videoSource } from '../../seed/lavfi-sources.ts';
import { runFfmpeg } from '../ffmpeg.ts';
import { MediaToolsRepository } from '../probe.ts';
import type { Sniffed } from '../sniff.ts';

/**
 * Test support for the processing half of the media pipeline: lavfi clips, posts created the way ingest
 * creates them (rows, originals in storage, mime type from sniffing, displayed size from probing), and an
 * in-process worker with the container's dependencies.
 */

const PALETTE: Palette = ['#f6d365', '#fda085', '#6a3093', '#1e1e2f'];
const TUNE = { base: 220, tempo: 3, steps: [0, 4, 7, 12] };

export interface ClipOptions {
  readonly width: number;
  readonly height: number;
  readonly seconds: number;
  readonly fps?: number;
  /** Encoder options; x264 superfast yuv420p by default. */
  readonly codec?: readonly string[];
  readonly audio?: boolean;
  /** Extra output options, e.g. metadata to be stripped. */
  readonly extra?: readonly string[];
}

export const X264_FAST = ['-c:v', 'libx264', '-preset', 'superfast', '-crf', '26', '-pix_fmt', 'yuv420p'];

/** A clip of the demo's `drift` look (seed/lavfi-sources.ts) at any size, with its tune when `audio`. */
export async function makeClip(path: string, options: ClipOptions): Promise<string> {
  const { width, height, seconds, fps = 24, codec = X264_FAST, audio = true, extra = [] } = options;
  const look = `${videoSource('drift', PALETTE, 3)},scale=${width}:${height},fps=${fps}`;
  await runFfmpeg([
    ...['-y', '-f', 'lavfi', '-i', look],
    ...(audio ? ['-f', 'lavfi', '-i', audioSource(TUNE, seconds), '-map', '0:v', '-map', '1:a', '-c:a', 'aac'] : []),
    ...['-t', String(seconds), ...codec, ...extra, path],
  ]);
  return path;
}

type FileType = { readonly mime: string; readonly extension: string };
const FALLBACK: FileType = { mime: 'application/octet-stream', extension: 'bin' };
const MIME: Record<string, FileType> = {
  mov: { mime: 'video/mp4', extension: 'mp4' },
  matroska: { mime: 'video/webm', extension: 'webm' },
  jpeg: { mime: 'image/jpeg', extension: 'jpg' },
  png: { mime: 'image/png', extension: 'png' },
  webp: { mime: 'image/webp', extension: 'webp' },
  avif: { mime: 'image/avif', extension: 'avif' },
};

function typeOf(sniffed: Sniffed): FileType {
  if (sniffed.kind === 'video') return MIME[sniffed.container] ?? FALLBACK;
  if (sniffed.kind === 'image') return MIME[sniffed.format] ?? FALLBACK;
  return FALLBACK;
}

export interface UploadedMedia {
  readonly id: number;
  readonly name: string;
  readonly originalKey: string;
}

/**
 * A post as ingest leaves it before calling `schedule`: status created (1), one media row per file
 * (uploaded, 1) whose original is stored at `media/{name}/original.{ext}`. Files are not validated here, so
 * tests can hand in files the worker must refuse.
 */
export async function uploadedPost(
  container: Container,
  userId: number,
  files: readonly string[],
): Promise<{ postId: number; media: UploadedMedia[] }> {
  const scratch = await mkdtemp(join(container.config.dataDir, 'test-uploads-'));
  try {
    const tools = new MediaToolsRepository(scratch);
    const inspected = await Promise.all(files.map((file) => tools.inspect(file)));
    const kind = inspected.some((media) => media.sniffed.kind === 'image') ? 'images' : 'video';
    const stored = await Promise.all(
      files.map(async (file, position) => {
        const { mime, extension } = typeOf(inspected[position]!.sniffed);
        const name = randomBytes(15).toString('base64url');
        const key = `media/${name}/original.${extension}`;
        const { size } = await container.storage.putFile(key, file);
        return { name, key, mime, size, probed: inspected[position]! };
      }),
    );
    return await container.database.db.transaction().execute(async (trx) => {
      const post = await trx
        .insertInto('posts')
        .values({
          user_id: userId,
          kind,
          title: `processing test ${files.length}`,
          status: PostStatus.created,
          target_status: PostStatus.published,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const media: UploadedMedia[] = [];
      for (const [position, file] of stored.entries()) {
        const { probed } = file;
        const row = await trx
          .insertInto('media_files')
          .values({
            name: file.name,
            owner_id: userId,
            kind: kind === 'video' ? 'video' : 'image',
            mime_type: file.mime,
            status: MediaStatus.uploaded,
            width: probed.kind === 'rejected' ? null : probed.width,
            height: probed.kind === 'rejected' ? null : probed.height,
            duration_ms: probed.kind === 'video' ? Math.round(probed.durationSeconds * 1000) : null,
            size_bytes: file.size,
            original_key: file.key,
            post_id: post.id,
            position,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        media.push({ id: row.id, name: file.name, originalKey: file.key });
      }
      return { postId: post.id, media };
    });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * A worker in this process with everything the real one gets (`jobDeps`): it runs the app's crontab too,
 * so a recurring job due meanwhile (media:purge-orphan-originals at minute 23) must find what it needs.
 */
export function processingWorker(container: Container): Promise<WorkerHandle> {
  return startWorker(container.database.pool, jobDeps(container), 1, container.log);
}

/** Every `media` event the container's bus carries from now on. */
export function recordMediaEvents(container: Container): MediaUpdate[] {
  const seen: MediaUpdate[] = [];
  container.events.subscribe((event: BusEvent) => {
    if (event.type === 'media') seen.push(event.media);
  });
  return seen;
}

/** Polls the post's status until it is one of `statuses`, then answers it. */
export async function waitForPostStatus(container: Container, postId: number, statuses: readonly number[], timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status } = await container.database.db
      .selectFrom('posts')
      .select('status')
      .where('id', '=', postId)
      .executeTakeFirstOrThrow();
    if (statuses.includes(status)) return status;
    if (Date.now() > deadline) throw new Error(`post ${postId} still has status ${status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
