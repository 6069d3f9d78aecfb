import type { ServerContext } from '#server-context';
import { notFound } from '../../lib/route-params';
import { FeedLoadError, type FeedPost, fetchPost } from '../feed/feed-data';
import type { PostCard, PostPage } from '../posts/post-links';
import type { Profile, UserPage } from './profile-types';

type Api = ServerContext['api'];
type Answer<T> = Partial<T> & { statusCode?: number; error?: string };

const ok = (answer: { statusCode?: number }) => answer.statusCode === 1 || answer.statusCode === 2;

/** GET /api/user/{username}; an unknown, banned or leaving account is a 404 page. */
export async function loadProfile(api: Api, username: string): Promise<Profile> {
  const answer = await api<Answer<{ user: Profile }>>(`/api/user/${encodeURIComponent(username)}`);
  if (!ok(answer) || !answer.user) notFound();
  return answer.user;
}

/** A first page of posts; a failed list shows as empty rather than failing the whole profile. */
export async function loadPosts(api: Api, source: string): Promise<PostPage> {
  const answer = await api<Answer<PostPage>>(source);
  if (!ok(answer) || !answer.posts) return { posts: [], canLoadMore: false, t: Date.now() };
  return { posts: answer.posts, canLoadMore: answer.canLoadMore ?? false, t: answer.t ?? Date.now() };
}

export async function loadUsers(api: Api, source: string): Promise<UserPage> {
  const answer = await api<Answer<UserPage>>(source);
  if (!ok(answer) || !answer.users) return { users: [], canLoadMore: false };
  return { users: answer.users, canLoadMore: answer.canLoadMore ?? false };
}

/** GET /api/post/{id}; undefined when there is no such post for this caller (deleted, private, never made). */
export async function findPost(api: Api, postId: string): Promise<FeedPost | undefined> {
  return fetchPost((path) => api(path), Number(postId)).catch((error: unknown) => {
    if (error instanceof FeedLoadError) return undefined;
    throw error;
  });
}

export async function loadPost(api: Api, postId: string): Promise<FeedPost> {
  return (await findPost(api, postId)) ?? notFound();
}

/** The profile's avatar: from the account when the API answers it, else from its posts' author. */
export function avatarOf(profile: Profile, posts: readonly PostCard[]): Readonly<Record<string, string>> | undefined {
  if (profile.avatar && Object.keys(profile.avatar).length > 0) return profile.avatar;
  return posts.find((post) => post.user.id === profile.id)?.user.avatar;
}
