import { useEffect } from 'react';
import { serverContext } from '#server-context';
import styles from '../components/discovery/discovery.module.css';
import { readerContext } from '../components/discovery/discovery-data.server';
import type { SearchResults as Results } from '../components/discovery/discovery-types';
import { SearchBox } from '../components/discovery/SearchBox';
import { RestrictedNotice, SearchResults } from '../components/discovery/SearchResults';
import { TrendList, type TrendRow } from '../components/discovery/TrendList';
import type { RouteHandle } from '../components/layout/layouts';
import { PageIntro } from '../components/page/PageIntro';
import { useTranslation } from '../i18n/react';
import { pageMeta } from '../lib/meta';
import { browserStore, rememberSearch } from '../lib/search-history';
import type { Route } from './+types/search';

export const handle: RouteHandle = { layout: 'default' };

const TRENDING_SHOWN = 12;
/** Spec §2 feed links carry nqt, the id of a tag to leave out. */
const excludedTag = (value: string | null) => (value && /^[1-9]\d{0,15}$/.test(value) ? `&exclTagId=${value}` : '');

/**
 * /search?q=: the results of GET /api/2/search (the -2 answer shows the restricted warning); without q,
 * the field with recent searches and what is trending.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const reader = readerContext(request, context.get(serverContext));
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 200);
  const country = url.searchParams.get('country');
  if (!q) {
    const top = await reader.api<{ statusCode: number; queries?: TrendRow[] }>(
      `/api/search/top-queries?lang=${reader.lang}${country ? `&country=${encodeURIComponent(country)}` : ''}`,
    );
    return { q, answer: undefined, restricted: false, trending: (top.queries ?? []).slice(0, TRENDING_SHOWN) };
  }
  const answer = await reader.api<{ statusCode: number } & Results>(
    `/api/2/search?q=${encodeURIComponent(q)}&lgbt=${reader.lgbt}&lang=${reader.lang}${excludedTag(url.searchParams.get('nqt'))}`,
  );
  const restricted = answer.statusCode === -2;
  return { q, answer: answer.statusCode === 2 ? (answer as Results) : undefined, restricted, trending: [] as TrendRow[] };
}

export const meta = (args: Route.MetaArgs) => pageMeta(args, 'search');

export default function Search({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { q, answer, restricted, trending } = loaderData;
  useEffect(() => {
    if (q) rememberSearch(browserStore(), q);
  }, [q]);
  return (
    <div className={styles.page}>
      {q ? <h1 className={styles.visuallyHidden}>{t('discovery.search.resultsFor', { q })}</h1> : <PageIntro page="search" />}
      <SearchBox initial={q} autoFocus={!q} />
      {restricted && <RestrictedNotice />}
      {answer && <SearchResults answer={answer} />}
      {!q && <TrendList id="search-trending" title={t('discovery.search.trending')} rows={trending} />}
    </div>
  );
}
