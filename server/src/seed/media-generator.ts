import { join } from 'node:path';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import type { MediaVariant } from '../db/schema.ts';
import { runFfmpeg } from '../media/ffmpeg.ts';
import { mediaName } from '../media/media-name.ts';
import type { Storage } from '../media/storage.ts';
import { audioSource, CLIP_HEIGHT, CLIP_WIDTH, type Melody, type Palette, type VideoLook, videoSource } from './lavfi-sources.ts';

/** One stored media file, ready to become a `media_files` row (a post's: just its original, no variants yet). */
export interface GeneratedMedia {
  readonly name: string;
  readonly kind: 'video' | 'image' | 'audio';
  readonly mimeType: string;
  readonly width: number | null;
  readonly height: number | null;
  readonly durationMs: number | null;
  readonly sizeBytes: number;
  readonly originalKey: string;
  readonly variants: Record<string, MediaVariant>;
}

export interface ClipSpec {
  readonly look: VideoLook;
  readonly palette: Palette;
  readonly variant: number;
  readonly seconds: number;
  readonly melody: Melody;
}

type RawImage = { data: Buffer; info: OutputInfo };

const AVATAR_SIZES = { small: 64, medium: 128, retina: 256 } as const;
const SOUND_SECONDS = 15;
/**
 * Keeps the originals (measured at most 2.3 Mbit/s) under the 540 rung's remux ceiling of 3 Mbit/s
 * (media/processing/ladder.ts): an original that already is that rung is copied by the pipeline instead of
 * encoded again, which keeps the first start short.
 */
const CLIP_MAX_BITRATE = 1_500_000;

const keyOf = (name: string, rendition: string, extension: string) => `media/${name}/${rendition}.${extension}`;

/**
 * Generates demo media locally (ffmpeg lavfi sources, sharp for pictures) and stores it through the Storage
 * interface. Posts get only what a creator would upload (the original, which the media pipeline turns into
 * renditions); avatars and library sounds, which are no posts, get their renditions here. Remembers what it
 * stored so a failed seed can take it back.
 */
export class DemoMediaGenerator {
  readonly #storage: Storage;
  readonly #workDir: string;
  readonly #stored: string[] = [];

  constructor(storage: Storage, workDir: string) {
    this.#storage = storage;
    this.#workDir = workDir;
  }

  /** The uploaded original of a video post: an H.264 High/AAC MP4 with faststart, as a phone records it. */
  async video(clip: ClipSpec): Promise<GeneratedMedia> {
    const name = mediaName();
    const file = join(this.#workDir, `${name}.mp4`);
    // biome-ignore format: option pairs
    await runFfmpeg([
      '-f', 'lavfi', '-i', videoSource(clip.look, clip.palette, clip.variant),
      '-f', 'lavfi', '-i', audioSource(clip.melody, clip.seconds),
      '-t', String(clip.seconds), '-map', '0:v', '-map', '1:a',
      // superfast: a fifth less CPU than veryfast for slightly larger files, which matters more on a first start.
      '-c:v', 'libx264', '-preset', 'superfast', '-crf', '27', '-profile:v', 'high', '-g', '48', '-pix_fmt', 'yuv420p',
      '-maxrate', String(CLIP_MAX_BITRATE), '-bufsize', String(CLIP_MAX_BITRATE * 2),
      '-c:a', 'aac', '-b:a', '96k', '-movflags', '+faststart', '-y', file,
    ]);
    const key = keyOf(name, 'original', 'mp4');
    const { size } = await this.#storeFile(key, file);
    return {
      name,
      kind: 'video',
      mimeType: 'video/mp4',
      width: CLIP_WIDTH,
      height: CLIP_HEIGHT,
      durationMs: clip.seconds * 1000,
      sizeBytes: size,
      originalKey: key,
      variants: {},
    };
  }

  /** One uploaded picture of an image post: the SVG (drawn at width x height) as a camera-quality JPEG. */
  async image(svg: string, width: number, height: number): Promise<GeneratedMedia> {
    const name = mediaName();
    const bytes = await sharp(Buffer.from(svg)).removeAlpha().jpeg({ quality: 90 }).toBuffer();
    const key = keyOf(name, 'original', 'jpg');
    await this.#storeBytes(key, bytes);
    return {
      name,
      kind: 'image',
      mimeType: 'image/jpeg',
      width,
      height,
      durationMs: null,
      sizeBytes: bytes.length,
      originalKey: key,
      variants: {},
    };
  }

  async avatar(svg: string): Promise<GeneratedMedia> {
    const name = mediaName();
    const source = await raw(sharp(Buffer.from(svg)));
    const entries = await Promise.all(
      Object.entries(AVATAR_SIZES).flatMap(([size, pixels]) =>
        (['jpg', 'webp'] as const).map((format) =>
          this.#storeImage(name, `avatar-${size}-${format}`, source, pixels, pixels, format),
        ),
      ),
    );
    const variants = Object.fromEntries(entries);
    const original = variants['avatar-retina-jpg'] as MediaVariant;
    return {
      name,
      kind: 'image',
      mimeType: 'image/jpeg',
      width: AVATAR_SIZES.retina,
      height: AVATAR_SIZES.retina,
      durationMs: null,
      sizeBytes: original.bytes ?? 0,
      originalKey: original.key,
      variants,
    };
  }

  /** A 15 s AAC tune in an M4A file, as the sound library offers for image posts. */
  async sound(melody: Melody): Promise<GeneratedMedia> {
    const name = mediaName();
    const file = join(this.#workDir, `${name}.m4a`);
    await runFfmpeg([
      ...['-f', 'lavfi', '-i', audioSource(melody, SOUND_SECONDS), '-t', String(SOUND_SECONDS)],
      ...['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', '-y', file],
    ]);
    const key = keyOf(name, 'm4a', 'm4a');
    const { size } = await this.#storeFile(key, file);
    return {
      name,
      kind: 'audio',
      mimeType: 'audio/mp4',
      width: null,
      height: null,
      durationMs: SOUND_SECONDS * 1000,
      sizeBytes: size,
      originalKey: key,
      variants: { m4a: { key, mime: 'audio/mp4', bytes: size } },
    };
  }

  /** Deletes everything stored so far; used when the seed's transaction does not commit. */
  async discard(): Promise<void> {
    await Promise.all(this.#stored.splice(0).map((key) => this.#storage.delete(key)));
  }

  async #storeImage(name: string, rendition: string, source: RawImage, width: number, height: number, format: 'jpg' | 'webp') {
    const resized = sharp(source.data, { raw: source.info }).resize(width, height, { fit: 'cover' });
    const bytes = await (format === 'jpg'
      ? resized.jpeg({ quality: 82, progressive: true })
      : resized.webp({ quality: 78, effort: 2 })
    ).toBuffer();
    const key = keyOf(name, rendition, format);
    await this.#storeBytes(key, bytes);
    const variant: MediaVariant = {
      key,
      mime: format === 'jpg' ? 'image/jpeg' : 'image/webp',
      width,
      height,
      bytes: bytes.length,
    };
    return [rendition, variant] as const;
  }

  async #storeBytes(key: string, bytes: Buffer) {
    await this.#storage.put(key, bytes);
    this.#stored.push(key);
  }

  async #storeFile(key: string, file: string) {
    const stored = await this.#storage.putFile(key, file);
    this.#stored.push(key);
    return stored;
  }
}

async function raw(image: Sharp): Promise<RawImage> {
  return image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
}
