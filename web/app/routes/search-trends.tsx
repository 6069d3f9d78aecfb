import { serverContext } from '#server-context';
import styles from '../components/discovery/discovery.module.css';
import { loadFromApi, readerContext } from '../components/discovery/discovery-data.server';
import results from '../components/discovery/SearchResults.module.css';
import { TrendList, type TrendRow } from '../components/discovery/TrendList';
import type { RouteHandle } from '../components/layout/layouts';
import { PageIntro } from '../components/page/PageIntro';
import { useTranslation } from '../i18n/react';
import { pageMeta } from '../lib/meta';
import { useRootData } from '../lib/root-data';
import type { Route } from './+types/search-trends';

export const handle: RouteHandle = { layout: 'default' };

const LISTS = ['top-queries', 'popular', 'combo', 'random'] as const;

/** The four trend lists of the visitor's country (the `country` parameter or the default), 50 each. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const reader = readerContext(request, context.get(serverContext));
  const country = new URL(request.url).searchParams.get('country');
  const suffix = country && /^[A-Za-z]{2}$/.test(country) ? `?country=${country}` : '';
  const answers = await Promise.all(
    LISTS.map((list) => loadFromApi<{ queries: TrendRow[]; country: string }>(reader, `/api/search/${list}${suffix}`)),
  );
  return {
    country: answers[0]?.country ?? '',
    lists: Object.fromEntries(LISTS.map((list, index) => [list, answers[index]?.queries ?? []])) as Record<
      (typeof LISTS)[number],
      TrendRow[]
    >,
  };
}

export const meta = (args: Route.MetaArgs) => pageMeta(args, 'searchTrends');

export default function SearchTrends({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const root = useRootData();
  const { country, lists } = loaderData;
  const countryName =
    root?.settings?.country.code === country
      ? root.settings.country.name
      : new Intl.DisplayNames([i18n.language], { type: 'region' }).of(country);
  return (
    <div className={styles.page}>
      <PageIntro page="searchTrends" />
      <p className={results.nothing}>{t('discovery.trends.country', { country: countryName ?? country })}</p>
      {Object.values(lists).every((rows) => rows.length === 0) && <p className={styles.empty}>{t('discovery.trends.empty')}</p>}
      <div className={results.trends}>
        <TrendList id="trends-top" title={t('discovery.trends.top')} rows={lists['top-queries']} />
        <TrendList id="trends-popular" title={t('discovery.trends.popular')} rows={lists.popular} />
        <TrendList id="trends-combo" title={t('discovery.trends.combo')} rows={lists.combo} />
        <TrendList id="trends-random" title={t('discovery.trends.random')} rows={lists.random} ranked={false} />
      </div>
    </div>
  );
}
