import { AppError } from '../http/errors.ts';
import { addJobIn } from '../jobs/queue.ts';
import { PostStatus } from '../posts/post-status.ts';
import { decodeCursor, encodeCursor } from '../posts/posts.service.ts';
import type { LockedPost, StudioRepository } from './studio.repository.ts';
import {
  inPipeline,
  type PublishBody,
  SCHEDULE_MAX_DAYS,
  SCHEDULE_MIN_LEAD_MS,
  type SettingsBody,
  STUDIO_PAGE,
  type StudioListQuery,
  type StudioPost,
  type StudioPostRow,
  statusesOfState,
} from './studio-schema.ts';

const DAY_MS = 86_400_000;

export interface StudioSettings {
  /** SCHEDULED_POSTS_PER_CREATOR: schedules a creator may have pending at once. */
  readonly scheduledPostsPerCreator: number;
}

/** The post-created fan-out, under the key the media pipeline and the review queue use too: followers hear once. */
export const postCreatedJobKey = (postId: number) => `post-created:${postId}`;

/** A draft or scheduled post, or one in the pipeline that is to become one: what scheduling and "publish now" act on. */
function awaitsPublication(post: LockedPost): boolean {
  const waiting = post.targetStatus === PostStatus.draft || post.targetStatus === PostStatus.scheduled;
  return post.status === PostStatus.draft || post.status === PostStatus.scheduled || (inPipeline(post.status) && waiting);
}

/**
 * The creator studio's rules (studio/README.md): the owner's list of posts in every state, drafts,
 * scheduling (at least a minute and at most 30 days ahead, a cap on pending schedules), publishing now,
 * and per-post settings. Every call is the session's own posts; any other post answers `not_found`.
 */
export class StudioService {
  readonly #repository: StudioRepository;
  readonly #settings: StudioSettings;
  readonly #now: () => number;

  constructor(repository: StudioRepository, settings: StudioSettings, now: () => number = Date.now) {
    this.#repository = repository;
    this.#settings = settings;
    this.#now = now;
  }

  async list(ownerId: number, query: StudioListQuery): Promise<{ posts: StudioPostRow[]; cursor: string | null }> {
    const limit = query.limit ?? STUDIO_PAGE;
    const statuses = query.state ? statusesOfState[query.state] : undefined;
    const rows = await this.#repository.list(ownerId, statuses, limit + 1, decodeCursor(query.cursor));
    const shown = rows.slice(0, limit);
    const last = shown.at(-1);
    return { posts: shown.map((entry) => entry.row), cursor: rows.length > limit && last ? encodeCursor(last.cursor) : null };
  }

  async post(ownerId: number, postId: number): Promise<StudioPost> {
    const post = await this.#repository.post(ownerId, postId);
    if (!post) throw new AppError('not_found');
    return post;
  }

  /** Schedules a draft, or moves a scheduled post's time; a post still in the pipeline keeps the schedule for later. */
  async schedule(ownerId: number, postId: number, atText: string): Promise<StudioPost> {
    const at = new Date(atText);
    const now = this.#now();
    if (Number.isNaN(at.getTime()) || at.getTime() < now + SCHEDULE_MIN_LEAD_MS) throw new AppError('schedule_too_soon');
    if (at.getTime() > now + SCHEDULE_MAX_DAYS * DAY_MS) throw new AppError('schedule_too_far');
    await this.#repository.transaction(async (repository) => {
      const post = await this.#owned(repository, ownerId, postId);
      const rescheduling = post.targetStatus === PostStatus.scheduled;
      if (!rescheduling && (await repository.pendingSchedules(ownerId)) >= this.#settings.scheduledPostsPerCreator) {
        throw new AppError('schedule_limit_reached');
      }
      await repository.schedule(postId, at);
    });
    return this.post(ownerId, postId);
  }

  /** A scheduled post back to draft; its publication job is removed. */
  async cancelSchedule(ownerId: number, postId: number): Promise<StudioPost> {
    await this.#repository.transaction(async (repository) => {
      const post = await this.#owned(repository, ownerId, postId);
      if (post.targetStatus !== PostStatus.scheduled) throw new AppError('post_not_schedulable');
      await repository.unschedule(postId);
    });
    return this.post(ownerId, postId);
  }

  /**
   * Publishes a draft or scheduled post now, public unless asked private. Going public tells the followers
   * as every publication does (notifications:post-created), unless pre-publication review holds it.
   */
  async publishNow(ownerId: number, postId: number, body: PublishBody): Promise<StudioPost> {
    await this.#repository.transaction(async (repository) => {
      await this.#owned(repository, ownerId, postId);
      const status = await repository.publishNow(postId, body.status ?? PostStatus.published);
      if (status === PostStatus.published) {
        await addJobIn(repository.db, 'notifications:post-created', { postId }, { jobKey: postCreatedJobKey(postId) });
      }
    });
    return this.post(ownerId, postId);
  }

  async updateSettings(ownerId: number, postId: number, changes: SettingsBody): Promise<StudioPost> {
    await this.post(ownerId, postId);
    await this.#repository.updateSettings(postId, changes);
    return this.post(ownerId, postId);
  }

  /**
   * Job studio:publish-scheduled. Publishes the post when its time has come and it is still scheduled;
   * run early (a clock moved, a reschedule raced the job), it puts itself back at the post's time.
   */
  async publishScheduled(postId: number): Promise<void> {
    await this.#repository.transaction(async (repository) => {
      const status = await repository.publishDue(postId);
      if (status === PostStatus.published) {
        await addJobIn(repository.db, 'notifications:post-created', { postId }, { jobKey: postCreatedJobKey(postId) });
      }
      if (status !== undefined) return;
      const later = await repository.pendingTime(postId);
      if (later) await repository.requeue(postId, later);
    });
  }

  async #owned(repository: StudioRepository, ownerId: number, postId: number): Promise<LockedPost> {
    const post = await repository.lockOwned(ownerId, postId);
    if (!post) throw new AppError('not_found');
    if (!awaitsPublication(post)) throw new AppError('post_not_schedulable');
    return post;
  }
}
