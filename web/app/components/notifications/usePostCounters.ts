import { useEffect, useState } from 'react';
import { liveSocket } from '../../lib/socket-client';
import { currentViewSource } from '../../lib/view-source';

export interface PostCounters {
  readonly likesCount?: number;
  readonly shareCount?: number;
}

/**
 * Live like and share counts of the post on screen (spec §7 post-likes, post-shares). Tells the server
 * which post is being viewed (viewingPost, which also counts the view) again after every reconnect, and
 * that none is when the component goes. Undefined counts: nothing live yet, show the loaded ones.
 */
export function usePostCounters(postId: number | undefined): PostCounters {
  const [counters, setCounters] = useState<PostCounters>({});
  useEffect(() => {
    setCounters({});
    const socket = liveSocket();
    if (!socket || postId === undefined) return;
    // Counts the view, with the screen and referrer the analytics keep (analytics/view-source.ts).
    const announce = () => socket.send('viewingPost', { id: postId, ...currentViewSource() });
    if (socket.connected) announce();
    const stops = [
      socket.on('open', announce),
      socket.on('post-likes', (data) => {
        const update = data as { postId: number; likesCount: number };
        if (update.postId === postId) setCounters((current) => ({ ...current, likesCount: update.likesCount }));
      }),
      socket.on('post-shares', (data) => {
        const update = data as { postId: number; shareCount: number };
        if (update.postId === postId) setCounters((current) => ({ ...current, shareCount: update.shareCount }));
      }),
    ];
    return () => {
      for (const stop of stops) stop();
      if (socket.connected) socket.send('viewingPost', { id: null });
    };
  }, [postId]);
  return counters;
}
