import type { MetaDescriptor } from 'react-router';
import { i18nFor, type LocaleBundle, type PageKey, pageText } from '../i18n/config';
import { orientationOf } from './orientation';

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
  readonly location: { readonly pathname: string };
}

/** The root loader's locale bundle as seen from any route's meta function. */
function rootBundle(matches: MetaSource['matches']): LocaleBundle | undefined {
  return matches.find((match) => match?.id === 'root')?.loaderData as LocaleBundle | undefined;
}

/** <title> and description of a page from its translated title and description. */
export function pageMeta({ matches, location }: MetaSource, page: PageKey, values?: Record<string, string>): MetaDescriptor[] {
  const { t } = i18nFor(rootBundle(matches));
  const variant = orientationOf(location.pathname);
  const text = pageText(t, page, values);
  const title = variant
    ? t('meta.withOrientation', { title: text.title, orientation: t(`orientation.${variant.name}`) })
    : text.title;
  return [{ title: t('meta.titleTemplate', { title }) }, { name: 'description', content: cutDescription(text.description) }];
}
