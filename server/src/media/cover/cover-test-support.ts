import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import type { JobRun } from '../../jobs/registry.ts';
import type { EventPublisher } from '../../realtime/events.ts';
import type { TestApp } from '../../test/test-app.ts';
import type { CdnPurger } from '../cdn-purger.ts';
import { runFfmpeg } from '../ffmpeg.ts';
import { MediaRemovalService } from '../media-removal.service.ts';
import { uploadedPost } from '../processing/test-uploads.ts';
import type { Storage } from '../storage.ts';
import { createCoverServices } from './cover-services.ts';

/**
 * Test support for cover frames: a video whose colour says the time (red 0–2 s, green 2–4 s, blue 4–6 s),
 * processed by the real pipeline, and the job run in-process with doubles where a test needs them.
 */

export const CLIP_SIZE = { width: 480, height: 854 } as const;
export const COLOUR_AT = { red: 1000, green: 3000, blue: 5000 } as const;
export type Colour = keyof typeof COLOUR_AT | 'magenta';

/** Six seconds of solid colour, two per colour, as H.264 in MP4 (made by ffmpeg's lavfi, like every test clip). */
export async function colourClip(dir: string): Promise<string> {
  const path = join(dir, 'colours.mp4');
  const { width, height } = CLIP_SIZE;
  const inputs = ['0xFF0000', '0x00FF00', '0x0000FF'].flatMap((colour) => [
    '-f',
    'lavfi',
    '-i',
    `color=c=${colour}:s=${width}x${height}:r=24:d=2`,
  ]);
  // biome-ignore format: option pairs
  await runFfmpeg([
    '-y', ...inputs, '-filter_complex', '[0][1][2]concat=n=3:v=1:a=0,format=yuv420p',
    '-c:v', 'libx264', '-preset', 'superfast', '-crf', '26', path,
  ]);
  return path;
}

/** A published video post of `userId` made from the colour clip by the real processing job. */
export async function processedColourPost(t: TestApp, userId: number, dir: string) {
  const { postId, media } = await uploadedPost(t.container, userId, [await colourClip(dir)]);
  await t.container.services.processing.schedule(postId);
  await t.container.services.processing.process(postId, { attempts: 1, maxAttempts: 1 });
  const [video] = media;
  if (!video) throw new Error('no media');
  return { postId, mediaId: video.id, name: video.name };
}

export async function storedBytes(storage: Storage, key: string): Promise<Buffer | undefined> {
  const stream = await storage.get(key);
  return stream ? buffer(stream) : undefined;
}

/** The colour a still shows, from its mean channels: one channel high and the others low. */
export async function colourOf(image: Buffer): Promise<Colour | 'other'> {
  const [r, g, b] = (await sharp(image).removeAlpha().stats()).channels.map((channel) => channel.mean);
  const high = (value = 0) => value > 170;
  const low = (value = 0) => value < 80;
  if (high(r) && low(g) && low(b)) return 'red';
  if (low(r) && high(g) && low(b)) return 'green';
  if (low(r) && low(g) && high(b)) return 'blue';
  if (high(r) && low(g) && high(b)) return 'magenta';
  return 'other';
}

export interface CoverJobDoubles {
  readonly storage?: Storage;
  readonly purger?: CdnPurger;
  readonly events?: EventPublisher;
}

/** Runs the job `media:cover` of a request in-process, with the container's parts or the doubles given. */
export function runCoverJob(t: TestApp, coverId: number, run: JobRun, doubles: CoverJobDoubles = {}): Promise<void> {
  const { config, database, log } = t.container;
  const storage = doubles.storage ?? t.container.storage;
  const purger = doubles.purger ?? { purge: async () => {} };
  const removal = new MediaRemovalService(storage, purger, config.http.baseUrl);
  const events = doubles.events ?? t.container.events;
  const { job } = createCoverServices({ config, db: database.db, storage, removal, events, log });
  return job.run(coverId, run);
}

/** A CDN double that remembers every address it was asked to purge. */
export function recordingPurger(): CdnPurger & { readonly urls: string[] } {
  const urls: string[] = [];
  return { urls, purge: async (batch) => void urls.push(...batch) };
}

/** The storage with `put` failing from the `okPuts + 1`-th call on: a worker dying half-way through storing. */
export function storageFailingAfter(storage: Storage, okPuts: number): Storage {
  let puts = 0;
  const failing = () => {
    puts += 1;
    if (puts > okPuts) throw new Error('storage went away');
  };
  return {
    put: async (key, body) => {
      failing();
      return storage.put(key, body);
    },
    putFile: async (key, path) => {
      failing();
      return storage.putFile(key, path);
    },
    get: (key, range) => storage.get(key, range),
    stat: (key) => storage.stat(key),
    exists: (key) => storage.exists(key),
    delete: (key) => storage.delete(key),
    list: (prefix) => storage.list(prefix),
    deletePrefix: (prefix) => storage.deletePrefix(prefix),
  };
}
