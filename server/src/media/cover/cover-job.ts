import { join } from 'node:path';
import type { Logger } from 'pino';
import type { MediaVariant } from '../../db/schema.ts';
import type { JobRun } from '../../jobs/registry.ts';
import { MediaStatus } from '../../posts/post-status.ts';
import type { EventPublisher } from '../../realtime/events.ts';
import type { MediaRemovalService } from '../media-removal.service.ts';
import type { MediaToolsRepository } from '../probe.ts';
import { type RenderedStills, THUMBER_SIZES, videoStills } from '../processing/image-variants.ts';
import { asFailure, ProcessingFailure } from '../processing/processing-failure.ts';
import { posterSize, renditionKey } from '../processing/processing-steps.ts';
import { fetchToFile, type ScratchSpace } from '../processing/scratch-space.ts';
import type { Transcoder } from '../processing/transcoder.ts';
import { sniffFile } from '../sniff.ts';
import type { Storage } from '../storage.ts';
import { contentTypeOfKey } from '../storage-keys.ts';
import type { CoverJobRow, CoverRepository, VariantMerge } from './cover.repository.ts';
import { COVER_POST_STATES } from './cover-rules.ts';
import { pictureAsFrame } from './cover-stills.ts';

export interface CoverJobDeps {
  readonly repository: CoverRepository;
  readonly storage: Storage;
  readonly tools: MediaToolsRepository;
  readonly transcoder: Transcoder;
  readonly scratch: ScratchSpace;
  readonly removal: MediaRemovalService;
  readonly events?: EventPublisher;
  readonly log: Logger;
}

/** A frame this close to the end may not exist (the last frame starts before the duration): seek no later. */
const END_MARGIN_MS = 100;

/** The `/thumber/` stills (variant → file) keep their deterministic keys: media.routes.ts builds them from the name alone. */
const THUMBER_FILES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.keys(THUMBER_SIZES).flatMap((size) =>
    ['jpg', 'png'].map((format) => [`${size}-${format}`, `${size}-${format}.${format}`]),
  ),
);

/**
 * Job `media:cover {coverId}` (README.md beside this file). Renders the stills into the request's own folder,
 * switches the media row to them in one transaction, then copies the `/thumber/` stills over their fixed keys,
 * purges the old addresses from the CDN and deletes the old files. Each phase can run again after a crash:
 * before the switch nothing served has changed, after it the request is `applied` and only the clean-up is left.
 */
export class CoverJob {
  readonly #deps: CoverJobDeps;

  constructor(deps: CoverJobDeps) {
    this.#deps = deps;
  }

  async run(coverId: number, attempt: JobRun): Promise<void> {
    const cover = await this.#deps.repository.job(coverId);
    if (!cover) return;
    if (cover.state === 'queued' && !(await this.#render(cover, attempt))) return;
    if (cover.state === 'queued' || cover.state === 'applied') await this.#cleanUp(coverId);
  }

  /** Renders, stores and switches; false when the request ended without a switch (failed or superseded). */
  async #render(cover: CoverJobRow, attempt: JobRun): Promise<boolean> {
    const { repository, scratch, log } = this.#deps;
    if (await repository.hasNewerRequest(cover.id, cover.mediaId)) return this.#end(cover, 'superseded');
    if (cover.postDeleted || cover.postKind !== 'video' || !COVER_POST_STATES.includes(cover.postStatus)) {
      return this.#end(cover, 'failed', 'cover_post_withdrawn');
    }
    await scratch.sweepOrphans();
    const folder = await scratch.create(`cover${cover.id}`);
    try {
      const stills = await videoStills(await this.#frame(cover, folder.path));
      const merge = await this.#store(cover, stills);
      const outcome = await repository.apply(cover.id, merge, stills.placeholder, COVER_POST_STATES);
      if (outcome === 'superseded') return this.#end(cover, 'superseded');
      if (outcome === 'withdrawn') return this.#end(cover, 'failed', 'cover_post_withdrawn');
      log.info({ coverId: cover.id, mediaId: cover.mediaId }, 'cover applied');
      return true;
    } catch (error) {
      const failure = asFailure(error);
      if (!failure.permanent && attempt.attempts < attempt.maxAttempts) {
        log.warn({ coverId: cover.id, code: failure.code, detail: failure.detail }, 'cover will be retried');
        throw error;
      }
      log.warn({ coverId: cover.id, code: failure.code, detail: failure.detail }, 'cover failed');
      return this.#end(cover, 'failed', failure.code);
    } finally {
      await folder.remove();
    }
  }

  /** The poster frame as PNG bytes: from the original at the chosen time, or from the uploaded picture. */
  async #frame(cover: CoverJobRow, dir: string): Promise<Buffer> {
    const { storage, tools, transcoder } = this.#deps;
    const path = join(dir, 'source');
    const key = cover.source === 'image' ? cover.imageKey : cover.originalKey;
    if (!key || !(await fetchToFile(storage, key, path))) {
      throw new ProcessingFailure('media_original_missing', `cover ${cover.id} has no stored source`, { permanent: true });
    }
    const sniffed = await sniffFile(path);
    if (cover.source === 'image') {
      if (sniffed.kind !== 'image')
        throw new ProcessingFailure('not_video_or_image', `sniffed ${sniffed.kind}`, { permanent: true });
      await tools.probeImage(path, sniffed.format);
      const size = posterSize(cover.width ?? 0, cover.height ?? 0);
      return pictureAsFrame(path, size).catch((error: unknown) => {
        throw new ProcessingFailure('not_video_or_image', (error as Error).message, { permanent: true });
      });
    }
    if (sniffed.kind !== 'video')
      throw new ProcessingFailure('not_video_or_image', `sniffed ${sniffed.kind}`, { permanent: true });
    const probe = await tools.probeVideo(path, sniffed.container);
    const durationMs = Math.round(probe.durationSeconds * 1000);
    const seekMs = Math.max(0, Math.min(cover.timeMs ?? 0, durationMs - END_MARGIN_MS));
    const size = posterSize(probe.width, probe.height);
    return transcoder.stillFrame({ path, probe }, seekMs / 1000, size.width, size.height);
  }

  /**
   * Stores every still under the request's folder (new names nobody has fetched, so no cache holds them)
   * and answers how they fold into the media row. The `/thumber/` stills are staged there too and copied
   * over their fixed keys after the switch.
   */
  async #store(cover: CoverJobRow, stills: RenderedStills): Promise<VariantMerge> {
    const fresh: Record<string, MediaVariant> = {};
    for (const output of stills.outputs) {
      const variant = `${output.rendition}-${output.format}`;
      const staged = this.#stagedKey(cover, `${variant}.${output.format}`);
      await this.#deps.storage.put(staged, output.data);
      const thumber = THUMBER_FILES[variant];
      fresh[variant] = {
        key: thumber ? renditionKey(cover.name, thumber) : staged,
        mime: contentTypeOfKey(staged),
        width: output.width,
        height: output.height,
        bytes: output.data.length,
      };
    }
    return (current) => {
      const variants = { ...current, ...fresh };
      const named = new Set(Object.values(variants).map((variant) => variant.key));
      const retired = [...new Set(Object.values(current).map((variant) => variant.key))].filter((key) => !named.has(key));
      return { variants, retired };
    };
  }

  /** After the switch: thumber stills onto their fixed keys (while still current), CDN purge, old files deleted. */
  async #cleanUp(coverId: number): Promise<void> {
    const { repository, storage, removal } = this.#deps;
    const cover = await repository.job(coverId);
    if (cover?.state !== 'applied') return;
    const current = await repository.isCurrent(cover.id, cover.mediaId);
    const overwritten: string[] = [];
    const staged: string[] = [];
    for (const file of Object.values(THUMBER_FILES)) {
      const fixed = renditionKey(cover.name, file);
      const stagedKey = this.#stagedKey(cover, file);
      staged.push(stagedKey);
      const stream = current ? await storage.get(stagedKey) : undefined;
      if (!stream) continue;
      await storage.put(fixed, stream);
      overwritten.push(fixed);
    }
    const retired = [...cover.replacedKeys, ...staged, ...(cover.imageKey ? [cover.imageKey] : [])];
    await removal.retireFiles(cover.name, overwritten, retired);
    await repository.end(cover.id, 'done');
    await this.#deps.events
      ?.publish({
        type: 'media',
        userId: cover.ownerId,
        media: { id: cover.mediaId, name: cover.name, status: MediaStatus.refetch, postId: cover.postId },
      })
      .catch((error: unknown) => this.#deps.log.warn({ err: error, coverId }, 'media event not published'));
  }

  /** Ends a request that will not be applied; whatever it stored goes with its folder. */
  async #end(cover: CoverJobRow, state: 'failed' | 'superseded', error?: string): Promise<false> {
    await this.#deps.storage.deletePrefix(`media/${cover.name}/${cover.folder}/`);
    await this.#deps.repository.end(cover.id, state, error ?? null);
    return false;
  }

  #stagedKey(cover: CoverJobRow, file: string): string {
    return renditionKey(cover.name, `${cover.folder}/${file}`);
  }
}
