import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../http/errors.ts';
import { mediaUrl } from '../../posts/post-card.ts';
import type { MediaToolsRepository } from '../probe.ts';
import type { ScratchSpace } from '../processing/scratch-space.ts';
import type { ImageFormat } from '../sniff.ts';
import type { Storage } from '../storage.ts';
import type { CoverJobSpec, CoverRepository, CoverRequestRow, StudioVideo } from './cover.repository.ts';
import { coverRefusal } from './cover-rules.ts';
import type { CoverRequestView, CoverView } from './cover-schema.ts';
import { checkCoverPicture, coverImageFormat } from './cover-stills.ts';

/** graphile-worker attempts of one `media:cover` job. */
export const COVER_MAX_ATTEMPTS = 3;
/**
 * A request still queued this long after it was made is reported failed: its job spent its attempts in a
 * worker that died. The owner may simply choose again; a newer request always wins.
 */
export const COVER_PENDING_GIVE_UP_MS = 15 * 60_000;

const EXTENSIONS: Readonly<Record<ImageFormat, string>> = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif' };

/** One job at a time per media file, so two requests never clean up over each other. */
const coverJob = (mediaId: number): CoverJobSpec => ({ queueName: `media-cover:${mediaId}`, maxAttempts: COVER_MAX_ATTEMPTS });
/** Each request renders into a folder of its own, under names no cache has seen. */
const newFolder = () => `cover-${randomBytes(9).toString('base64url')}`;

type ReadyVideo = StudioVideo & { readonly media: NonNullable<StudioVideo['media']> };

export interface CoverServiceDeps {
  readonly repository: CoverRepository;
  readonly storage: Storage;
  /** Hardened probes with the cover's pixel limit (cover-stills.ts). */
  readonly tools: MediaToolsRepository;
  readonly scratch: ScratchSpace;
}

/** The studio's cover tab: what the owner sees, and a request from a moment of the video or from a picture. */
export class CoverService {
  readonly #deps: CoverServiceDeps;

  constructor(deps: CoverServiceDeps) {
    this.#deps = deps;
  }

  async view(ownerId: number, postId: number): Promise<CoverView> {
    return this.#view(await this.#video(ownerId, postId));
  }

  /** A moment of the video (0 ≤ time < duration) becomes the cover once the job has run. */
  async chooseFrame(ownerId: number, postId: number, timeMs: number): Promise<CoverView> {
    const video = await this.#video(ownerId, postId);
    if (timeMs >= (video.media.durationMs ?? 0)) {
      throw new AppError('cover_time_out_of_range', {
        details: [{ field: 'body/timeMs', problem: `must be below ${video.media.durationMs}` }],
      });
    }
    const { id: mediaId } = video.media;
    await this.#deps.repository.request({ mediaId, source: 'frame', timeMs, folder: newFolder() }, coverJob(mediaId));
    return this.#view(video);
  }

  /**
   * A picture becomes the cover once the job has run. Its type comes from its bytes, its header is checked
   * against the pixel limit and it is decoded once before it is stored; it is never served itself.
   */
  async chooseImage(ownerId: number, postId: number, picture: Buffer): Promise<CoverView> {
    const video = await this.#video(ownerId, postId);
    const format = coverImageFormat(picture);
    const scratch = await this.#deps.scratch.create('cover-upload');
    try {
      const path = join(scratch.path, 'picture');
      await writeFile(path, picture);
      await checkCoverPicture(this.#deps.tools, path, format);
      const folder = newFolder();
      // `original.*` is never served under /media/ (media.routes.ts).
      const imageKey = `media/${video.media.name}/${folder}/original.${EXTENSIONS[format]}`;
      await this.#deps.storage.putFile(imageKey, path);
      const { id: mediaId } = video.media;
      await this.#deps.repository.request({ mediaId, source: 'image', imageKey, folder }, coverJob(mediaId));
    } finally {
      await scratch.remove();
    }
    return this.#view(video);
  }

  async #video(ownerId: number, postId: number): Promise<ReadyVideo> {
    const video = await this.#deps.repository.studioVideo(ownerId, postId);
    if (!video) throw new AppError('not_found');
    const refusal = coverRefusal(video);
    if (refusal || !video.media) throw new AppError(refusal ?? 'cover_post_not_ready');
    return video as ReadyVideo;
  }

  async #view(video: ReadyVideo): Promise<CoverView> {
    const { media } = video;
    const latest = await this.#deps.repository.latestRequest(media.id);
    const url = (name: string) => {
      const variant = media.variants[name];
      return variant ? mediaUrl(variant.key) : undefined;
    };
    const mp4 = Object.entries(media.variants)
      .filter(([, variant]) => variant.mime === 'video/mp4')
      .sort(([, a], [, b]) => (a.height ?? 0) - (b.height ?? 0))[0];
    if (!mp4) throw new AppError('cover_post_not_ready');
    return {
      postId: video.postId,
      mediaId: media.id,
      durationMs: media.durationMs ?? 0,
      width: media.width ?? mp4[1].width ?? 1,
      height: media.height ?? mp4[1].height ?? 1,
      video: mediaUrl(mp4[1].key),
      poster: { webp: url('poster-webp'), jpg: url('poster-jpg') },
      listing: { webp: url('listing-webp'), jpg: url('listing-jpg') },
      placeholder: media.placeholder,
      request: latest ? requestView(latest) : null,
    };
  }
}

function requestView(row: CoverRequestRow): CoverRequestView {
  const abandoned = row.state === 'queued' && Date.now() - row.createdAt.getTime() > COVER_PENDING_GIVE_UP_MS;
  const status = row.state === 'failed' || abandoned ? 'failed' : row.state === 'queued' ? 'pending' : 'done';
  return {
    id: row.id,
    source: row.source,
    timeMs: row.timeMs,
    status,
    error: status === 'failed' ? (row.error ?? 'media_processing_failed') : null,
  };
}
