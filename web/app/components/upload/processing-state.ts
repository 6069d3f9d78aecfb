import { MediaStatus, PostStatus } from '../../../../server/src/posts/post-status.ts';
import type { MediaUpdate } from '../../../../server/src/realtime/events.ts';
import { type PostCard, processingProgress } from '../posts/post-links';

/** What the screen after an upload shows: the §4 progress, the finished post, or the failure. */
export type ProcessingView =
  | { readonly phase: 'processing'; readonly progress: number }
  | { readonly phase: 'done' }
  /** Processed, and held until everyone who appears in it has verified and confirmed (status 13). */
  | { readonly phase: 'held' }
  | { readonly phase: 'failed' };

export const processingStarted: ProcessingView = { phase: 'processing', progress: 0 };

type CardState = Pick<PostCard, 'status' | 'jobs'> & { readonly media: ReadonlyArray<{ readonly status: number }> };

/**
 * The view of the owner's GET /api/post/{id}: published, private, or kept as a draft or for a schedule is
 * done; waiting for its performers is held; a failed post or media is failed.
 */
export function processingViewOf(post: CardState): ProcessingView {
  if (post.status === PostStatus.failed || post.media.some((media) => media.status === MediaStatus.failed))
    return { phase: 'failed' };
  const finished: readonly number[] = [PostStatus.published, PostStatus.private, PostStatus.draft, PostStatus.scheduled];
  if (finished.includes(post.status)) return { phase: 'done' };
  if (post.status === PostStatus.awaitingPerformers) return { phase: 'held' };
  return { phase: 'processing', progress: processingProgress(post) ?? 0 };
}

/** Progress only moves forward: a late or repeated answer never pulls the bar back, and an end is final. */
export function advance(current: ProcessingView, next: ProcessingView): ProcessingView {
  if (current.phase !== 'processing') return current;
  if (next.phase !== 'processing') return next;
  return next.progress > current.progress ? next : current;
}

/**
 * A live `media` event of the post: failed media (9) fails it; a progress figure moves the bar. Whether the
 * post is done is the card's to say (an image set has several media), so ready (10) and refetch (2) ask for it.
 */
export function afterMediaUpdate(current: ProcessingView, update: MediaUpdate): { view: ProcessingView; refetch: boolean } {
  if (update.status === MediaStatus.failed) return { view: advance(current, { phase: 'failed' }), refetch: false };
  const view =
    typeof update.progress === 'number'
      ? advance(current, { phase: 'processing', progress: Math.min(100, Math.max(0, Math.floor(update.progress))) })
      : current;
  const refetch = update.status === MediaStatus.ready || update.status === MediaStatus.refetch || update.progress === 100;
  return { view, refetch };
}
