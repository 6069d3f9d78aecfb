import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { api } from '../../lib/api';
import { loginHref } from '../../lib/navigation';
import { useRootData } from '../../lib/root-data';
import styles from './FollowButton.module.css';

interface FollowButtonProps {
  readonly userId: number;
  readonly username: string;
  readonly following: boolean;
  readonly size?: 'regular' | 'compact';
  /** The followed user's new follower count, when the server answers. */
  readonly onFollowersCount?: (count: number) => void;
  readonly onError?: (text: string) => void;
}

/**
 * Follow / unfollow at once (optimistic), put right by the server's answer or taken back when it fails.
 * Anonymous visitors go to /login with this page as `next` (spec §6).
 */
export function FollowButton({ userId, username, following, size = 'regular', onFollowersCount, onError }: FollowButtonProps) {
  const { t } = useTranslation();
  const signedIn = useRootData()?.signedIn ?? false;
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [state, setState] = useState(following);
  const [busy, setBusy] = useState(false);
  useEffect(() => setState(following), [following]);

  const toggle = async () => {
    if (!signedIn) {
      navigate(loginHref(pathname, search));
      return;
    }
    const next = !state;
    setState(next);
    setBusy(true);
    try {
      const answer = await api<{ iFollowUser: boolean; followersCount: number }>('/api/user/follow', {
        method: next ? 'POST' : 'DELETE',
        body: { userId },
      });
      setState(answer.iFollowUser);
      onFollowersCount?.(answer.followersCount);
    } catch {
      setState(!next);
      onError?.(t('profile.followFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className={styles.button}
      data-size={size}
      data-following={state || undefined}
      aria-pressed={state}
      aria-busy={busy || undefined}
      aria-label={t(state ? 'profile.unfollowUser' : 'profile.followUser', { username })}
      onClick={toggle}
    >
      <span className={styles.idle}>{t(state ? 'profile.followingState' : 'profile.follow')}</span>
      {state && <span className={styles.hover}>{t('profile.unfollow')}</span>}
    </button>
  );
}
