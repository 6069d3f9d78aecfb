import type { ErrorCode } from '../../http/errors.ts';
import { MediaStatus, PostStatus } from '../../posts/post-status.ts';

/**
 * Post states in which the cover may change: processed and not withdrawn (published, private, in review,
 * draft, scheduled, awaiting its performers).
 */
export const COVER_POST_STATES: readonly number[] = [
  PostStatus.published,
  PostStatus.private,
  PostStatus.inReview,
  PostStatus.draft,
  PostStatus.scheduled,
  PostStatus.awaitingPerformers,
];

const WITHDRAWN: readonly number[] = [PostStatus.removed, PostStatus.blocked];

export interface CoverCandidate {
  readonly kind: 'video' | 'images';
  readonly status: number;
  readonly media?: { readonly status: number; readonly durationMs: number | null };
}

/** Why this post's cover cannot be chosen now, or undefined when it can. */
export function coverRefusal(post: CoverCandidate): ErrorCode | undefined {
  if (post.kind !== 'video') return 'cover_not_video';
  if (WITHDRAWN.includes(post.status)) return 'cover_post_withdrawn';
  if (post.status === PostStatus.failed) return 'cover_post_failed';
  if (!COVER_POST_STATES.includes(post.status)) return 'cover_post_not_ready';
  if (post.media?.status !== MediaStatus.ready || !post.media.durationMs) return 'cover_post_not_ready';
  return undefined;
}
