import type { PostStatus } from '../../../../server/src/posts/post-status.ts';
import type {
  SettingsBody,
  StudioPost,
  StudioPostAnswer,
  StudioPostsAnswer,
  StudioState,
} from '../../../../server/src/studio/studio-schema.ts';
import { api } from '../../lib/api';

export type { StudioPost, StudioPostRow, StudioState } from '../../../../server/src/studio/studio-schema.ts';

/** GET /api/studio/posts: a page of the creator's posts, newest first, in one state or all. */
export function studioPostsPath(state: StudioState | undefined, cursor?: string): string {
  const query = new URLSearchParams();
  if (state) query.set('state', state);
  if (cursor) query.set('cursor', cursor);
  const text = query.toString();
  return `/api/studio/posts${text ? `?${text}` : ''}`;
}

export function loadStudioPosts(state: StudioState | undefined, cursor: string): Promise<StudioPostsAnswer> {
  return api<StudioPostsAnswer>(studioPostsPath(state, cursor));
}

/** PUT /api/studio/posts/{id}/schedule: schedules a draft or moves a scheduled post's time. */
export async function schedulePost(postId: number, at: Date): Promise<StudioPost> {
  return (await api<StudioPostAnswer>(`/api/studio/posts/${postId}/schedule`, { method: 'PUT', body: { at: at.toISOString() } }))
    .post;
}

/** DELETE /api/studio/posts/{id}/schedule: back to draft. */
export async function cancelSchedule(postId: number): Promise<StudioPost> {
  return (await api<StudioPostAnswer>(`/api/studio/posts/${postId}/schedule`, { method: 'DELETE' })).post;
}

/** POST /api/studio/posts/{id}/publish: a draft or scheduled post published now, public or private. */
export async function publishNow(
  postId: number,
  status: typeof PostStatus.published | typeof PostStatus.private,
): Promise<StudioPost> {
  return (await api<StudioPostAnswer>(`/api/studio/posts/${postId}/publish`, { method: 'POST', body: { status } })).post;
}

/** PUT /api/studio/posts/{id}/settings: allow embedding, allow downloads. */
export async function updateSettings(postId: number, changes: SettingsBody): Promise<StudioPost> {
  return (await api<StudioPostAnswer>(`/api/studio/posts/${postId}/settings`, { method: 'PUT', body: changes })).post;
}
