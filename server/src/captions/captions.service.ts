import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import type { Storage } from '../media/storage.ts';
import { mediaUrl } from '../posts/post-card.ts';
import { languages } from '../settings/languages.ts';
import type { CaptionLimits } from './caption-parser.ts';
import { parseCaptions, writeWebVtt } from './caption-parser.ts';
import { decodeCaptionBytes } from './caption-text.ts';
import type { CaptionedVideo, CaptionRow, CaptionsRepository } from './captions.repository.ts';
import type { CaptionSummary } from './captions.schemas.ts';
import { subtitlePlaylist, withSubtitleRenditions } from './hls-subtitles.ts';

/** Media ready to play (media/processing/README.md "States"). */
const MEDIA_READY = 10;
/** Cues shown as a preview in the studio. */
const PREVIEW_CUES = 3;
const labels = new Map(languages.map((language) => [language.code, language.name]));

/** Where a caption's files live: inside its video's media folder, so access rules and takedowns cover them. */
export function captionKeys(mediaName: string, fileName: string) {
  return {
    vtt: `media/${mediaName}/captions/${fileName}`,
    playlist: `media/${mediaName}/hls/subs/${fileName.replace(/\.vtt$/, '.m3u8')}`,
    /** The subtitle playlist as the master playlist (in `hls/`) names it. */
    playlistUri: `subs/${fileName.replace(/\.vtt$/, '.m3u8')}`,
  };
}

/**
 * Captions of a creator's video posts (captions/README.md): upload (WebVTT or SRT, checked and written
 * again as clean WebVTT), replace, delete, list. Each change stores the new files first, then in one
 * transaction holding the video's lock updates the row, the post's search text, the `caption-{language}`
 * variant and the HLS master playlist, and enqueues the CDN purge and deletion of what it replaced.
 */
export class CaptionsService {
  readonly #repository: CaptionsRepository;
  readonly #storage: Storage;
  readonly #limits: CaptionLimits;

  constructor(repository: CaptionsRepository, storage: Storage, limits: CaptionLimits) {
    this.#repository = repository;
    this.#storage = storage;
    this.#limits = limits;
  }

  get limits(): CaptionLimits {
    return this.#limits;
  }

  async list(ownerId: number, postId: number): Promise<CaptionSummary[]> {
    const video = await this.#repository.findOwnedVideo(postId, ownerId);
    if (!video) throw new AppError('not_found');
    const rows = await this.#repository.list(postId);
    return rows.map((row) => summary(video, row));
  }

  async upload(ownerId: number, postId: number, language: string, bytes: Buffer): Promise<CaptionSummary> {
    const video = await this.#repository.findOwnedVideo(postId, ownerId);
    if (!video) throw new AppError('not_found');
    assertCaptionable(video);
    if (bytes.length > this.#limits.maxBytes) {
      throw new AppError('caption_too_large', {
        details: [{ field: 'file', problem: `more than ${this.#limits.maxBytes} bytes` }],
      });
    }
    const { cues } = parseCaptions(decodeCaptionBytes(bytes), this.#limits, video.durationMs);
    const vtt = Buffer.from(writeWebVtt(cues), 'utf8');
    const fileName = `${language}.${randomBytes(9).toString('base64url')}.vtt`;
    const keys = captionKeys(video.mediaName, fileName);
    const durationSeconds = (video.durationMs ?? cues.at(-1)?.endMs ?? 1000) / 1000;
    await this.#storage.put(keys.vtt, vtt);
    await this.#storage.put(keys.playlist, Buffer.from(subtitlePlaylist(`../../captions/${fileName}`, durationSeconds)));
    const caption = {
      language,
      label: labels.get(language) ?? language,
      fileName,
      cueText: cues.map((cue) => cue.plain).join('\n'),
      cueCount: cues.length,
      sizeBytes: vtt.length,
    };
    try {
      const changed = await this.#repository.changeLocked(postId, ownerId, async (trx, locked) => {
        assertCaptionable(locked);
        const previous = await this.#repository.upsert(trx, locked, caption, keys.vtt, vtt.length);
        await this.#rewriteMaster(trx, locked, previous ? [previous] : []);
        return (await this.#repository.list(postId, trx)).find((row) => row.language === language);
      });
      if (!changed?.result) throw new AppError('not_found');
      return summary(video, changed.result);
    } catch (error) {
      await Promise.all([this.#storage.delete(keys.vtt), this.#storage.delete(keys.playlist)]).catch(() => undefined);
      throw error;
    }
  }

  async remove(ownerId: number, postId: number, language: string): Promise<void> {
    const changed = await this.#repository.changeLocked(postId, ownerId, async (trx, video) => {
      const removed = await this.#repository.remove(trx, video, language);
      if (removed) await this.#rewriteMaster(trx, video, [removed]);
      return removed;
    });
    if (!changed?.result) throw new AppError('not_found');
  }

  /**
   * Writes the master playlist with the post's captions as they now are, and enqueues the purge of its
   * cached copies and of the replaced files, which are deleted after the CDN let go of them.
   */
  async #rewriteMaster(trx: Transaction<Database>, video: CaptionedVideo, replaced: readonly string[]) {
    const masterKey = video.masterKey;
    if (!masterKey) throw new AppError('captions_need_video');
    const stream = await this.#storage.get(masterKey);
    if (!stream) throw new AppError('captions_need_video');
    const master = await readText(stream);
    const rows = await this.#repository.list(video.postId, trx);
    const renditions = rows.map((row) => ({
      language: row.language,
      label: row.label,
      uri: captionKeys(video.mediaName, row.fileName).playlistUri,
    }));
    await this.#storage.put(masterKey, Buffer.from(withSubtitleRenditions(master, renditions), 'utf8'));
    const retired = replaced.flatMap((fileName) => {
      const keys = captionKeys(video.mediaName, fileName);
      return [keys.vtt, keys.playlist];
    });
    await this.#repository.retireFiles(trx, [masterKey, ...retired], retired);
  }
}

function assertCaptionable(video: CaptionedVideo): void {
  if (video.kind !== 'video' || video.mediaStatus !== MEDIA_READY || !video.masterKey) {
    throw new AppError('captions_need_video');
  }
}

async function readText(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

function summary(video: CaptionedVideo, row: CaptionRow): CaptionSummary {
  return {
    language: row.language,
    label: row.label,
    cueCount: row.cueCount,
    bytes: row.sizeBytes,
    url: mediaUrl(captionKeys(video.mediaName, row.fileName).vtt),
    preview: row.cueText.split('\n').slice(0, PREVIEW_CUES),
    updatedAt: row.updatedAt.toISOString(),
  };
}
