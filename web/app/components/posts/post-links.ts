import type { PostCard } from '../../../../server/src/posts/post-card.ts';
import { PostStatus } from '../../../../server/src/posts/post-status.ts';
import { titleSlug } from '../../../../server/src/posts/slug.ts';

export type { PostCard };

/** One page of GET /api/post/ as the grid pages through it. */
export interface PostPage {
  readonly posts: PostCard[];
  readonly canLoadMore: boolean;
  readonly t: number;
}

/**
 * Spec §2 link to the player with the profile as feed context: /video?id={id}&title={slug}&user={username}
 * (the -gay/-trans player for those orientations).
 */
export function profileVideoLink(post: Pick<PostCard, 'id' | 'title' | 'lgbt'>, username: string): string {
  const suffix = post.lgbt === 2 ? '-gay' : post.lgbt === 3 ? '-trans' : '';
  const slug = titleSlug(post.title);
  const params = new URLSearchParams({ id: String(post.id) });
  if (slug) params.set('title', slug);
  params.set('user', username);
  return `/video${suffix}?${params}`;
}

/**
 * Spec §4 post processing progress: status 2 with jobs gives 0 while every job is new, else
 * (started + 3·done) / (3·total) percent; statuses 1, 4 and 5 give 0; anything else none (undefined).
 */
export function processingProgress(post: Pick<PostCard, 'status' | 'jobs'>): number | undefined {
  if (post.status === PostStatus.created || post.status === PostStatus.queued || post.status === PostStatus.checking) return 0;
  if (post.status !== PostStatus.processing) return undefined;
  const total = post.jobs.length;
  if (total === 0) return 0;
  const started = post.jobs.filter((job) => job.state === 'started').length;
  const done = post.jobs.filter((job) => job.state === 'done').length;
  if (started === 0 && done === 0) return 0;
  return Math.floor(((started + 3 * done) / (3 * total)) * 100);
}

/** The still to show for a post in a grid: the listing rendition, else the poster. */
export function tileImage(post: Pick<PostCard, 'media'>): { webp?: string; jpg?: string } {
  const variants = post.media[0]?.variants ?? {};
  return {
    webp: variants['listing-webp'] ?? variants['poster-webp'],
    jpg: variants['listing-jpg'] ?? variants['poster-jpg'],
  };
}

/** Spec §2 link to the player in the viewer's likes: /video?id={id}&title={slug}&type=myLikes. */
export function likedVideoLink(post: Pick<PostCard, 'id' | 'title' | 'lgbt'>): string {
  const suffix = post.lgbt === 2 ? '-gay' : post.lgbt === 3 ? '-trans' : '';
  const slug = titleSlug(post.title);
  const params = new URLSearchParams({ id: String(post.id) });
  if (slug) params.set('title', slug);
  params.set('type', 'myLikes');
  return `/video${suffix}?${params}`;
}
