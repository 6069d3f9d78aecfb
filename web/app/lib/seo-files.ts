import type { ServerContext } from '#server-context';
import { languages } from '../../../server/src/settings/languages.ts';
import { legalDocuments } from './legal-documents';
import { orientationVariants, type SuffixedSection, variantPath } from './orientation';

/** Pages for signed-in visitors and the login form: nothing there for a search engine. */
const privatePages = ['/settings', '/edit-profile', '/notifications', '/new-post', '/login'];
const serverPaths = ['/api/', '/media-api/'];

/**
 * robots.txt: everything but the server's APIs and the private pages. Each page is matched exactly,
 * with its query or below it, never as a bare prefix: `Disallow: /login` would also hide a profile
 * called /loginova.
 */
export function robotsTxt(baseUrl: string): string {
  const rules = [
    ...serverPaths.map((path) => `Disallow: ${path}`),
    ...privatePages.flatMap((page) => [`Disallow: ${page}$`, `Disallow: ${page}?`, `Disallow: ${page}/`]),
  ];
  return ['User-agent: *', ...rules, '', `Sitemap: ${baseUrl}/sitemap.xml`, ''].join('\n');
}

export interface SitemapSource {
  readonly baseUrl: string;
  readonly api: ServerContext['api'];
}

/** One group of pages in the sitemap; sections reading the database do it through `api`, as loaders do. */
export type SitemapSection = (source: SitemapSource) => Promise<readonly string[]>;

const browsedSections: readonly SuffixedSection[] = ['popular', 'playlist', 'tag', 'search-trends'];
const variants = [undefined, ...orientationVariants];

/** The public pages that are the same for everyone, in each site variant where they have one. */
const staticPages: SitemapSection = async () => [
  ...variants.map((variant) => variantPath('home', variant)),
  ...browsedSections.flatMap((section) => variants.map((variant) => variantPath(section, variant))),
  '/creators',
  '/partners',
  '/rewards-content',
  '/contact-us',
  '/legal',
  ...legalDocuments.map((document) => `/legal/${document}`),
];

/**
 * Sections in sitemap order. Tags, playlists and profiles join as sections reading their public lists
 * through `api`; past 50,000 addresses (the protocol's limit per file) /sitemap.xml becomes an index of
 * one file per section.
 */
export const sitemapSections: readonly SitemapSection[] = [staticPages];

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[character]};`);

/**
 * Every page once per interface language (`?lang=`) and once without, the x-default. The pages name
 * their language alternates themselves (lib/seo.ts), so the sitemap only lists addresses.
 */
export async function sitemapXml(source: SitemapSource, sections = sitemapSections): Promise<string> {
  const paths = (await Promise.all(sections.map((section) => section(source)))).flat();
  const urls = paths.flatMap((path) => {
    const separator = path.includes('?') ? '&' : '?';
    return [path, ...languages.map((language) => `${path}${separator}lang=${language.code}`)];
  });
  const entries = urls.map((url) => `<url><loc>${escapeXml(`${source.baseUrl}${url}`)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}
