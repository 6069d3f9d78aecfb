import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { StillPicture } from '../media/StillPicture';
import { type PlaylistView, still } from './discovery-types';
import cards from './PlaylistCards.module.css';

/** Playlist covers with their names and video counts, each linking to the playlist page. */
export function PlaylistCards({ playlists, label }: { playlists: readonly PlaylistView[]; label: string }) {
  const { t } = useTranslation();
  return (
    <ul className={cards.grid} aria-label={label}>
      {playlists.map((playlist, index) => {
        const picture = still(playlist.cover, 'listing');
        return (
          <li key={playlist.id}>
            <Link to={playlist.path} className={cards.card} prefetch="intent">
              <span className={cards.cover}>
                {picture.jpg && (
                  <StillPicture webp={picture.webp} jpg={picture.jpg} className={cards.picture} eager={index < 6} />
                )}
                <span className={cards.count}>{t('counts.videos', { count: playlist.postsCount })}</span>
              </span>
              <span className={cards.name}>{playlist.name}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** /play{suffix}/{id}-{name}: the playing view of a playlist (spec §2). */
export function playPath(playlist: PlaylistView): string {
  return playlist.path.replace(/^\/playlist/, '/play');
}
