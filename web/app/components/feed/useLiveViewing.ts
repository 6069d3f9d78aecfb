import { useCallback, useEffect, useState } from 'react';
import { sendLive } from '../../lib/live-messages';
import { currentViewSource } from '../../lib/view-source';
import { usePostCounters } from '../notifications/usePostCounters';
import type { FeedPost } from './feed-data';

/** A post counts as viewed once it has been the current one this long. */
const VIEW_AFTER_MS = 2000;

type Change = (matches: (post: FeedPost) => boolean, update: (post: FeedPost) => FeedPost) => void;

/**
 * Views of the feed's current post over the socket (spec §7): once it has been on screen a moment it is
 * announced with `viewingPost` (usePostCounters; the server counts the view then, and sends its live like
 * and share counts, which the feed shows), and a video played to the end sends `viewedPost`. While the
 * socket is closed both wait in its queue. Returns what the feed calls when a video completes.
 */
export function useLiveViewing(activeId: number | undefined, change: Change): (post: FeedPost) => void {
  const [viewedId, setViewedId] = useState<number>();
  useEffect(() => {
    setViewedId(undefined);
    if (activeId === undefined) return;
    const timer = setTimeout(() => setViewedId(activeId), VIEW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [activeId]);

  const { likesCount, shareCount } = usePostCounters(viewedId);
  useEffect(() => {
    if (viewedId === undefined || (likesCount === undefined && shareCount === undefined)) return;
    change(
      (post) => post.id === viewedId,
      (post) => ({ ...post, likesCount: likesCount ?? post.likesCount, shareCount: shareCount ?? post.shareCount }),
    );
  }, [viewedId, likesCount, shareCount, change]);

  return useCallback((post: FeedPost) => {
    sendLive('viewedPost', { id: post.id, ...currentViewSource() });
  }, []);
}
