/** Where a post can be shared; each gets its own utm_source so shares are told apart in statistics. */
export const sharePlatforms = ['x', 'facebook', 'reddit', 'telegram', 'whatsapp', 'email'] as const;
export type SharePlatform = (typeof sharePlatforms)[number];

/** Channels that are not a platform: the copied link and the device's own share sheet. */
export type ShareChannel = SharePlatform | 'copy_link' | 'native';

/** Spec §9 "share links add utm tags per kind and platform": source = channel, medium = share, campaign = kind. */
export function taggedLink(url: string, channel: ShareChannel, kind = 'post'): string {
  const link = new URL(url);
  link.searchParams.set('utm_source', channel);
  link.searchParams.set('utm_medium', 'share');
  link.searchParams.set('utm_campaign', kind);
  return link.toString();
}

/** The address that opens a platform's share dialog with the post's tagged link and title. */
export function platformShareUrl(platform: SharePlatform, url: string, title: string): string {
  const link = taggedLink(url, platform);
  const encoded = encodeURIComponent(link);
  const text = encodeURIComponent(title);
  switch (platform) {
    case 'x':
      return `https://x.com/intent/post?url=${encoded}&text=${text}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${encoded}`;
    case 'reddit':
      return `https://www.reddit.com/submit?url=${encoded}&title=${text}`;
    case 'telegram':
      return `https://t.me/share/url?url=${encoded}&text=${text}`;
    case 'whatsapp':
      return `https://wa.me/?text=${encodeURIComponent(title ? `${title} ${link}` : link)}`;
    case 'email':
      return `mailto:?subject=${text}&body=${encoded}`;
  }
}

/** Spec §9: an embed is 420 pixels wide and 420 / aspect ratio + 87 high (the player plus its creator bar). */
export const EMBED_WIDTH = 420;
const EMBED_BAR_HEIGHT = 87;
const DEFAULT_ASPECT_RATIO = 9 / 16;

export function embedHeight(width: number | null | undefined, height: number | null | undefined): number {
  const ratio = width && height ? width / height : DEFAULT_ASPECT_RATIO;
  return Math.round(EMBED_WIDTH / ratio + EMBED_BAR_HEIGHT);
}

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The HTML a site pastes to show the post: an iframe of /embed/{post}. */
export function embedCode(
  baseUrl: string,
  postId: number,
  title: string,
  size: { width: number | null; height: number | null },
): string {
  const src = `${baseUrl}/embed/${postId}`;
  return `<iframe src="${escapeAttribute(src)}" width="${EMBED_WIDTH}" height="${embedHeight(size.width, size.height)}" title="${escapeAttribute(title)}" style="border:0;border-radius:12px" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen loading="lazy"></iframe>`;
}
