import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Logger } from 'pino';
import type { ManifestService } from '../../compliance/performers/manifest.service.ts';
import { sha256OfFile } from '../../compliance/performers/media-digests.ts';
import type { UploaderGate } from '../../compliance/verification/uploader-gate.ts';
import type { ContentScreen } from '../../enforcement/watched-words.ts';
import { AppError } from '../../http/errors.ts';
import { PostStatus } from '../../posts/post-status.ts';
import { mediaName } from '../media-name.ts';
import { storedTypeOf } from '../media-type.ts';
import type { InspectedMedia, MediaToolsRepository } from '../probe.ts';
import type { MediaProcessing } from '../processing/media-processing.ts';
import type { Storage } from '../storage.ts';
import {
  checkUpload,
  imageInRatioRange,
  type UploadErrorCode,
  type UploadLimits,
  type UploadWarningCode,
  uploadPurpose,
} from '../upload-rules.ts';
import type { Clip, ClipTools } from './clips.ts';
import {
  type CreatedPost,
  type MediaDraft,
  type MediaIngestRepository,
  type PostDraft,
  ScraperJobTaken,
  type Uploader,
} from './media-ingest.repository.ts';
import { parseTags, parseUploadFields } from './upload-fields.ts';
import type { UploadQuota, UploadSlot } from './upload-quota.ts';
import { receiveUpload, type UploadPart } from './upload-receiver.ts';
import { UploadScratch } from './upload-scratch.ts';
import type { UploadTokenService } from './upload-tokens.service.ts';

export interface UploadServiceDeps {
  readonly tokens: UploadTokenService;
  /** Only verified creators upload or import (UPLOADS_REQUIRE_VERIFICATION). */
  readonly gate: UploaderGate;
  readonly quota: UploadQuota;
  readonly repository: MediaIngestRepository;
  readonly storage: Storage;
  readonly tools: MediaToolsRepository;
  readonly clips: ClipTools;
  readonly processing: MediaProcessing;
  readonly limits: UploadLimits;
  /** Each upload gets a folder of its own under this one, removed when the upload ends. */
  readonly scratchRoot: string;
  readonly log: Logger;
  /** Watched words (enforcement/): a title or tag that is refused, or that holds the post for review. */
  readonly screen?: Pick<ContentScreen, 'screenPost' | 'holdPost'>;
  /** Performer manifests (compliance/performers/): a verified creator is recorded on each new post, with its files' SHA-256. */
  readonly manifests?: () => Pick<ManifestService, 'recordCreator'>;
}

export interface UploadResult extends CreatedPost {
  readonly warnings: UploadWarningCode[];
}

/** A journal row older than this names an original whose upload died: no upload stores for that long. */
export const ORPHAN_AFTER_SECONDS = 3600;
/** A post still `created` this long after its upload was never scheduled (the process died in between). */
export const UNSCHEDULED_AFTER_SECONDS = 600;

/** A checked file ready to be stored as a post's original. */
interface Prepared {
  readonly path: string;
  readonly media: InspectedMedia & { kind: 'video' | 'image' };
}

const refused = (errors: readonly UploadErrorCode[]) =>
  new AppError(errors[0] as UploadErrorCode, { details: errors.map((problem) => ({ problem })) });

/** The post orientation when the upload names none: the uploader's preference, or straight when it is "all". */
const defaultOrientation = (uploader: Uploader) => ([1, 2, 3].includes(uploader.lgbtPreference) ? uploader.lgbtPreference : 1);

/**
 * The ingest half of the media pipeline (media/README.md "Ingest"): an upload or a URL import becomes a post
 * in status created with its originals in storage, then `MediaProcessing.schedule` takes over. Files are
 * judged by content only: sniffed, probed by the hardened tools, then by the rules of upload-rules.ts.
 */
export class UploadService {
  readonly #deps: UploadServiceDeps;

  constructor(deps: UploadServiceDeps) {
    this.#deps = deps;
  }

  /** GET /api/media/uptoken asks first: `upload_quota_exceeded` with Retry-After when today's bytes are spent. */
  async assertRoom(userId: number): Promise<void> {
    await this.#deps.quota.assertRoom(userId);
  }

  /** POST /media-api/upload-preprocess. */
  async upload(userId: number, parts: AsyncIterable<UploadPart>): Promise<UploadResult> {
    const { tokens, quota, limits, log, gate } = this.#deps;
    // Before a byte of the body is read: the refusal closes the connection (upload.routes.ts).
    await gate.assertMayUpload(userId);
    const scratch = await UploadScratch.create(this.#deps.scratchRoot);
    let slot: UploadSlot | undefined;
    try {
      let tokenChecked = false;
      const received = await receiveUpload(parts, scratch, limits, async (fields) => {
        await tokens.assertValid(userId, fields.get('upToken'));
        tokenChecked = true;
        slot = await quota.start(userId);
        return slot.allowanceBytes;
      });
      if (!tokenChecked) await tokens.assertValid(userId, received.fields.get('upToken'));
      const form = parseUploadFields(received.fields);
      if (received.files.length === 0) throw new AppError('no_files');
      if (form.purpose !== uploadPurpose(received.files.length)) {
        throw new AppError('invalid_input', { details: [{ field: 'body/purpose', problem: 'post-multi is for several files' }] });
      }
      const tags = parseTags(form.tags);
      const held = this.#deps.screen?.screenPost({ title: form.title, tags }) ?? false;
      const uploader = await this.#uploader(userId);
      const scraperJobId = await this.#scraperJobOf(userId, form.scraperUId, form.scraperJob);
      const clips = form.clips === '1';
      log.info(
        { userId, files: received.files.length, clips, recorded: form.recorded === '1', device: form.device },
        'upload received',
      );
      const prepared = await this.#prepare(
        received.files.map((file) => file.path),
        clips,
        uploader,
        scratch,
      );
      const created = await this.#createPost(userId, prepared.media, {
        title: form.title?.trim() ?? '',
        tags,
        lgbt: form.lgbt ? Number(form.lgbt) : defaultOrientation(uploader),
        scraperJobId,
        targetStatus: form.draft === '1' ? PostStatus.draft : undefined,
        held,
      }).catch((error: unknown) => {
        // Another upload completed the same URL import meanwhile.
        throw error instanceof ScraperJobTaken ? new AppError('conflict') : error;
      });
      return { ...created, warnings: prepared.warnings };
    } finally {
      try {
        await scratch.remove();
      } finally {
        // After the post's commit, so its stored bytes count before the reservation goes.
        await slot?.release();
      }
    }
  }

  /**
   * A URL import's downloaded file (scraper/media-ingest.ts): the same checks and post as an upload, linked
   * to its job. A job that already has its post (a retry after a crash) gets that post back.
   */
  async ingestFile(userId: number, path: string, scraperJobUid: string): Promise<CreatedPost> {
    const { repository, gate } = this.#deps;
    await gate.assertMayUpload(userId);
    const job = await repository.scraperJob(userId, { uid: scraperJobUid });
    if (!job) throw new AppError('not_found');
    if (job.postId !== null) return { postId: job.postId, media: await repository.mediaOf(job.postId) };
    const uploader = await this.#uploader(userId);
    const scratch = await UploadScratch.create(this.#deps.scratchRoot);
    let slot: UploadSlot | undefined;
    try {
      // A download is held to the day's upload bytes as an upload is, before any work is done on it.
      slot = await this.#deps.quota.reserve(userId, (await stat(path)).size);
      const prepared = await this.#prepare([path], false, uploader, scratch);
      return await this.#createPost(userId, prepared.media, {
        title: '',
        tags: [],
        lgbt: defaultOrientation(uploader),
        scraperJobId: job.id,
        // Nothing fetched from elsewhere goes public unseen: its owner titles and publishes it in the composer.
        targetStatus: PostStatus.private,
        held: false,
      });
    } catch (error) {
      if (!(error instanceof ScraperJobTaken)) throw error;
      const taken = await repository.scraperJob(userId, { uid: scraperJobUid });
      if (!taken?.postId) throw error;
      return { postId: taken.postId, media: await repository.mediaOf(taken.postId) };
    } finally {
      await scratch.remove();
      await slot?.release();
    }
  }

  /** Job media:purge-orphan-originals: deletes originals a crash left between storing them and committing their post. */
  async purgeOrphanOriginals(): Promise<number> {
    const { repository, storage, log } = this.#deps;
    const remove = async (keys: string[]) => {
      for (const key of keys) await storage.delete(key);
    };
    let purged = 0;
    let removed: number;
    do {
      removed = await repository.removeOrphans(ORPHAN_AFTER_SECONDS, 100, remove);
      purged += removed;
    } while (removed > 0);
    if (purged > 0) log.info({ purged }, 'orphaned originals deleted');
    return purged;
  }

  /** Job media:schedule-stalled-posts: schedules posts whose upload committed but died before scheduling them. */
  async scheduleStalledPosts(): Promise<number> {
    const { repository, processing } = this.#deps;
    const stalled = await repository.unscheduledPosts(UNSCHEDULED_AFTER_SECONDS);
    for (const postId of stalled) await processing.schedule(postId);
    return stalled.length;
  }

  async #uploader(userId: number): Promise<Uploader> {
    const uploader = await this.#deps.repository.uploader(userId);
    if (!uploader) throw new AppError('login_required');
    return uploader;
  }

  async #scraperJobOf(userId: number, uid: string | undefined, id: string | undefined): Promise<number | undefined> {
    if (uid === undefined && id === undefined) return undefined;
    const job = await this.#deps.repository.scraperJob(userId, { uid, id: id === undefined ? undefined : Number(id) });
    if (!job) throw new AppError('not_found');
    if (job.postId !== null) throw new AppError('conflict');
    return job.id;
  }

  /** Probes the files and applies the upload rules; joins clips. Throws the rules' first error, with all of them in details. */
  async #prepare(
    paths: readonly string[],
    clips: boolean,
    uploader: Uploader,
    scratch: UploadScratch,
  ): Promise<{ media: Prepared[]; warnings: UploadWarningCode[] }> {
    const { limits } = this.#deps;
    const inspected: { path: string; media: InspectedMedia }[] = [];
    // One file at a time: each probe is a process of its own, and the machine may have two cores.
    for (const path of paths) inspected.push(await this.#inspect(path, scratch));
    const judge = (files: readonly InspectedMedia[], concat: boolean) => {
      const verdict = checkUpload({ files, userType: uploader.type, concat, limits });
      if (verdict.errors.length > 0) throw refused(verdict.errors);
      return verdict.warnings;
    };
    const warnings = judge(
      inspected.map((file) => file.media),
      clips,
    );
    const accepted = inspected as Prepared[];
    if (clips && accepted.length > 1) {
      const joined = scratch.path('joined.mp4');
      await this.#deps.clips.join(accepted.map(clipOf), joined);
      const media = await this.#deps.tools.inspect(joined);
      judge([media], false);
      return { media: [{ path: joined, media: media as Prepared['media'] }], warnings };
    }
    // Images outside the size and ratio rules stay out of the post; the warning tells the uploader.
    const kept = accepted.filter((file) => file.media.kind === 'video' || imageInRatioRange(file.media.width, file.media.height));
    return { media: kept, warnings };
  }

  /** Sniffs and probes one file; a video whose header states no duration (a browser recording) is remuxed first. */
  async #inspect(path: string, scratch: UploadScratch): Promise<{ path: string; media: InspectedMedia }> {
    const { tools, clips } = this.#deps;
    const media = await tools.inspect(path);
    if (media.kind !== 'video' || !media.decodable || media.durationSeconds > 0 || !media.video) return { path, media };
    const remuxed = scratch.path(`remuxed-${basename(path)}`);
    await clips.remux(path, media.video.container, remuxed);
    return { path: remuxed, media: await tools.inspect(remuxed) };
  }

  /**
   * Stores the originals, then commits the post. The journal row of each original is written first and
   * deleted by the commit, so an original whose post never committed is found and deleted later.
   */
  async #createPost(
    userId: number,
    files: readonly Prepared[],
    { held, ...post }: Pick<PostDraft, 'title' | 'tags' | 'lgbt' | 'scraperJobId' | 'targetStatus'> & { held: boolean },
  ): Promise<CreatedPost> {
    const { repository, storage, processing, log } = this.#deps;
    const drafts: MediaDraft[] = [];
    for (const file of files) drafts.push({ ...mediaDraft(file), sha256: await sha256OfFile(file.path) });
    const keys = drafts.map((draft) => draft.originalKey);
    await repository.journal(keys);
    let created: CreatedPost;
    try {
      for (const [index, draft] of drafts.entries()) await storage.putFile(draft.originalKey, (files[index] as Prepared).path);
      const kind = drafts[0]?.kind === 'image' ? 'images' : 'video';
      const manifests = this.#deps.manifests?.();
      created = await repository.createPost({ userId, kind, media: drafts, ...post }, async (trx, postId) =>
        manifests?.recordCreator(
          trx,
          postId,
          userId,
          drafts.flatMap((draft) => draft.sha256 ?? []),
        ),
      );
    } catch (error) {
      await Promise.allSettled(keys.map((key) => storage.delete(key)));
      await repository.forget(keys).catch((cleanup) => log.warn({ err: cleanup }, 'journal cleanup failed'));
      throw error;
    }
    // Before processing can publish it: the pre-publication trigger then holds the post for review.
    if (held) await this.#deps.screen?.holdPost(created.postId);
    await processing.schedule(created.postId);
    return created;
  }
}

function clipOf(file: Prepared): Clip {
  const video = file.media.kind === 'video' ? file.media.video : undefined;
  if (!video) throw new AppError('not_video');
  return {
    path: file.path,
    container: video.container,
    width: video.width,
    height: video.height,
    durationSeconds: video.durationSeconds,
    hasAudio: video.audioCodec !== undefined,
  };
}

function mediaDraft(file: Prepared): MediaDraft {
  const type = storedTypeOf(file.media.sniffed);
  if (!type) throw new AppError('not_video_or_image');
  const name = mediaName();
  return {
    name,
    kind: type.kind,
    mimeType: type.mimeType,
    width: file.media.width,
    height: file.media.height,
    durationMs: file.media.kind === 'video' ? Math.round(file.media.durationSeconds * 1000) : null,
    sizeBytes: file.media.bytes,
    originalKey: `media/${name}/original.${type.extension}`,
  };
}
