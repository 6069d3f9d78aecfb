import { useEffect, useState } from 'react';
import { Form } from 'react-router';
import { serverContext } from '#server-context';
import styles from '../components/discovery/discovery.module.css';
import { loadFromApi, readerContext } from '../components/discovery/discovery-data.server';
import type { PlaylistView } from '../components/discovery/discovery-types';
import { PlaylistCards } from '../components/discovery/PlaylistCards';
import searchStyles from '../components/discovery/SearchBox.module.css';
import type { RouteHandle } from '../components/layout/layouts';
import { PageIntro } from '../components/page/PageIntro';
import { useTranslation } from '../i18n/react';
import { api } from '../lib/api';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/playlists';

export const handle: RouteHandle = { layout: 'default' };

const PAGE = 20;

/** Popular playlists, then all of them newest first (20 a page); `?q=` filters by name (splaylist). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const reader = readerContext(request, context.get(serverContext));
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 100);
  const listPath = `/api/playlist/?limit=${PAGE}&lgbt=${reader.lgbt}${q ? `&splaylist=${encodeURIComponent(q)}` : ''}`;
  const [popular, all] = await Promise.all([
    q
      ? { playlists: [] as PlaylistView[] }
      : loadFromApi<{ playlists: PlaylistView[] }>(reader, `/api/playlist/popular?lgbt=${reader.lgbt}`),
    loadFromApi<{ playlists: PlaylistView[]; canLoadMore: boolean }>(reader, listPath),
  ]);
  return { q, listPath, popular: popular.playlists.slice(0, 8), all };
}

export const meta = (args: Route.MetaArgs) => pageMeta(args, 'playlists');

export default function Playlists({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { q, listPath, popular, all } = loaderData;
  const [list, setList] = useState(all);
  const [loading, setLoading] = useState(false);
  useEffect(() => setList(all), [all]);
  // The newest-first list goes on after the popular ones instead of showing them twice; it still pages
  // by what the server sent.
  const shownAbove = new Set(popular.map((playlist) => playlist.id));
  const rest = list.playlists.filter((playlist) => !shownAbove.has(playlist.id));
  const allTitle = q
    ? t('discovery.playlists.matching', { q })
    : popular.length > 0
      ? t('discovery.playlists.more')
      : t('discovery.playlists.all');

  const loadMore = async () => {
    setLoading(true);
    try {
      const next = await api<{ playlists: PlaylistView[]; canLoadMore: boolean }>(`${listPath}&offset=${list.playlists.length}`);
      setList((current) => ({ playlists: [...current.playlists, ...next.playlists], canLoadMore: next.canLoadMore }));
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className={styles.page}>
      <PageIntro page="playlists" />
      <Form method="get" role="search" className={searchStyles.inlineForm}>
        <label htmlFor="playlist-filter" className={styles.visuallyHidden}>
          {t('discovery.playlists.filter')}
        </label>
        <input
          id="playlist-filter"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={100}
          placeholder={t('discovery.playlists.filter')}
          className={searchStyles.input}
        />
        <button type="submit" className={styles.secondaryButton}>
          {t('discovery.playlists.filterButton')}
        </button>
      </Form>
      {popular.length > 0 && (
        <section className={styles.section} aria-labelledby="playlists-popular">
          <h2 id="playlists-popular" className={styles.sectionTitle}>
            {t('discovery.playlists.popular')}
          </h2>
          <PlaylistCards playlists={popular} label={t('discovery.playlists.popular')} />
        </section>
      )}
      {(rest.length > 0 || list.canLoadMore || popular.length === 0) && (
        <section className={styles.section} aria-labelledby="playlists-all">
          <h2 id="playlists-all" className={styles.sectionTitle}>
            {allTitle}
          </h2>
          {rest.length > 0 ? (
            <PlaylistCards playlists={rest} label={allTitle} />
          ) : (
            <p className={styles.empty}>{t('discovery.playlists.none')}</p>
          )}
          {list.canLoadMore && (
            <div className={styles.more}>
              <button type="button" className={styles.secondaryButton} onClick={() => void loadMore()} disabled={loading}>
                {loading ? t('discovery.loading') : t('discovery.showMore')}
              </button>
            </div>
          )}
        </section>
      )}
    </div>
  );
}
