import type { PostCard } from '../../../../server/src/posts/post-card.ts';
import { PostStatus } from '../../../../server/src/posts/post-status.ts';
import { processingProgress } from '../../../../server/src/posts/processing-progress.ts';
import { titleSlug } from '../../../../server/src/posts/slug.ts';

export type { PostCard };
/** Spec §4 progress of a post in the pipeline, computed as the worker computes it. */
export { processingProgress };

/** A tile plays its post unless it is the owner's post still processing or failed: those have nothing to play. */
export function isPlayable(post: Pick<PostCard, 'status' | 'jobs'>, owner: boolean): boolean {
  return !owner || (processingProgress(post) === undefined && post.status !== PostStatus.failed);
}

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

/** The post's best MP4 as a file to keep (`?download=1`), while its creator allows downloads (studio/README.md). */
export function downloadLink(post: Pick<PostCard, 'allowDownloads' | 'media'>): string | undefined {
  if (!post.allowDownloads) return undefined;
  const variants = post.media[0]?.variants ?? {};
  const height = (name: string) => Number(/^mp4-(\d+)$/.exec(name)?.[1] ?? 0);
  const best = Object.keys(variants)
    .filter((name) => height(name) > 0)
    .sort((a, b) => height(b) - height(a))[0];
  return best ? `${variants[best]}?download=1` : undefined;
}
