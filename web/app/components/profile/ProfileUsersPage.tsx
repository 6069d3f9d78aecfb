import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { useRootData } from '../../lib/root-data';
import { useStatusMessage } from '../posts/StatusMessage';
import { Avatar } from './Avatar';
import styles from './ProfilePage.module.css';
import { ProfileTabs } from './ProfileTabs';
import type { Profile, UserPage } from './profile-types';
import { UserList } from './UserList';

interface ProfileUsersPageProps {
  readonly kind: 'followers' | 'following';
  readonly profile: Profile;
  readonly avatar: Readonly<Record<string, string>> | undefined;
  readonly page: UserPage;
}

/** /{profile}/followers and /{profile}/following: who follows the profile, or whom it follows. */
export function ProfileUsersPage({ kind, profile, avatar, page }: ProfileUsersPageProps) {
  const { t } = useTranslation();
  const locale = useRootData()?.locale ?? 'en-US';
  const [status, showStatus] = useStatusMessage();
  const name = profile.displayName || profile.username;
  return (
    <div className={styles.page}>
      <Link
        to={`/${profile.username}`}
        className={styles.backLink}
        aria-label={t('profile.backToProfile', { username: profile.username })}
      >
        <Avatar name={name} variants={avatar} size="small" />
        <span className={styles.backName}>
          <span>{name}</span>
          <bdi className={styles.backUser}>@{profile.username}</bdi>
        </span>
      </Link>
      <h1 className={styles.sectionTitle}>
        {t(kind === 'followers' ? 'profile.followersOf' : 'profile.followingOf', { username: profile.username })}
      </h1>
      <ProfileTabs
        current={kind}
        tabs={[
          { key: 'followers', label: t('profile.followers'), to: `/${profile.username}/followers` },
          { key: 'following', label: t('profile.following'), to: `/${profile.username}/following` },
        ]}
      />
      <UserList
        key={`${profile.id}-${kind}`}
        source={`/api/user/${profile.id}/${kind}`}
        initial={page}
        locale={locale}
        empty={t(kind === 'followers' ? 'profile.noFollowers' : 'profile.noFollowing')}
        onError={(text) => showStatus(text, 'error', 4000)}
      />
      {status}
    </div>
  );
}
