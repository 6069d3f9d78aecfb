import { Link } from 'react-router';
import { serverContext } from '#server-context';
import styles from '../components/discovery/discovery.module.css';
import { loadFromApi, readerContext } from '../components/discovery/discovery-data.server';
import type { PlaylistView, PostList } from '../components/discovery/discovery-types';
import { PagedPostGrid } from '../components/discovery/PagedPostGrid';
import { playPath } from '../components/discovery/PlaylistCards';
import headerStyles from '../components/discovery/TagHeader.module.css';
import type { RouteHandle } from '../components/layout/layouts';
import { ShareLinkButton } from '../components/share/ShareLinkButton';
import { useTranslation } from '../i18n/react';
import { useLiveHit } from '../lib/live-messages';
import { pageMeta } from '../lib/meta';
import { requirePlaylist } from '../lib/route-params';
import type { Route } from './+types/playlist';

export const handle: RouteHandle = { layout: 'default' };

const PAGE = 20;

/** /playlist/{id}-{name}: the playlist's posts in order, and a way to play them all. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = Number.parseInt(requirePlaylist(params.playlist), 10);
  const reader = readerContext(request, context.get(serverContext));
  const query = `playlistId=${id}&limit=${PAGE}`;
  const [{ playlists }, posts] = await Promise.all([
    loadFromApi<{ playlists: PlaylistView[] }>(reader, `/api/playlist/?playlistId=${id}`),
    loadFromApi<PostList>(reader, `/api/post/?${query}`),
  ]);
  return { playlist: playlists[0] as PlaylistView, query, posts };
}

export const meta = (args: Route.MetaArgs) =>
  pageMeta(args, 'playlist', undefined, args.loaderData ? [{ title: args.loaderData.playlist.name }] : []);

export default function Playlist({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { playlist, query, posts } = loaderData;
  useLiveHit('hitPlaylist', { id: playlist.id });
  return (
    <div className={styles.page}>
      <header className={headerStyles.header}>
        <div className={headerStyles.badge} aria-hidden="true">
          {playlist.cover['thumb-jpg'] ? (
            <img src={playlist.cover['thumb-jpg']} alt="" className={headerStyles.picture} />
          ) : (
            <span>▶</span>
          )}
        </div>
        <div className={headerStyles.text}>
          <p className={headerStyles.aliases}>{t('discovery.playlist.kicker')}</p>
          <h1 className={headerStyles.title}>{playlist.name}</h1>
          <p className={headerStyles.aliases}>{t('counts.videos', { count: playlist.postsCount })}</p>
          <div className={styles.chips}>
            {playlist.postsCount > 0 && (
              <Link to={playPath(playlist)} className={styles.primaryButton}>
                <PlayIcon /> {t('discovery.playlist.playAll')}
              </Link>
            )}
            <ShareLinkButton
              path={`/playlist/${params.playlist}`}
              title={playlist.name}
              kind="playlist"
              message={{ event: 'sharePlaylist', data: { id: playlist.id } }}
              className={styles.secondaryButton}
            />
          </div>
        </div>
      </header>
      <PagedPostGrid
        first={posts}
        query={query}
        context={{ playlist: playlist.id }}
        label={t('discovery.playlist.posts', { name: playlist.name })}
      />
    </div>
  );
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="currentColor">
      <path d="M7 4.5v15a1 1 0 0 0 1.5.86l12.5-7.5a1 1 0 0 0 0-1.72L8.5 3.64A1 1 0 0 0 7 4.5Z" />
    </svg>
  );
}
