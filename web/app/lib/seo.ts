import type { MetaDescriptor } from 'react-router';
import { languageOf, languages, resolveLocale } from '../../../server/src/settings/languages.ts';
import { legalDocuments } from './legal-documents';

export const SITE_NAME = 'Velvet';

/** Spec §9: the default share image is 600x800 (web/public/social-card.png, from web/scripts/generate-icons.ts). */
export const DEFAULT_SHARE_IMAGE = { path: '/social-card.png', width: 600, height: 800 } as const;

/** Spec §9: shared posts play in a 720x1150 player. */
export const SHARE_PLAYER_SIZE = { width: 720, height: 1150 } as const;

/** Aliases show the same page as another address; search engines are sent to that one. */
const aliases: Readonly<Record<string, string>> = {
  '/contact': '/contact-us',
  '/edit-profile': '/settings',
  '/video2': '/video',
  '/video2-gay': '/video-gay',
  '/video2-trans': '/video-trans',
  ...Object.fromEntries(legalDocuments.map((document) => [`/${document}`, `/legal/${document}`])),
};

/**
 * Query parameters that change what a page shows (the post of /video, the query of /search). Every
 * other one (feed context, campaign tags, country, go, lang) leaves the content as it is, so it stays out
 * of the canonical address; `lang` comes back through the language alternates.
 */
const contentParameters = ['id', 'q'];

function contentPath(pathname: string, search: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const path = aliases[trimmed] ?? trimmed;
  const given = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of contentParameters) {
    const value = given.get(name);
    if (value) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${path}?${query}` : path;
}

function withLanguage(path: string, code: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}lang=${code}`;
}

export interface PageAddress {
  readonly pathname: string;
  readonly search: string;
}

/** The language a `?lang=` in the address asks for (a two-letter code), if it is one of ours. */
function requestedLanguage(search: string): string | undefined {
  const locale = resolveLocale(new URLSearchParams(search).get('lang') ?? undefined, '');
  return locale ? languageOf(locale).code : undefined;
}

/**
 * The canonical URL of a page. Each language version is its own page (`?lang=de`), so an address with
 * a language is canonical for itself; without one, the server negotiates the language and the address
 * is the x-default of the alternates.
 */
export function canonicalUrl(baseUrl: string, { pathname, search }: PageAddress): string {
  const path = contentPath(pathname, search);
  const language = requestedLanguage(search);
  return `${baseUrl}${language ? withLanguage(path, language) : path}`;
}

/** hreflang alternates: one `?lang=` address per interface language, and the bare one as x-default. */
export function languageAlternates(baseUrl: string, { pathname, search }: PageAddress): { hreflang: string; href: string }[] {
  const path = contentPath(pathname, search);
  return [
    ...languages.map((language) => ({ hreflang: language.code, href: `${baseUrl}${withLanguage(path, language.code)}` })),
    { hreflang: 'x-default', href: `${baseUrl}${path}` },
  ];
}

export interface ShareDetails {
  readonly baseUrl: string;
  readonly url: string;
  readonly title: string;
  readonly description: string;
  /** The page's locale, such as pt-BR. */
  readonly locale: string;
}

/**
 * Open Graph defaults of every page. Twitter (X) reads og:title, og:description and og:image when its own
 * tags are absent, so only the card type is added.
 */
export function shareMeta({ baseUrl, url, title, description, locale }: ShareDetails): MetaDescriptor[] {
  return [
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:type', content: 'website' },
    { property: 'og:url', content: url },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:locale', content: locale.replace('-', '_') },
    { property: 'og:image', content: `${baseUrl}${DEFAULT_SHARE_IMAGE.path}` },
    { property: 'og:image:width', content: String(DEFAULT_SHARE_IMAGE.width) },
    { property: 'og:image:height', content: String(DEFAULT_SHARE_IMAGE.height) },
    { name: 'twitter:card', content: 'summary_large_image' },
  ];
}

export interface VideoShare {
  /** Absolute URL of an MP4 rendition that plays without scripts. */
  readonly videoUrl: string;
  readonly videoType?: string;
  /** Absolute URL of the poster image. */
  readonly posterUrl: string;
  readonly posterWidth: number;
  readonly posterHeight: number;
  /** Absolute URL of the /embed/{post} page, which X shows in its player card. */
  readonly playerUrl: string;
}

/**
 * Tags for a shared post, to pass as pageMeta()'s `extra`: they turn the page into a video object with
 * the spec's 720x1150 player, and the poster replaces the default share image.
 */
export function videoShareMeta({
  videoUrl,
  videoType = 'video/mp4',
  posterUrl,
  posterWidth,
  posterHeight,
  playerUrl,
}: VideoShare): MetaDescriptor[] {
  const width = String(SHARE_PLAYER_SIZE.width);
  const height = String(SHARE_PLAYER_SIZE.height);
  return [
    { property: 'og:type', content: 'video.other' },
    { property: 'og:image', content: posterUrl },
    { property: 'og:image:width', content: String(posterWidth) },
    { property: 'og:image:height', content: String(posterHeight) },
    { property: 'og:video', content: videoUrl },
    { property: 'og:video:secure_url', content: videoUrl },
    { property: 'og:video:type', content: videoType },
    { property: 'og:video:width', content: width },
    { property: 'og:video:height', content: height },
    { name: 'twitter:card', content: 'player' },
    { name: 'twitter:player', content: playerUrl },
    { name: 'twitter:player:width', content: width },
    { name: 'twitter:player:height', content: height },
  ];
}

/**
 * Replaces descriptors of the same property or name by later ones, keeping the first one's place, so
 * a page can build on the defaults (videoShareMeta after shareMeta) without duplicate tags.
 */
export function mergeMeta(...groups: MetaDescriptor[][]): MetaDescriptor[] {
  const merged = new Map<string, MetaDescriptor>();
  let anonymous = 0;
  for (const descriptor of groups.flat()) {
    const record = descriptor as Record<string, unknown>;
    const key = record.property ?? record.name;
    merged.set(typeof key === 'string' ? key : `#${anonymous++}`, descriptor);
  }
  return [...merged.values()];
}
