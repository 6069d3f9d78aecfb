import type { OwnerStatus } from '../../../../server/src/posts/posts.service.ts';
import { api } from '../../lib/api';
import type { PostCard } from './post-links';

/** What an owner may change on a post (PUT /api/post/{id}): 6 published, 8 private. */
export interface PostChanges {
  readonly title?: string;
  readonly tags?: readonly string[];
  readonly status?: OwnerStatus;
}

/** PUT /api/post/{id}: the post's card after the change. */
export async function updatePost(postId: number, changes: PostChanges): Promise<PostCard> {
  return (await api<{ post: PostCard }>(`/api/post/${postId}`, { method: 'PUT', body: changes })).post;
}

/** DELETE /api/post/{id}: soft delete; the media answer 404 from then on. */
export async function deletePost(postId: number): Promise<void> {
  await api(`/api/post/${postId}`, { method: 'DELETE' });
}

/** POST /api/post/retry/{id}: a failed post back in the processing queue; its card, queued. */
export async function retryPost(postId: number): Promise<PostCard> {
  return (await api<{ post: PostCard }>(`/api/post/retry/${postId}`, { method: 'POST' })).post;
}
