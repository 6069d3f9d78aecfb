import type { ViewPage } from '../../../server/src/analytics/analytics.tables.ts';
import { suffixedSections } from './orientation';

/** What a view tells about where it comes from (server/src/analytics/view-source.ts). */
export interface SentViewSource {
  readonly page: ViewPage;
  readonly referrer?: string;
}

const PAGE_OF_SECTION: Readonly<Record<string, ViewPage>> = {
  '': 'feed',
  gay: 'feed',
  trans: 'feed',
  popular: 'feed',
  following: 'feed',
  tag: 'tag',
  search: 'search',
  playlist: 'playlist',
  play: 'playlist',
  video: 'post',
  video2: 'post',
  'my-like': 'post',
  embed: 'embed',
  user: 'profile',
};

/** First path segments of pages that show posts but are none of the analytics' screens. */
const OTHER_SECTIONS = new Set([
  'notifications',
  'sound',
  'sounds',
  'search-trends',
  'studio',
  'settings',
  'new-post',
  'admin',
  'creators',
]);

/** The screen a path shows, as the creators' traffic-by-page figures name it. */
export function pageOfPath(pathname: string): ViewPage {
  const [first = '', second] = pathname.split('/').slice(1);
  // /tag-gay, /video-trans... are their sections in another orientation.
  const section = first.replace(/-(gay|trans)$/, (suffix, _name, offset) =>
    (suffixedSections as readonly string[]).includes(first.slice(0, offset)) ? '' : suffix,
  );
  const known = PAGE_OF_SECTION[section];
  if (known) return known;
  if (OTHER_SECTIONS.has(section)) return 'other';
  // Any other first segment is a profile's address: /{profile}, or one of its posts at /{profile}/post/{id}.
  return second === 'post' ? 'post' : 'profile';
}

/** The host of an external referrer (another site sent the visitor here); undefined for none or our own. */
export function externalReferrer(referrer: string, ownHost: string): string | undefined {
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.hostname === ownHost) return undefined;
  return url.hostname;
}

/** Where a view on the current page comes from: its screen, and the site that sent the visitor to this page. */
export function currentViewSource(): SentViewSource {
  const page = pageOfPath(window.location.pathname);
  const referrer = externalReferrer(document.referrer, window.location.hostname);
  return referrer === undefined ? { page } : { page, referrer };
}
