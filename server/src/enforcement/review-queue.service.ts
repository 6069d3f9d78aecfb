import type { MediaVariant } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import { addJobIn } from '../jobs/queue.ts';
import { stillOf } from '../notifications/notification-view.ts';
import { PostStatus } from '../posts/post-status.ts';
import type { EnforcementRepository } from './enforcement.repository.ts';
import type { Actor, AuditWriter } from './ports.ts';

export const REVIEW_PAGE = 50;

/**
 * Pre-publication review (issue 20): posts held in review (10) by the trigger of migration 0025 (new
 * creators, PREPUBLICATION_REVIEW_POSTS) or by a watched word wait here, longest first. Approving publishes
 * the post (or makes it private, as its owner chose) and tells followers as publishing always does;
 * rejecting is a `post-remove` or `post-block` action, with its statement of reasons. Posts a moderator
 * hid are listed too and come back by a `post-restore` action.
 */
export class ReviewQueueService {
  readonly #repository: EnforcementRepository;
  readonly #audit: AuditWriter;

  constructor(repository: EnforcementRepository, audit: AuditWriter) {
    this.#repository = repository;
    this.#audit = audit;
  }

  async list(limit: number, cursor?: string) {
    const after = cursor ? parseCursor(cursor) : undefined;
    const rows = await this.#repository.reviewQueue(limit + 1, after);
    const shown = rows.slice(0, limit);
    const last = shown.at(-1);
    return {
      posts: shown.map(({ cursorAt: _cursor, since, variants, ...row }) => ({
        ...row,
        since: since.toISOString(),
        thumbnail: variants ? stillOf(variants as Record<string, MediaVariant>) : '',
      })),
      cursor: rows.length > limit && last ? `${Buffer.from(last.cursorAt).toString('base64url')}_${last.postId}` : null,
    };
  }

  async approve(actor: Actor, postId: number) {
    await this.#repository.transaction(async (repository) => {
      const post = await repository.post(postId);
      if (!post) throw new AppError('not_found');
      if (post.status !== PostStatus.inReview || post.reviewReason === 'hidden' || post.reviewReason === 'hash-match')
        throw new AppError('enforcement_not_applicable');
      await repository.setPostStatus(postId, 'restore');
      if (post.targetStatus === PostStatus.published) {
        await addJobIn(repository.db, 'notifications:post-created', { postId }, { jobKey: `post-created:${postId}` });
      }
      await this.#audit.record(
        {
          actor,
          action: 'enforcement.review-approve',
          subjectType: 'post',
          subjectId: postId,
          details: { reason: post.reviewReason },
        },
        repository.db,
      );
    });
    return { statusCode: 1 as const };
  }
}

function parseCursor(cursor: string): { at: string; id: number } {
  const [at, id] = cursor.split('_');
  const text = Buffer.from(at ?? '', 'base64url').toString('utf8');
  if (!id || !/^\d+$/.test(id) || Number.isNaN(Date.parse(text))) throw new AppError('invalid_input');
  return { at: text, id: Number(id) };
}
