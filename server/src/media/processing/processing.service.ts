import type { Logger } from 'pino';
import { AppError } from '../../http/errors.ts';
import { MediaStatus, PostStatus } from '../../posts/post-status.ts';
import { jobsProgress } from '../../posts/processing-progress.ts';
import type { EventPublisher } from '../../realtime/events.ts';
import { IMAGE_JOBS, videoJobs } from './ladder.ts';
import type { MediaProcessing } from './media-processing.ts';
import type { ProcessingPost, ProcessingRepository } from './processing.repository.ts';
import { asFailure, ProcessingFailure } from './processing-failure.ts';
import type { ProcessingRun, ProcessingSteps } from './processing-steps.ts';
import type { ScratchSpace } from './scratch-space.ts';

/** graphile-worker attempts of one `media:process` job; the last failing one fails the post. */
export const PROCESS_MAX_ATTEMPTS = 4;
/** A post's `media:process` job is added once, under this key plus the post id. */
const PROCESS_JOB_KEY = 'media-process:';
/** A post in the pipeline with no job left to run it waits this long before the sweep fails it. */
const ABANDONED_AFTER_SECONDS = 300;
const ABANDONED_BATCH = 100;

/** Which attempt of the worker job this is (graphile-worker counts them). */
export interface JobAttempt {
  readonly attempts: number;
  readonly maxAttempts: number;
}

export interface ProcessingDeps {
  readonly repository: ProcessingRepository;
  readonly steps: ProcessingSteps;
  readonly scratch: ScratchSpace;
  /** Live `media` events to the owner; absent, progress is only in the database. */
  readonly events?: EventPublisher;
  readonly log: Logger;
  /**
   * The check against hash banks before a post publishes (compliance/hash-banks): a match holds the post in
   * review and opens a restricted case; publishing then goes on as usual and the database keeps it held.
   */
  readonly screening?: { screen(post: { id: number; userId: number }): Promise<boolean> };
}

/** Post statuses in which the worker job has work to do. */
const IN_PIPELINE: readonly number[] = [PostStatus.queued, PostStatus.checking, PostStatus.processing];

/**
 * The processing half of the media pipeline (README.md beside this file): plans a post's jobs, runs them
 * in order in the worker job `media:process`, reports progress and ends the post published or failed.
 */
export class ProcessingService implements MediaProcessing {
  readonly #deps: ProcessingDeps;

  constructor(deps: ProcessingDeps) {
    this.#deps = deps;
  }

  /** MediaProcessing.schedule: jobs planned, post queued (4) and `media:process` enqueued, once. */
  async schedule(postId: number): Promise<void> {
    const { repository, log } = this.#deps;
    const post = await repository.findPost(postId);
    if (!post || post.deleted || post.status !== PostStatus.created) return;
    const media = await repository.media(postId);
    const video = media.find((file) => file.kind === 'video');
    // The video plan follows the size ingest measured; the probe job measures again and adjusts it.
    const kinds = post.kind === 'video' ? videoJobs(video?.width ?? 0, video?.height ?? 0) : [...IMAGE_JOBS];
    const planned = await repository.plan(postId, kinds, {
      jobKey: `${PROCESS_JOB_KEY}${postId}`,
      maxAttempts: PROCESS_MAX_ATTEMPTS,
    });
    if (planned) log.info({ postId, jobs: kinds }, 'post processing planned');
  }

  /**
   * The owner's retry of a failed post (POST /api/post/retry/{id}): the post goes back to queued and the
   * worker job runs again with fresh attempts, redoing what was not done. A failure the file itself caused
   * (the probe refused it) fails again the same way; the owner can then delete the post.
   */
  async retry(ownerId: number, postId: number): Promise<void> {
    const job = { jobKey: `${PROCESS_JOB_KEY}${postId}`, maxAttempts: PROCESS_MAX_ATTEMPTS };
    if (!(await this.#deps.repository.requeueFailed(postId, ownerId, job))) throw new AppError('post_not_retryable');
    this.#deps.log.info({ postId }, 'failed post queued again by its owner');
  }

  /**
   * The worker job: runs every job of the plan not done yet, in order (a started one again from scratch),
   * then publishes the post. Safe to run again at any point. A permanent failure, or any failure on the
   * last attempt, fails the post; other failures are thrown so graphile-worker retries later.
   */
  async process(postId: number, attempt: JobAttempt): Promise<void> {
    const { repository, scratch, steps } = this.#deps;
    const post = await repository.findPost(postId);
    if (!post || post.deleted || !IN_PIPELINE.includes(post.status)) return;
    await repository.startProcessing(postId);
    await scratch.sweepOrphans();
    const folder = await scratch.create(`post${postId}`);
    const run: ProcessingRun = { post, media: await repository.media(postId), dir: folder.path, rungs: new Map() };
    try {
      for (;;) {
        const next = (await repository.jobs(postId)).find((job) => job.state !== 'done');
        if (!next) break;
        await repository.markJob(postId, next.kind, 'started');
        await this.#publish(run, MediaStatus.processing);
        await steps.run(run, next.kind);
        await repository.markJob(postId, next.kind, 'done');
        await this.#publish(run, MediaStatus.processing);
      }
      await this.#finish(run);
    } catch (error) {
      const failure = asFailure(error);
      if (!failure.permanent && attempt.attempts < attempt.maxAttempts) {
        this.#deps.log.warn({ postId, attempt, code: failure.code, detail: failure.detail }, 'post processing will be retried');
        throw error;
      }
      await this.#fail(post, failure);
    } finally {
      await folder.remove();
    }
  }

  /**
   * Job `media:fail-abandoned-posts`: a post whose processing job can no longer run (its worker was killed
   * during the last attempt) ends failed, as a last failed attempt would have ended it, instead of staying
   * in processing for good. The owner sees it failed and can delete or upload it again.
   */
  async failAbandoned(): Promise<number> {
    const { repository } = this.#deps;
    const abandoned = await repository.abandonedPosts(PROCESS_JOB_KEY, ABANDONED_AFTER_SECONDS, ABANDONED_BATCH);
    for (const postId of abandoned) {
      const post = await repository.findPost(postId);
      if (!post) continue;
      const failure = new ProcessingFailure('media_processing_failed', 'processing stopped during its last attempt', {
        permanent: true,
      });
      await this.#fail(post, failure);
    }
    return abandoned.length;
  }

  async #finish(run: ProcessingRun): Promise<void> {
    const videoIds = run.media.filter((media) => media.kind === 'video').map((media) => media.id);
    await this.#deps.screening?.screen(run.post);
    const status = await this.#deps.repository.finish(run.post.id, videoIds);
    this.#deps.log.info({ postId: run.post.id, status }, 'post processing done');
    await this.#publish(run, MediaStatus.ready, 100);
  }

  async #fail(post: ProcessingPost, failure: ProcessingFailure): Promise<void> {
    await this.#deps.repository.fail(post.id, failure.code, failure.detail);
    this.#deps.log.warn({ postId: post.id, code: failure.code, detail: failure.detail }, 'post processing failed');
    const media = await this.#deps.repository.media(post.id);
    await this.#publish({ post, media, dir: '', rungs: new Map() }, MediaStatus.failed, undefined);
  }

  /** A `media` event per media file of the post, with the post's progress (spec §4 formula). */
  async #publish(run: ProcessingRun, status: number, progress?: number): Promise<void> {
    const { events, repository, log } = this.#deps;
    if (!events) return;
    const value = progress ?? (status === MediaStatus.processing ? jobsProgress(await repository.jobs(run.post.id)) : undefined);
    for (const media of run.media) {
      await events
        .publish({
          type: 'media',
          userId: run.post.userId,
          media: { id: media.id, name: media.name, status, postId: run.post.id, progress: value },
        })
        .catch((error: unknown) => log.warn({ err: error, postId: run.post.id }, 'media event not published'));
    }
  }
}
