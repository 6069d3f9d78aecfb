interface LabelledPost {
  readonly title?: string | null;
  readonly tags: readonly { readonly tag: string }[];
  readonly user: { readonly username: string; readonly displayName?: string | null };
}

const LABEL_TAGS = 3;

/**
 * What a list shows for a post: its title, or for an untitled post its creator and first tags
 * ("Mia · #beach #sunset"), so a page of untitled posts still tells them apart.
 */
export function postLabel(post: LabelledPost): string {
  const title = post.title?.trim();
  if (title) return title;
  const name = post.user.displayName?.trim() || `@${post.user.username}`;
  const tags = post.tags.slice(0, LABEL_TAGS).map((tag) => `#${tag.tag}`);
  return tags.length > 0 ? `${name} · ${tags.join(' ')}` : name;
}
