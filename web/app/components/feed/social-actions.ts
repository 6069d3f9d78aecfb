import { api } from '../../lib/api';
import { sendLiveIfOpen } from '../../lib/live-messages';

interface LikeAnswer {
  readonly likeByUser: boolean;
  readonly likesCount: number;
}

interface FollowAnswer {
  readonly iFollowUser: boolean;
}

/** POST / DELETE /api/post/like/{id}: both idempotent, both answer the exact count after the change. */
export function setLiked(postId: number, liked: boolean): Promise<LikeAnswer> {
  return api<LikeAnswer>(`/api/post/like/${postId}`, { method: liked ? 'POST' : 'DELETE' });
}

/** POST / DELETE /api/user/follow {userId} (spec §7). */
export function setFollowing(userId: number, following: boolean): Promise<FollowAnswer> {
  return api<FollowAnswer>('/api/user/follow', { method: following ? 'POST' : 'DELETE', body: { userId } });
}

/** The server's names (posts/engagement.service.ts SHARE_PLATFORMS) for the share sheet's channels. */
const sharePlatformNames = {
  copy_link: 'link',
  embed: 'embed',
  native: 'native',
  email: 'email',
  x: 'twitter',
  facebook: 'facebook',
  reddit: 'reddit',
  telegram: 'telegram',
  whatsapp: 'whatsapp',
} as const;

export type ShareCountChannel = keyof typeof sharePlatformNames;

/**
 * Counts a share (a viewer counts once a day): the websocket's `sharePost` when the socket is open, whose
 * new count reaches the post's viewers as `post-shares` (undefined here); else its HTTP fallback POST
 * /api/post/share/{id}, whose answer carries the post's exact share count.
 */
export async function recordShare(postId: number, channel: ShareCountChannel): Promise<{ shareCount: number } | undefined> {
  const platform = sharePlatformNames[channel];
  if (sendLiveIfOpen('sharePost', { id: postId, platform })) return undefined;
  return api(`/api/post/share/${postId}`, { method: 'POST', body: { platform } });
}
