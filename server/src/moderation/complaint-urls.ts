/** What a complaint's address points at on this site: a post, or a profile by username. */
export interface UrlSubject {
  readonly postId?: number;
  readonly username?: string;
}

const USERNAME = /^[a-zA-Z0-9_.]{2,31}$/;
/** First path segments that are pages of the site, never a profile (web/app/routes.ts). */
const SITE_PAGES = new Set([
  'video',
  'video2',
  'embed',
  'play',
  'playlist',
  'popular',
  'search',
  'search-trends',
  'tag',
  'legal',
  'login',
  'signup',
  'settings',
  'notifications',
  'upload',
  'admin',
  'complaint',
  'report-content',
  'statements',
  'my-like',
  'action',
  'reset-password',
  'unsupported',
]);

const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

const asId = (text: string | null | undefined) => (text && /^[1-9][0-9]{0,15}$/.test(text) ? Number(text) : undefined);

/**
 * Reads a post id or a username from a link to this site (`/video?id=12`, `/anna/post/12`, `/embed/12`,
 * `/user/anna`, `/anna`) or a bare post id. Links to other sites answer undefined.
 */
export function subjectOf(text: string, baseUrl: string): UrlSubject | undefined {
  const trimmed = text.trim();
  const bareId = asId(trimmed);
  if (bareId !== undefined) return { postId: bareId };
  let url: URL;
  try {
    url = new URL(trimmed, baseUrl);
  } catch {
    return undefined;
  }
  const site = new URL(baseUrl);
  if (url.hostname.replace(/^www\./, '') !== site.hostname.replace(/^www\./, '')) return undefined;
  const segments = url.pathname.split('/').filter(Boolean).map(decoded);
  const [first = '', second, third] = segments;
  const queryId = asId(url.searchParams.get('id'));
  if (/^(video|play)/.test(first) && queryId !== undefined) return { postId: queryId };
  if (first === 'embed' && asId(second) !== undefined) return { postId: asId(second) };
  if (second === 'post' && asId(third) !== undefined) return { postId: asId(third) };
  if (first === 'user' && second && USERNAME.test(second)) return { username: second };
  if (segments.length <= 2 && USERNAME.test(first) && !SITE_PAGES.has(first)) return { username: first };
  return undefined;
}
