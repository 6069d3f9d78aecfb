const SLUG_MAX = 100;

/** Spec §5 title slug: no accents, lowercase, only a-z 0-9 space and hyphen, at most 100 characters, spaces to hyphens. */
export function titleSlug(title: string): string {
  return title
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, '')
    .slice(0, SLUG_MAX)
    .replace(/ /g, '-');
}

/** Spec §2 link to a post: /video?id={postId} plus the title slug (the suffix picks the orientation's site variant). */
export function postPath(postId: number, title: string, suffix: '' | '-gay' | '-trans' = ''): string {
  const slug = titleSlug(title);
  return `/video${suffix}?id=${postId}${slug ? `&title=${slug}` : ''}`;
}
