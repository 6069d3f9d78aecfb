import { useEffect, useRef, useState } from 'react';
import type { MediaUpdate } from '../../../../server/src/realtime/events.ts';
import { api } from '../../lib/api';
import { liveSocket } from '../../lib/socket-client';
import type { PostCard } from '../posts/post-links';
import { advance, afterMediaUpdate, type ProcessingView, processingStarted, processingViewOf } from './processing-state';

/** The card is asked for again this often, in case a live event was missed (delivery is at most once). */
const POLL_MS = 4000;

/**
 * The processing of a just uploaded post as its owner sees it: the §4 progress from GET /api/post/{id},
 * moved on by the socket's `media` events for the post, until it is done or failed.
 */
export function useProcessing(postId: number | undefined): { view: ProcessingView; post: PostCard | undefined } {
  const [view, setView] = useState<ProcessingView>(processingStarted);
  const [post, setPost] = useState<PostCard>();
  const current = useRef(view);

  useEffect(() => {
    if (postId === undefined) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = (next: ProcessingView) => {
      current.current = advance(current.current, next);
      setView(current.current);
    };
    current.current = processingStarted;
    setView(processingStarted);
    setPost(undefined);

    const refresh = async () => {
      clearTimeout(timer);
      try {
        const answer = await api<{ post: PostCard }>(`/api/post/${postId}`);
        if (stopped) return;
        setPost(answer.post);
        show(processingViewOf(answer.post));
      } catch {
        // A failed look is retried with the next one; the socket may still tell.
      }
      if (!stopped && current.current.phase === 'processing') timer = setTimeout(refresh, POLL_MS);
    };

    const stopListening = liveSocket()?.on('media', (data) => {
      const update = data as MediaUpdate;
      if (update.postId !== postId) return;
      const outcome = afterMediaUpdate(current.current, update);
      show(outcome.view);
      if (outcome.refetch) void refresh();
      else if (current.current.phase !== 'processing') clearTimeout(timer);
    });
    void refresh();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stopListening?.();
    };
  }, [postId]);

  return { view, post };
}
