import { useEffect, useRef, useState } from 'react';
import type { MediaUpdate } from '../../../../server/src/realtime/events.ts';
import { api } from '../../lib/api';
import { liveSocket } from '../../lib/socket-client';
import { afterMediaUpdate } from '../upload/processing-state';
import { type PostCard, processingProgress } from './post-links';

/**
 * The owner's grid follows its processing posts live: each `media` event of one moves its progress on, and
 * when a file is ready, failed or changed the post's card is fetched again (its status, still and jobs).
 * Returns the live progress by post id, for the tiles to show over their loaded state.
 */
export function useLiveProcessing(posts: readonly PostCard[], enabled: boolean, onCard: (post: PostCard) => void) {
  const [progress, setProgress] = useState<ReadonlyMap<number, number>>(new Map());
  const processing = useRef(new Set<number>());
  processing.current = new Set(posts.filter((post) => processingProgress(post) !== undefined).map((post) => post.id));
  const cardChanged = useRef(onCard);
  cardChanged.current = onCard;
  const anyProcessing = processing.current.size > 0;

  useEffect(() => {
    if (!enabled || !anyProcessing) return;
    return liveSocket()?.on('media', (data) => {
      const update = data as MediaUpdate;
      if (update.postId === undefined || !processing.current.has(update.postId)) return;
      const postId = update.postId;
      const shown = { phase: 'processing', progress: 0 } as const;
      const { view, refetch } = afterMediaUpdate(shown, update);
      if (view.phase === 'processing' && view.progress > 0) {
        setProgress((current) => new Map(current).set(postId, Math.max(current.get(postId) ?? 0, view.progress)));
      }
      if (refetch || view.phase === 'failed') {
        void api<{ post: PostCard }>(`/api/post/${postId}`).then(
          (answer) => cardChanged.current(answer.post),
          () => undefined,
        );
      }
    });
  }, [enabled, anyProcessing]);

  return progress;
}
