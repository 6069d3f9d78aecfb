import { api } from '../../lib/api';

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
 * POST /api/post/share/{id}: the HTTP fallback of the websocket's `sharePost`. A viewer counts once per
 * platform and day; the answer carries the post's exact share count.
 */
export function recordShare(postId: number, channel: ShareCountChannel): Promise<{ counted: boolean; shareCount: number }> {
  return api(`/api/post/share/${postId}`, { method: 'POST', body: { platform: sharePlatformNames[channel] } });
}

/** POST /api/post/view/{id}: a view (the fallback of `viewedPost`), `completed` once a video played through. */
export function recordView(postId: number, completed: boolean): Promise<unknown> {
  return api(`/api/post/view/${postId}`, { method: 'POST', body: { completed } });
}
