import type { MetaDescriptor } from 'react-router';
import { i18nFor, type PageKey, pageText } from '../i18n/config';
import { orientationOf } from './orientation';
import type { RootData } from './root-data';
import { canonicalUrl, languageAlternates, mergeMeta, shareMeta } from './seo';

/** Spec §9: meta descriptions are cut at 420 characters. */
const DESCRIPTION_LIMIT = 420;

export function cutDescription(text: string): string {
  const characters = Array.from(text);
  if (characters.length <= DESCRIPTION_LIMIT) return text;
  return `${characters
    .slice(0, DESCRIPTION_LIMIT - 1)
    .join('')
    .trimEnd()}…`;
}

interface MetaSource {
  readonly matches: ReadonlyArray<{ readonly id: string; readonly loaderData: unknown } | undefined>;
  readonly location: { readonly pathname: string; readonly search: string };
}

/** The root loader's data as seen from any route's meta function. */
function rootData(matches: MetaSource['matches']): RootData | undefined {
  return matches.find((match) => match?.id === 'root')?.loaderData as RootData | undefined;
}

/**
 * A page's <title>, description, canonical URL, language alternates and share tags, from its translated
 * title and description. `extra` adds or replaces tags by property or name (videoShareMeta for a post).
 */
export function pageMeta(
  { matches, location }: MetaSource,
  page: PageKey,
  values?: Record<string, string>,
  extra: MetaDescriptor[] = [],
): MetaDescriptor[] {
  return titledMeta({ matches, location }, (t) => pageText(t, page, values), extra);
}

/** pageMeta for a page whose title and description come from elsewhere than `pages.*` (a domain namespace). */
export function titledMeta(
  { matches, location }: MetaSource,
  textOf: (t: ReturnType<typeof i18nFor>['t']) => { title: string; description: string },
  extra: MetaDescriptor[] = [],
): MetaDescriptor[] {
  const root = rootData(matches);
  const { t, language } = i18nFor(root);
  const variant = orientationOf(location.pathname);
  const text = textOf(t);
  const title = variant
    ? t('meta.withOrientation', { title: text.title, orientation: t(`orientation.${variant.name}`) })
    : text.title;
  const description = cutDescription(text.description);
  const head: MetaDescriptor[] = [{ title: t('meta.titleTemplate', { title }) }, { name: 'description', content: description }];
  if (!root?.baseUrl) return mergeMeta(head, extra);
  const { baseUrl } = root;
  const url = canonicalUrl(baseUrl, location);
  return mergeMeta(
    head,
    [{ tagName: 'link', rel: 'canonical', href: url }],
    languageAlternates(baseUrl, location).map(({ hreflang, href }) => ({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: hreflang,
      href,
    })),
    shareMeta({ baseUrl, url, title, description, locale: language }),
    extra,
  );
}
