import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { studioStates } from '../../../../server/src/studio/studio-rules.ts';
import { useTranslation } from '../../i18n/react';
import { formatCount } from '../../lib/format-number';
import forms from '../account/forms.module.css';
import { clipLength } from './clip-length';
import { TimeSentence } from './LocalTime';
import { StateBadge } from './StateBadge';
import styles from './Studio.module.css';
import { loadStudioPosts, type StudioPostRow, type StudioState } from './studio-api';

/** When a row's post goes or went public, or else when it was uploaded. */
function RowDate({ post }: { post: StudioPostRow }) {
  if (post.scheduledAt && (post.state === 'scheduled' || post.target === 'scheduled')) {
    return <TimeSentence message="studio.scheduledFor" iso={post.scheduledAt} />;
  }
  if (post.publishedAt && (post.state === 'published' || post.state === 'private')) {
    return <TimeSentence message="studio.publishedOn" iso={post.publishedAt} />;
  }
  return <TimeSentence message="studio.createdOn" iso={post.createdAt} />;
}

function StudioRow({ post }: { post: StudioPostRow }) {
  const { t, i18n } = useTranslation();
  const title = post.title.trim() || t('studio.untitled');
  return (
    <li>
      <Link to={`/studio/post/${post.id}`} className={styles.row}>
        <span className={styles.thumb}>
          {post.thumbnail ? <img src={post.thumbnail} alt="" width={54} height={72} loading="lazy" /> : null}
          {post.duration !== null && <span className={styles.length}>{clipLength(post.duration)}</span>}
        </span>
        <span className={styles.rowBody}>
          <span className={styles.rowTitle} dir="auto">
            {title}
          </span>
          <span className={styles.rowMeta}>
            <StateBadge state={post.state} status={post.status} />
            {post.state === 'processing' && post.target === 'draft' && <span>{t('studio.thenDraft')}</span>}
            <RowDate post={post} />
          </span>
          <span className={styles.rowCounts}>
            <span>
              <span className={styles.countValue}>{formatCount(post.viewCount, i18n.language, 'views')}</span> {t('studio.views')}
            </span>
            <span>
              <span className={styles.countValue}>{formatCount(post.likesCount, i18n.language, 'count')}</span>{' '}
              {t('studio.likes')}
            </span>
          </span>
        </span>
      </Link>
    </li>
  );
}

/**
 * The creator's posts in every state, newest first: a filter by state (links, so it works before the
 * page's script runs), rows that open the post editor, and the next page as the end comes into view.
 */
export function StudioPostList({
  first,
  state,
}: {
  first: { posts: StudioPostRow[]; cursor: string | null };
  state: StudioState | undefined;
}) {
  const { t } = useTranslation();
  const [posts, setPosts] = useState(first.posts);
  const [cursor, setCursor] = useState(first.cursor);
  const [loading, setLoading] = useState<'idle' | 'loading' | 'failed'>('idle');
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setPosts(first.posts);
    setCursor(first.cursor);
    setLoading('idle');
  }, [first]);

  const loadMore = async () => {
    if (loading === 'loading' || !cursor) return;
    setLoading('loading');
    try {
      const next = await loadStudioPosts(state, cursor);
      setPosts((current) => [...current, ...next.posts.filter((post) => !current.some((known) => known.id === post.id))]);
      setCursor(next.cursor);
      setLoading('idle');
    } catch {
      setLoading('failed');
    }
  };
  const loadMoreRef = useRef(loadMore);
  loadMoreRef.current = loadMore;

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !cursor || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void loadMoreRef.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [cursor]);

  return (
    <section className={styles.posts}>
      <nav className={styles.filters} aria-label={t('studio.filterLabel')}>
        {[undefined, ...studioStates].map((value) => (
          <Link
            key={value ?? 'all'}
            to={value ? `/studio?state=${value}` : '/studio'}
            className={styles.chip}
            aria-current={value === state ? 'page' : undefined}
            preventScrollReset
          >
            {t(value ? `studio.states.${value}` : 'studio.states.all')}
          </Link>
        ))}
      </nav>
      {posts.length === 0 ? (
        <p className={styles.empty}>
          {state ? t('studio.empty') : t('studio.emptyAll')} {!state && <Link to="/new-post">{t('studio.upload')}</Link>}
        </p>
      ) : (
        <ul className={styles.rows}>
          {posts.map((post) => (
            <StudioRow key={post.id} post={post} />
          ))}
        </ul>
      )}
      {cursor && (
        <div ref={sentinel} className={styles.more}>
          <button type="button" className={forms.secondary} onClick={() => void loadMore()} disabled={loading === 'loading'}>
            {loading === 'loading' ? t('studio.loading') : loading === 'failed' ? t('studio.retry') : t('studio.showMore')}
          </button>
        </div>
      )}
    </section>
  );
}
