import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { api } from '../../lib/api';
import { formatCount } from '../../lib/format-number';
import { Avatar } from './Avatar';
import { FollowButton } from './FollowButton';
import type { ListedUser, UserPage } from './profile-types';
import styles from './UserList.module.css';

interface UserListProps {
  /** GET /api/user/{id}/followers or /following; offset is added for later pages. */
  readonly source: string;
  /** The first page from a loader; without it the list loads it (the dialog). */
  readonly initial?: UserPage;
  readonly locale: string;
  readonly empty: string;
  readonly onError?: (text: string) => void;
}

/** Users with their follower counts and a follow button each, 30 a page with "show more". */
export function UserList({ source, initial, locale, empty, onError }: UserListProps) {
  const { t } = useTranslation();
  const [users, setUsers] = useState<ListedUser[]>(initial?.users ?? []);
  const [more, setMore] = useState(initial?.canLoadMore ?? false);
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>(initial ? 'idle' : 'loading');

  const load = async (offset: number) => {
    setState('loading');
    try {
      const page = await api<UserPage>(`${source}?offset=${offset}`);
      setUsers((current) => {
        const known = new Set(current.map((user) => user.id));
        return [...(offset === 0 ? [] : current), ...page.users.filter((user) => offset === 0 || !known.has(user.id))];
      });
      setMore(page.canLoadMore);
      setState('idle');
    } catch {
      setState('failed');
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first page loads once per source, when no loader gave it
  useEffect(() => {
    if (!initial) void load(0);
  }, [source]);

  if (state === 'idle' && users.length === 0) return <p className={styles.empty}>{empty}</p>;
  return (
    <div className={styles.wrap} aria-busy={state === 'loading' || undefined}>
      <ul className={styles.list}>
        {users.map((user) => (
          <li key={user.id} className={styles.row}>
            <Link to={`/${user.username}`} className={styles.person}>
              <Avatar name={user.displayName || user.username} variants={user.avatar} size="small" />
              <span className={styles.names}>
                <span className={styles.displayName}>{user.displayName || user.username}</span>
                <span className={styles.meta}>
                  <bdi>@{user.username}</bdi> ·{' '}
                  {t('counts.followers', { count: user.followersCount, formatted: formatCount(user.followersCount, locale) })}
                </span>
              </span>
            </Link>
            {!user.myProfile && (
              <FollowButton
                userId={user.id}
                username={user.username}
                following={user.iFollowUser}
                size="compact"
                onError={onError}
              />
            )}
          </li>
        ))}
      </ul>
      {state === 'loading' && <p className={styles.status}>{t('profile.loading')}</p>}
      {state === 'failed' && (
        <p className={styles.status} role="alert">
          {t('profile.loadFailed')}
        </p>
      )}
      {more && state !== 'loading' && (
        <button type="button" className={styles.more} onClick={() => load(users.length)}>
          {t('profile.loadMore')}
        </button>
      )}
    </div>
  );
}
