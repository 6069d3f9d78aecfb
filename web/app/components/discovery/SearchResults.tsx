import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { api } from '../../lib/api';
import { formatCount } from '../../lib/format-number';
import { orientationChoices, pathInVariant } from '../../lib/orientation';
import { markScrollEdges } from '../../lib/scroll-edges';
import scrollRow from '../../lib/scroll-edges.module.css';
import styles from './discovery.module.css';
import type { PostCard, SearchResults as Results } from './discovery-types';
import { PlaylistCards } from './PlaylistCards';
import { PostGrid } from './PostGrid';
import results from './SearchResults.module.css';
import { TagChips } from './TagCards';

const TABS = ['posts', 'tags', 'users', 'playlists'] as const;
type Tab = (typeof TABS)[number];

/** The -2 answer (spec §8): a warning sign and no results. */
export function RestrictedNotice() {
  const { t } = useTranslation();
  return (
    <div role="alert" className={results.restricted}>
      <span className={results.warningSign} aria-hidden="true">
        ⚠
      </span>
      <div>
        <p className={results.restrictedTitle}>{t('discovery.search.restrictedTitle')}</p>
        <p>{t('discovery.search.restrictedText')}</p>
      </div>
    </div>
  );
}

/**
 * A trigger word of another orientation: offer the same search on that site variant. Following it
 * locks the orientation for the variant's pages only (tempLockLGBT, lib/orientation.ts); the visitor's
 * preference stays as it was.
 */
function OrientationOffer({ value }: { value: number }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const choice = orientationChoices.find((item) => item.value === value);
  if (!choice) return null;
  const target = `${pathInVariant(pathname, choice.variant)}${search}`;
  const orientation = t(`orientation.${choice.name}`);
  return (
    <aside className={results.offer} aria-label={t('discovery.search.switchOffer', { orientation })}>
      <p>{t('discovery.search.switchOffer', { orientation })}</p>
      <a href={target} className={styles.secondaryButton}>
        {t('discovery.search.switchAction', { orientation })}
      </a>
    </aside>
  );
}

/** Results of GET /api/2/search in tabs; more posts come from /api/search/post-tag. */
export function SearchResults({ answer }: { answer: Results }) {
  const { t, i18n } = useTranslation();
  const counts: Record<Tab, number> = {
    posts: answer.posts.length,
    tags: answer.tags.length,
    users: answer.users.length,
    playlists: answer.playlists.length,
  };
  const [tab, setTab] = useState<Tab>('posts');
  const [posts, setPosts] = useState<PostCard[]>(answer.posts);
  const [more, setMore] = useState(answer.canLoadMore);
  const [loading, setLoading] = useState(false);
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ posts: null, tags: null, users: null, playlists: null });

  useEffect(() => {
    setPosts(answer.posts);
    setMore(answer.canLoadMore);
    setTab('posts');
  }, [answer]);

  const loadMore = async () => {
    setLoading(true);
    try {
      const filters = `${answer.inclTagId ? `&inclTagId=${answer.inclTagId}` : ''}${answer.exclTagId ? `&exclTagId=${answer.exclTagId}` : ''}`;
      const next = await api<{ posts: PostCard[]; canLoadMore: boolean }>(
        `/api/search/post-tag?q=${encodeURIComponent(answer.query)}&lgbt=${answer.lgbt}&offset=${posts.length}${filters}`,
      );
      setPosts((current) => [...current, ...next.posts]);
      setMore(next.canLoadMore);
    } finally {
      setLoading(false);
    }
  };

  /** Selects a tab and scrolls the row to show it whole (on a phone the row is wider than the screen). */
  const choose = (name: Tab) => {
    setTab(name);
    tabRefs.current[name]?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!step) return;
    const direction = document.documentElement.dir === 'rtl' ? -step : step;
    const next = TABS[(TABS.indexOf(tab) + direction + TABS.length) % TABS.length] as Tab;
    choose(next);
    tabRefs.current[next]?.focus();
    event.preventDefault();
  };

  const nothing = TABS.every((name) => counts[name] === 0);
  return (
    <div className={styles.page}>
      {answer.suggestedLgbt !== null && <OrientationOffer value={answer.suggestedLgbt} />}
      {nothing ? (
        <section className={styles.section} aria-labelledby="search-popular">
          <p className={results.nothing}>{t('discovery.search.noResults', { q: answer.query })}</p>
          {answer.popular.length > 0 && (
            <>
              <h2 id="search-popular" className={styles.sectionTitle}>
                {t('discovery.search.popularInstead')}
              </h2>
              <PostGrid posts={answer.popular} label={t('discovery.search.popularInstead')} />
            </>
          )}
        </section>
      ) : (
        <div>
          <div
            role="tablist"
            aria-label={t('discovery.search.resultsFor', { q: answer.query })}
            className={`${results.tabs} ${scrollRow.row}`}
            ref={markScrollEdges}
          >
            {TABS.map((name) => (
              <button
                key={name}
                ref={(element) => {
                  tabRefs.current[name] = element;
                }}
                type="button"
                role="tab"
                id={`search-tab-${name}`}
                aria-selected={tab === name}
                aria-controls={`search-panel-${name}`}
                tabIndex={tab === name ? 0 : -1}
                className={results.tab}
                onClick={() => choose(name)}
                onKeyDown={onTabKey}
              >
                {t(`discovery.search.tabs.${name}`)}
                <span className={results.tabCount}>{name === 'posts' && more ? `${counts.posts}+` : counts[name]}</span>
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`search-panel-${tab}`} aria-labelledby={`search-tab-${tab}`} className={results.panel}>
            {tab === 'posts' &&
              (posts.length ? (
                <>
                  <PostGrid posts={posts} context={{ query: answer.query }} label={t('discovery.search.tabs.posts')} />
                  {more && (
                    <div className={styles.more}>
                      <button type="button" className={styles.secondaryButton} onClick={() => void loadMore()} disabled={loading}>
                        {loading ? t('discovery.loading') : t('discovery.showMore')}
                      </button>
                    </div>
                  )}
                </>
              ) : (
                <p className={styles.empty}>{t('discovery.search.noneOfKind')}</p>
              ))}
            {tab === 'tags' &&
              (answer.tags.length ? (
                <TagChips tags={answer.tags} label={t('discovery.search.tabs.tags')} counts />
              ) : (
                <p className={styles.empty}>{t('discovery.search.noneOfKind')}</p>
              ))}
            {tab === 'users' &&
              (answer.users.length ? (
                <ul className={results.users}>
                  {answer.users.map((user) => (
                    <li key={user.id}>
                      <Link to={`/${user.username}`} className={results.user}>
                        {user.avatar['avatar-small-webp'] || user.avatar['avatar-small-jpg'] ? (
                          <img
                            src={user.avatar['avatar-small-webp'] ?? user.avatar['avatar-small-jpg']}
                            alt=""
                            className={results.avatar}
                          />
                        ) : (
                          <span className={results.avatar} />
                        )}
                        <span className={results.userText}>
                          <span className={results.userName}>{user.displayName || user.username}</span>
                          <span className={results.userMeta}>
                            @{user.username} ·{' '}
                            {t('counts.followers', {
                              count: user.followersCount,
                              formatted: formatCount(user.followersCount, i18n.language),
                            })}
                          </span>
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className={styles.empty}>{t('discovery.search.noneOfKind')}</p>
              ))}
            {tab === 'playlists' &&
              (answer.playlists.length ? (
                <PlaylistCards playlists={answer.playlists} label={t('discovery.search.tabs.playlists')} />
              ) : (
                <p className={styles.empty}>{t('discovery.search.noneOfKind')}</p>
              ))}
          </div>
        </div>
      )}
    </div>
  );
}
