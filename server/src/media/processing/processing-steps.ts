import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pdqOfImage } from '../../compliance/pdq/pdq-image.ts';
import { pdqOfVideo } from '../../compliance/pdq/pdq-video.ts';
import type { MediaVariant } from '../../db/schema.ts';
import { MediaProbeError, type MediaToolsRepository } from '../probe.ts';
import { sniffFile } from '../sniff.ts';
import type { Storage } from '../storage.ts';
import { contentTypeOfKey } from '../storage-keys.ts';
import { imageSetStills, isMostlyBlack, type RenderedStills, videoStills } from './image-variants.ts';
import { isRungJob, LADDER, type Rung, rungName, rungOfJob, rungSize, videoJobs } from './ladder.ts';
import type { ProcessingMedia, ProcessingPost, ProcessingRepository } from './processing.repository.ts';
import { ProcessingFailure } from './processing-failure.ts';
import { fetchToFile } from './scratch-space.ts';
import { composeSlide, renderSlideshow, SLIDESHOW_SIZE } from './slideshow.ts';
import type { RenderedMp4, Transcoder, VideoSource } from './transcoder.ts';

/** One job run of one post: its rows, its scratch folder and what earlier steps of this run left there. */
export interface ProcessingRun {
  readonly post: ProcessingPost;
  readonly media: readonly ProcessingMedia[];
  readonly dir: string;
  source?: VideoSource;
  readonly rungs: Map<Rung, RenderedMp4>;
}

export interface StepDeps {
  readonly repository: ProcessingRepository;
  readonly storage: Storage;
  readonly tools: MediaToolsRepository;
  readonly transcoder: Transcoder;
  readonly maxImagePixels: number;
  /** Where each media file's PDQ hashes go (compliance/hash-banks); absent, nothing is hashed. */
  readonly fingerprints?: MediaFingerprints;
}

/** PDQ hashes of a media file (a picture: one; a video: its sampled frames), stored before publication. */
export interface MediaFingerprints {
  recordMediaHashes(mediaId: number, frames: readonly { hash: string; quality: number; seconds: number }[]): Promise<void>;
}

/** Where each rendition lives: `media/{name}/{variant}.{ext}`, HLS under `media/{name}/hls/`. Deterministic, so a retry overwrites. */
export const renditionKey = (name: string, file: string) => `media/${name}/${file}`;

/** Seconds into the video tried for the poster, in order, until a frame is not black. */
const POSTER_POSITIONS = [0.4, 0.25, 0.6, 0.1, 0.8];
/** Posters are at most this on their shortest side (the largest rung). */
const POSTER_MAX_SIDE = 1080;

/** The poster's size for a video of this displayed size: the video's own, at most 1080 on its shortest side. */
export function posterSize(width: number, height: number): { width: number; height: number } {
  return rungSize(Math.min(width, height, POSTER_MAX_SIDE), width, height);
}

function refused(error: unknown): never {
  if (error instanceof MediaProbeError) throw new ProcessingFailure(error.code, error.detail, { permanent: true });
  throw error;
}

/**
 * What each post job does. Every step writes its files to the run's scratch folder, stores them under their
 * final keys, and only then records them in the media row, so no row ever names a file not fully stored.
 */
export class ProcessingSteps {
  readonly #deps: StepDeps;

  constructor(deps: StepDeps) {
    this.#deps = deps;
  }

  async run(run: ProcessingRun, kind: string): Promise<void> {
    if (kind === 'probe') return this.#probe(run);
    if (isRungJob(kind)) return this.#rung(run, rungOfJob(kind));
    if (kind === 'hls') return this.#hls(run);
    if (kind === 'stills') return this.#stills(run);
    if (kind === 'images') return this.#images(run);
    if (kind === 'slideshow') return this.#slideshow(run);
    throw new ProcessingFailure('media_processing_failed', `unknown job ${kind}`, { permanent: true });
  }

  /** Probes the original again (never trusting what ingest stored), keeps the measures and fits the plan to them. */
  async #probe(run: ProcessingRun): Promise<void> {
    const { probe } = await this.#videoSource(run);
    const media = this.#video(run);
    await this.#deps.repository.saveMeasurements(media.id, {
      width: probe.width,
      height: probe.height,
      durationMs: Math.round(probe.durationSeconds * 1000),
    });
    await this.#deps.repository.replan(run.post.id, videoJobs(probe.width, probe.height));
  }

  async #rung(run: ProcessingRun, rung: Rung): Promise<void> {
    const source = await this.#videoSource(run);
    const name = rungName(rung);
    const mp4 = await this.#deps.transcoder.renderRung(source, rung, join(run.dir, `${name}.mp4`));
    const key = renditionKey(this.#video(run).name, `${name}.mp4`);
    await this.#deps.storage.putFile(key, mp4.path);
    run.rungs.set(rung, mp4);
    await this.#deps.repository.addVariants(this.#video(run).id, {
      [name]: { key, mime: 'video/mp4', width: mp4.width, height: mp4.height, bytes: mp4.bytes },
    });
  }

  /** HLS from the stored rungs (copied, not encoded again); the master playlist is stored last. */
  async #hls(run: ProcessingRun): Promise<void> {
    const media = this.#video(run);
    const jobs = await this.#deps.repository.jobs(run.post.id);
    const rungs = LADDER.filter((rung) => jobs.some((job) => job.kind === rungName(rung)));
    const renditions = [];
    for (const rung of rungs) renditions.push({ mp4: await this.#localRung(run, media, rung), folder: `${rung}p` });
    const dir = join(run.dir, 'hls');
    const files = await this.#deps.transcoder.packageHls(renditions, dir);
    for (const file of files) await this.#deps.storage.putFile(renditionKey(media.name, `hls/${file}`), join(dir, file));
    const largest = renditions.at(-1)?.mp4;
    await this.#deps.repository.addVariants(media.id, {
      hls: {
        key: renditionKey(media.name, 'hls/master.m3u8'),
        mime: contentTypeOfKey('master.m3u8'),
        width: largest?.width,
        height: largest?.height,
      },
    });
  }

  /** Poster and stills from a frame at about 40 % of the video (or the first later try that is not black). */
  async #stills(run: ProcessingRun): Promise<void> {
    const source = await this.#videoSource(run);
    const { width, height, durationSeconds } = source.probe;
    const size = posterSize(width, height);
    let frame: Buffer | undefined;
    for (const position of POSTER_POSITIONS) {
      frame = await this.#deps.transcoder.stillFrame(source, durationSeconds * position, size.width, size.height);
      if (!(await isMostlyBlack(frame))) break;
    }
    if (!frame) throw new ProcessingFailure('media_transcode_failed', 'no poster frame', { permanent: false });
    await this.#storeStills(this.#video(run), await videoStills(frame));
    await this.#deps.fingerprints?.recordMediaHashes(this.#video(run).id, await pdqOfVideo(this.#deps.transcoder, source));
  }

  /** Every picture of an image post: sniffed and probed again, then its variants (see image-variants.ts). */
  async #images(run: ProcessingRun): Promise<void> {
    for (const media of run.media) {
      const path = await this.#original(run, media, `image-${media.id}`);
      const sniffed = await sniffFile(path);
      if (sniffed.kind !== 'image') {
        const code = sniffed.kind === 'rejected' ? sniffed.code : 'not_video_or_image';
        throw new ProcessingFailure(code, `media ${media.id} is ${sniffed.kind}`, { permanent: true });
      }
      await this.#deps.tools.probeImage(path, sniffed.format).catch(refused);
      let stills: RenderedStills;
      try {
        stills = await imageSetStills(path, this.#deps.maxImagePixels);
      } catch (error) {
        throw new ProcessingFailure('not_video_or_image', (error as Error).message, { permanent: true });
      }
      await this.#storeStills(media, stills);
      await this.#deps.fingerprints?.recordMediaHashes(media.id, [
        { ...(await pdqOfImage(path, this.#deps.maxImagePixels)), seconds: 0 },
      ]);
      await this.#deps.repository.saveMeasurements(media.id, { width: stills.width, height: stills.height });
      await rm(path, { force: true });
    }
  }

  /**
   * The image post as a video (SLIDESHOW_SIZE, SLIDE_SECONDS a picture) with the post's sound, chosen at
   * random from the library the first time and kept for retries; silent when the library is empty. Stored
   * as `mp4-720` of the post's FIRST picture: the post keeps one media row per picture, and readers that
   * look for a video by MIME type still show the pictures.
   */
  async #slideshow(run: ProcessingRun): Promise<void> {
    const { repository, storage } = this.#deps;
    const fresh = await repository.media(run.post.id);
    for (const [index, media] of fresh.entries()) {
      const key = media.variants['poster-medium-jpg']?.key;
      const path = join(run.dir, `picture-${index}.jpg`);
      if (!key || !(await fetchToFile(storage, key, path))) {
        throw new ProcessingFailure('media_processing_failed', `picture ${media.id} has no stored poster`, { permanent: false });
      }
      await composeSlide(await readFile(path), run.dir, index);
    }
    const sound = await repository.soundFor(run.post);
    let soundPath: string | undefined;
    if (sound) {
      await repository.chooseSound(run.post.id, sound.id);
      soundPath = join(run.dir, 'sound.m4a');
      if (!(await fetchToFile(storage, sound.key, soundPath))) soundPath = undefined;
    }
    const first = fresh[0];
    if (!first) throw new ProcessingFailure('media_original_missing', 'image post without pictures', { permanent: true });
    const outPath = join(run.dir, 'slideshow.mp4');
    await renderSlideshow(run.dir, fresh.length, soundPath, outPath);
    const mp4 = await this.#deps.transcoder.inspectMp4(outPath);
    const key = renditionKey(first.name, 'mp4-720.mp4');
    await storage.putFile(key, outPath);
    await repository.addVariants(first.id, {
      'mp4-720': { key, mime: 'video/mp4', width: SLIDESHOW_SIZE.width, height: SLIDESHOW_SIZE.height, bytes: mp4.bytes },
    });
  }

  async #storeStills(media: ProcessingMedia, stills: RenderedStills): Promise<void> {
    const variants: Record<string, MediaVariant> = {};
    for (const output of stills.outputs) {
      const name = `${output.rendition}-${output.format}`;
      const key = renditionKey(media.name, `${name}.${output.format}`);
      await this.#deps.storage.put(key, output.data);
      variants[name] = {
        key,
        mime: contentTypeOfKey(key),
        width: output.width,
        height: output.height,
        bytes: output.data.length,
      };
    }
    for (const [alias, target] of Object.entries(stills.aliases)) {
      const variant = variants[target];
      if (variant) variants[alias] = variant;
    }
    await this.#deps.repository.addVariants(media.id, variants);
    await this.#deps.repository.savePlaceholder(media.id, stills.placeholder);
  }

  /** The run's local copy of a rung: the file this run rendered, else the stored one (a retry after a crash). */
  async #localRung(run: ProcessingRun, media: ProcessingMedia, rung: Rung): Promise<RenderedMp4> {
    const rendered = run.rungs.get(rung);
    if (rendered) return rendered;
    const path = join(run.dir, `${rungName(rung)}.mp4`);
    if (!(await fetchToFile(this.#deps.storage, renditionKey(media.name, `${rungName(rung)}.mp4`), path))) {
      throw new ProcessingFailure('media_processing_failed', `${rungName(rung)} is not stored`, { permanent: false });
    }
    const mp4 = await this.#deps.transcoder.inspectMp4(path);
    run.rungs.set(rung, mp4);
    return mp4;
  }

  /** The video's original, sniffed and probed once per run (a retry starting mid-plan probes it too). */
  async #videoSource(run: ProcessingRun): Promise<VideoSource> {
    if (run.source) return run.source;
    const path = await this.#original(run, this.#video(run), 'original');
    const sniffed = await sniffFile(path);
    if (sniffed.kind !== 'video') {
      const code = sniffed.kind === 'rejected' ? sniffed.code : 'not_video_or_image';
      throw new ProcessingFailure(code, `sniffed ${sniffed.kind}`, { permanent: true });
    }
    const probe = await this.#deps.tools.probeVideo(path, sniffed.container).catch(refused);
    await this.#deps.tools.decodeFirstFrame(path, sniffed.container).catch(refused);
    run.source = { path, probe };
    return run.source;
  }

  async #original(run: ProcessingRun, media: ProcessingMedia, file: string): Promise<string> {
    const path = join(run.dir, file);
    if (!media.originalKey || !(await fetchToFile(this.#deps.storage, media.originalKey, path))) {
      throw new ProcessingFailure('media_original_missing', `media ${media.id} has no stored original`, { permanent: true });
    }
    return path;
  }

  #video(run: ProcessingRun): ProcessingMedia {
    const media = run.media.find((candidate) => candidate.kind === 'video');
    if (!media) throw new ProcessingFailure('media_original_missing', 'video post without a video', { permanent: true });
    return media;
  }
}
