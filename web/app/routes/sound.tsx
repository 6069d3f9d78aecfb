import { useState } from 'react';
import { serverContext } from '#server-context';
import type { PostCard } from '../../../server/src/posts/post-card.ts';
import type { SoundView } from '../../../server/src/sounds/sounds.service.ts';
import styles from '../components/discovery/discovery.module.css';
import { loadFromApi, readerContext } from '../components/discovery/discovery-data.server';
import { PostGrid } from '../components/discovery/PostGrid';
import type { RouteHandle } from '../components/layout/layouts';
import { NoteIcon } from '../components/sounds/NoteIcon';
import { SoundPlayButton } from '../components/sounds/SoundPlayButton';
import own from '../components/sounds/Sounds.module.css';
import { soundLength } from '../components/sounds/sound-format';
import { soundIdOf } from '../components/sounds/sound-links';
import { useSoundPreview } from '../components/sounds/useSoundPreview';
import { useTranslation } from '../i18n/react';
import { api } from '../lib/api';
import { formatCount } from '../lib/format-number';
import { titledMeta } from '../lib/meta';
import { notFound } from '../lib/route-params';
import { useResetOnChange } from '../lib/use-reset-on-change';
import type { Route } from './+types/sound';

export const handle: RouteHandle = { layout: 'default' };

type SoundPosts = { sound: SoundView; posts: PostCard[]; canLoadMore: boolean; cursor?: string };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = soundIdOf(params.sound);
  if (id === undefined) notFound();
  return loadFromApi<SoundPosts>(readerContext(request, context.get(serverContext)), `/api/sound/${id}`);
}

export const meta = (args: Route.MetaArgs) =>
  titledMeta(args, (t) => ({
    title: t('sounds.soundTitle', { name: args.loaderData?.sound.name ?? '' }),
    description: t('sounds.soundDescription', { name: args.loaderData?.sound.name ?? '' }),
  }));

/** /sound/{slug}-{id}: a sound, played here, and the image sets that play it (newest first). */
export default function Sound({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { sound } = loaderData;
  const preview = useSoundPreview();
  const [posts, setPosts] = useState(loaderData.posts);
  const [page, setPage] = useState({ more: loaderData.canLoadMore, cursor: loaderData.cursor });
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  useResetOnChange(loaderData, (next) => {
    setPosts(next.posts);
    setPage({ more: next.canLoadMore, cursor: next.cursor });
  });

  const loadMore = async () => {
    if (!page.cursor) return;
    setState('loading');
    try {
      const next = await api<SoundPosts>(`/api/sound/${sound.id}?cursor=${encodeURIComponent(page.cursor)}`);
      setPosts((current) => [...current, ...next.posts.filter((post) => !current.some((known) => known.id === post.id))]);
      setPage({ more: next.canLoadMore, cursor: next.cursor });
      setState('idle');
    } catch {
      setState('failed');
    }
  };

  const facts = [
    soundLength(sound.duration, i18n.language),
    t('counts.posts', { count: sound.imagePostsCount, formatted: formatCount(sound.imagePostsCount, i18n.language) }),
  ].filter(Boolean);
  return (
    <div className={styles.page}>
      <header className={own.header}>
        <div className={own.cover} aria-hidden="true">
          <NoteIcon size={44} />
        </div>
        <div className={own.headerText}>
          <h1 className={own.title}>
            <bdi>{sound.name}</bdi>
          </h1>
          <p className={own.meta}>{facts.join(' · ')}</p>
          <SoundPlayButton
            large
            name={sound.name}
            playing={preview.playing === sound.id}
            disabled={!sound.url}
            onToggle={() => preview.toggle(sound)}
          />
        </div>
      </header>
      <section className={styles.section} aria-labelledby="sound-posts">
        <h2 id="sound-posts" className={styles.sectionTitle}>
          {t('sounds.postsHeading')}
        </h2>
        {posts.length === 0 ? (
          <p className={styles.empty}>{t('sounds.noPosts')}</p>
        ) : (
          <PostGrid posts={posts} label={t('sounds.postsHeading')} />
        )}
        {page.more && (
          <div className={styles.more}>
            <button
              type="button"
              className={styles.secondaryButton}
              onClick={() => void loadMore()}
              disabled={state === 'loading'}
            >
              {state === 'loading' ? t('discovery.loading') : state === 'failed' ? t('discovery.retry') : t('discovery.showMore')}
            </button>
          </div>
        )}
      </section>
    </div>
  );
}
