import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { api } from '../../lib/api';
import { markScrollEdges } from '../../lib/scroll-edges';
import scrollRow from '../../lib/scroll-edges.module.css';
import { liveSocket } from '../../lib/socket-client';
import { PerformerRequestCard } from '../performers/PerformerRequestCard';
import { GroupedLikers } from './GroupedLikers';
import { BellIcon } from './icons';
import { NotificationItem } from './NotificationItem';
import styles from './NotificationsPage.module.css';
import {
  listPaths,
  type NotificationType,
  type NotificationView,
  notificationTypes,
  type Tab,
  tabs,
  tabType,
} from './notification-types';
import { type AgeGroup, groupByAge, mediaToPreload, mergeNotification, newestFirst } from './notifications-model';
import { notificationsStore, unreadTotal, useNotificationsState } from './notifications-store';

export interface NotificationList {
  readonly notifications: readonly NotificationView[];
  readonly canLoadMore: boolean;
  readonly cursor: string | null;
}
export type NotificationLists = Readonly<Record<NotificationType, NotificationList>>;

const tabLabel = {
  all: 'notifications.tabAll',
  likes: 'notifications.tabLikes',
  following: 'notifications.tabFollowing',
  newPosts: 'notifications.tabNewPosts',
} as const satisfies Record<Tab, string>;
const groupLabel = {
  today: 'notifications.groupToday',
  week: 'notifications.groupWeek',
  month: 'notifications.groupMonth',
  older: 'notifications.groupOlder',
} as const satisfies Record<AgeGroup, string>;

const typesOf = (tab: Tab): NotificationType[] => (tab === 'all' ? notificationTypes : [tabType[tab]]);

/**
 * The notification centre (spec §2, §4): tabs for all activity, likes, following and new posts (a tab
 * only when it has items), grouped by age, live notifications merged in as they come, mark all read.
 */
export function NotificationsPage({ lists: loaded, currentId }: { lists: NotificationLists; currentId?: number }) {
  const { t } = useTranslation();
  const { live, readAt, unread } = useNotificationsState();
  const [lists, setLists] = useState(loaded);
  const [tab, setTab] = useState<Tab>('all');
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const tabRefs = useRef(new Map<Tab, HTMLButtonElement>());
  useEffect(() => setLists(loaded), [loaded]);

  const items = useMemo(() => {
    const stored = notificationTypes.flatMap((type) =>
      lists[type].notifications.map((item) => (readAt[type] && item.isNew ? { ...item, isNew: false } : item)),
    );
    return [...live].reverse().reduce<NotificationView[]>((merged, item) => mergeNotification(merged, item), newestFirst(stored));
  }, [lists, live, readAt]);

  useEffect(() => {
    for (const url of mediaToPreload(items)) new Image().src = url;
  }, [items]);
  // Open, the centre shows everything the bell counts, so the bell clears (spec §4 readNotif per type, so
  // the next page load agrees); the rows keep their "new" mark for this visit, as on TikTok's inbox.
  useEffect(() => {
    const socket = liveSocket();
    for (const type of notificationTypes) {
      if ((unread[type] ?? 0) === 0) continue;
      socket?.send('readNotif', { type });
      notificationsStore.typeSeen(type);
    }
  }, [unread]);
  useEffect(() => {
    if (currentId !== undefined) document.getElementById(`notification-${currentId}`)?.scrollIntoView({ block: 'center' });
  }, [currentId]);

  const visibleTabs = tabs.filter((name) => items.some((item) => typesOf(name).includes(item.type)));
  const activeTab = visibleTabs.includes(tab) ? tab : 'all';
  const shown = items.filter((item) => typesOf(activeTab).includes(item.type));
  const unreadShown = items.some((item) => item.isNew) || unreadTotal(unread) > 0;
  const moreTypes = typesOf(activeTab).filter((type) => lists[type].canLoadMore);

  const markAllRead = () => {
    const socket = liveSocket();
    for (const type of notificationTypes) {
      socket?.send('readNotif', { type });
      notificationsStore.typeRead(type);
    }
  };

  const loadMore = async () => {
    setLoading(true);
    setFailed(false);
    try {
      const pages = await Promise.all(
        moreTypes.map((type) =>
          api<NotificationList>(`/api/notification/${listPaths[type]}?cursor=${encodeURIComponent(lists[type].cursor ?? '')}`),
        ),
      );
      setLists((current) => {
        const next = { ...current };
        moreTypes.forEach((type, index) => {
          const page = pages[index] as NotificationList;
          next[type] = { ...page, notifications: [...current[type].notifications, ...page.notifications] };
        });
        return next;
      });
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };

  /** Selects a tab and scrolls the row to show it whole (on a phone the row is wider than the screen). */
  const choose = (name: Tab) => {
    setTab(name);
    tabRefs.current.get(name)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = { ArrowRight: 1, ArrowLeft: -1, Home: -visibleTabs.length, End: visibleTabs.length }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const rtl = document.documentElement.dir === 'rtl' && (event.key === 'ArrowRight' || event.key === 'ArrowLeft');
    const index = visibleTabs.indexOf(activeTab) + (rtl ? -step : step);
    const target = visibleTabs[Math.max(0, Math.min(visibleTabs.length - 1, index))] ?? 'all';
    choose(target);
    tabRefs.current.get(target)?.focus();
  };

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('notifications.title')}</h1>
        {items.length > 0 && (
          <button type="button" className={styles.markAll} onClick={markAllRead} disabled={!unreadShown}>
            {unreadShown ? t('notifications.markAllRead') : t('notifications.allRead')}
          </button>
        )}
      </header>

      {items.length === 0 ? (
        <div className={styles.empty}>
          <span className={styles.emptyIcon}>
            <BellIcon />
          </span>
          <h2>{t('notifications.emptyTitle')}</h2>
          <p>{t('notifications.emptyBody')}</p>
        </div>
      ) : (
        <>
          <div className={styles.tabBar}>
            <div
              className={`${styles.tabs} ${scrollRow.row}`}
              ref={markScrollEdges}
              role="tablist"
              aria-label={t('notifications.tabsLabel')}
            >
              {visibleTabs.map((name) => (
                <button
                  key={name}
                  ref={(element) => {
                    if (element) tabRefs.current.set(name, element);
                    else tabRefs.current.delete(name);
                  }}
                  type="button"
                  role="tab"
                  id={`notifications-tab-${name}`}
                  aria-selected={name === activeTab}
                  aria-controls="notifications-panel"
                  tabIndex={name === activeTab ? 0 : -1}
                  className={styles.tab}
                  onClick={() => choose(name)}
                  onKeyDown={onTabKey}
                >
                  {t(tabLabel[name])}
                </button>
              ))}
            </div>
          </div>
          <div
            id="notifications-panel"
            role="tabpanel"
            aria-labelledby={`notifications-tab-${activeTab}`}
            className={styles.panel}
          >
            {groupByAge(shown).map(({ group, items: grouped }) => (
              <section key={group} className={styles.group} aria-labelledby={`notifications-group-${group}`}>
                <h2 id={`notifications-group-${group}`} className={styles.groupTitle}>
                  {t(groupLabel[group])}
                </h2>
                <ul className={styles.list}>
                  {grouped.map((item) => (
                    <li key={item.id} id={`notification-${item.id}`}>
                      <NotificationItem item={item} isNew={item.isNew} current={item.id === currentId} />
                      {item.type === 'post-like' && item.usersCount > 1 && item.post && <GroupedLikers postId={item.post.id} />}
                      {item.performer?.notice === 'request' && <PerformerRequestCard performerId={item.performer.id} />}
                    </li>
                  ))}
                </ul>
              </section>
            ))}
            {moreTypes.length > 0 && (
              <button type="button" className={styles.more} onClick={loadMore} disabled={loading} aria-busy={loading}>
                {t('notifications.showMore')}
              </button>
            )}
            {failed && (
              <p className={styles.failed} role="alert">
                {t('notifications.loadFailed')}
              </p>
            )}
          </div>
        </>
      )}
    </div>
  );
}
