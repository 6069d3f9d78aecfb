import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { api } from '../../lib/api';
import { postLabel } from '../../lib/post-label';
import styles from './discovery.module.css';
import { type PlaylistView, type PostCard, type PostList, still } from './discovery-types';
import player from './PlaylistPlayer.module.css';
import { ReportButton } from './ReportButton';

/** Spec §9 mobile breakpoint: at or below it the playing post goes into ?playFeed= instead of the path. */
const MOBILE_MAX = 945;

function videoSource(post: PostCard): string | undefined {
  const media = post.media[0];
  if (!media?.mimeType.startsWith('video/')) return undefined;
  const renditions = Object.keys(media.variants).filter((name) => name.startsWith('mp4-'));
  const best = renditions.sort((a, b) => Number(b.slice(4)) - Number(a.slice(4)))[0];
  return best ? media.variants[best] : undefined;
}

/** The address of the playing view at a post: /play/{id}-{name}/{postId}, or ?playFeed={postId} on mobile. */
export function playAddress(base: string, postId: number, mobile: boolean): string {
  return mobile ? `${base}?playFeed=${postId}` : `${base}/${postId}`;
}

/**
 * Plays a playlist's posts one after another: video posts play and advance when they end, image posts
 * show their pictures. Arrow keys, the buttons or the list change the post; further pages load as the
 * end comes near. The address follows the playing post so a reload or a shared link resumes there.
 */
export function PlaylistPlayer({
  playlist,
  first,
  startAt,
  base,
}: {
  playlist: PlaylistView;
  first: PostList;
  startAt: number;
  base: string;
}) {
  const { t } = useTranslation();
  const [posts, setPosts] = useState(first.posts);
  const [more, setMore] = useState({ canLoadMore: first.canLoadMore, cursor: first.cursor });
  const [index, setIndex] = useState(
    Math.max(
      0,
      first.posts.findIndex((post) => post.id === startAt),
    ),
  );
  const loading = useRef(false);
  const current = posts[index];

  const go = useCallback(
    (next: number) => setIndex((now) => Math.min(Math.max(next, 0), Math.max(posts.length - 1, now))),
    [posts.length],
  );

  useEffect(() => {
    if (!current) return;
    const mobile = window.matchMedia(`(max-width: ${MOBILE_MAX}px)`).matches;
    window.history.replaceState(window.history.state, '', playAddress(base, current.id, mobile));
  }, [current, base]);

  useEffect(() => {
    if (index < posts.length - 3 || !more.canLoadMore || loading.current) return;
    loading.current = true;
    const position = more.cursor ? `cursor=${encodeURIComponent(more.cursor)}` : `offset=${posts.length}`;
    api<PostList>(`/api/post/?playlistId=${playlist.id}&limit=20&t=${first.t}&${position}`)
      .then((next) => {
        setPosts((known) => [...known, ...next.posts.filter((post) => !known.some((item) => item.id === post.id))]);
        setMore({ canLoadMore: next.canLoadMore, cursor: next.cursor });
      })
      .catch(() => setMore((state) => ({ ...state, canLoadMore: false })))
      .finally(() => {
        loading.current = false;
      });
  }, [index, posts.length, more, playlist.id, first.t]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLElement && event.target.closest('input, textarea, select, [contenteditable]')) return;
      if (event.key === 'ArrowDown' || event.key === 'j') go(index + 1);
      else if (event.key === 'ArrowUp' || event.key === 'k') go(index - 1);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go, index]);

  if (!current) return <p className={styles.empty}>{t('discovery.post.none')}</p>;
  const source = videoSource(current);
  const poster = still(current.media[0]?.variants ?? {}, 'poster');
  return (
    <div className={player.layout}>
      <section className={player.stage} aria-label={t('discovery.play.nowPlaying', { title: current.title })} aria-live="polite">
        <div className={player.frame}>
          {source ? (
            <video
              key={current.id}
              className={player.video}
              src={source}
              poster={poster.jpg}
              controls
              autoPlay
              muted
              playsInline
              onEnded={() => go(index + 1)}
            />
          ) : (
            <div className={player.images}>
              {current.media.map((media) => {
                const picture = still(media.variants, 'poster');
                return picture.jpg ? <img key={media.id} src={picture.jpg} alt="" className={player.image} /> : null;
              })}
            </div>
          )}
        </div>
        <div className={player.details}>
          <h2 className={player.title}>{postLabel(current)}</h2>
          <Link to={`/${current.user.username}`} className={player.author}>
            @{current.user.username}
          </Link>
          <div className={player.position}>
            <span>{t('discovery.play.position', { index: index + 1, total: playlist.postsCount || posts.length })}</span>
            <ReportButton key={current.id} target={{ postId: current.id }} className={player.report} />
          </div>
          <div className={player.controls}>
            <button type="button" className={styles.secondaryButton} onClick={() => go(index - 1)} disabled={index === 0}>
              {t('discovery.play.previous')}
            </button>
            <button
              type="button"
              className={styles.primaryButton}
              onClick={() => go(index + 1)}
              disabled={index >= posts.length - 1}
            >
              {t('discovery.play.next')}
            </button>
          </div>
        </div>
      </section>
      <section className={player.queue} aria-labelledby="play-queue">
        <h2 id="play-queue" className={styles.sectionTitle}>
          <Link to={playlist.path} className={player.queueTitle}>
            {playlist.name}
          </Link>
        </h2>
        <ol className={player.list}>
          {posts.map((post, position) => {
            const thumb = still(post.media[0]?.variants ?? {}, 'thumb');
            return (
              <li key={post.id}>
                <button
                  type="button"
                  className={player.item}
                  aria-current={position === index ? 'true' : undefined}
                  onClick={() => setIndex(position)}
                >
                  {thumb.jpg ? (
                    <img src={thumb.jpg} alt="" className={player.thumb} loading="lazy" />
                  ) : (
                    <span className={player.thumb} />
                  )}
                  <span className={player.itemText}>
                    <span className={player.itemTitle}>{postLabel(post)}</span>
                    <span className={player.itemAuthor}>@{post.user.username}</span>
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
      </section>
    </div>
  );
}
