import { type MouseEvent, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { formatCount } from '../../lib/format-number';
import { ReportButton } from '../discovery/ReportButton';
import { ShareLinkButton } from '../share/ShareLinkButton';
import { Avatar } from './Avatar';
import { bioWithTagLinks } from './bio-links';
import { FollowButton } from './FollowButton';
import styles from './ProfileHeader.module.css';
import { ACCOUNT_BADGES, type Profile } from './profile-types';
import { UsersDialog } from './UsersDialog';

interface ProfileHeaderProps {
  readonly profile: Profile;
  readonly avatar: Readonly<Record<string, string>> | undefined;
  readonly locale: string;
  /** -gay / -trans when the visitor browses a site variant: bio tag links stay in it. */
  readonly tagSuffix: string;
  readonly onError: (text: string) => void;
}

type ListKind = 'followers' | 'following';

/** A plain click opens the users dialog; modified clicks and no-JS follow the link to the full page. */
const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** Avatar, names, counts, bio with tag links, social links and the follow (or edit) button. */
export function ProfileHeader({ profile, avatar, locale, tagSuffix, onError }: ProfileHeaderProps) {
  const { t } = useTranslation();
  const [followers, setFollowers] = useState(profile.followersCount);
  const [dialog, setDialog] = useState<ListKind | undefined>();
  const badge = ACCOUNT_BADGES[profile.type];
  const name = profile.displayName || profile.username;
  const counts: { kind: ListKind | 'likes'; value: number }[] = [
    { kind: 'following', value: profile.followingCount },
    { kind: 'followers', value: followers },
    { kind: 'likes', value: profile.likesCount },
  ];
  // "1 Follower", "2 Followers": the label agrees with the number; "Following" reads the same for any.
  const countLabel = (kind: ListKind | 'likes', value: number) =>
    kind === 'following'
      ? t('profile.following')
      : t(kind === 'followers' ? 'counts.followerLabel' : 'counts.likeLabel', { count: value });

  return (
    <header className={styles.header}>
      <Avatar name={name} variants={avatar} size="large" />
      <div className={styles.identity}>
        <h1 className={styles.name}>
          <span className={styles.nameText} dir="auto">
            {name}
          </span>
          {badge && (
            <span className={styles.badge} title={t(`profile.badge.${badge}`)}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path
                  d="m12 2 2.4 1.8 3-.2.9 2.9 2.5 1.7-1 2.8 1 2.8-2.5 1.7-.9 2.9-3-.2L12 22l-2.4-1.8-3 .2-.9-2.9-2.5-1.7 1-2.8-1-2.8 2.5-1.7.9-2.9 3 .2z"
                  fill="currentColor"
                />
                <path
                  d="m8.2 12.2 2.6 2.6 5-5.2"
                  fill="none"
                  stroke="var(--on-accent)"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
              <span className={styles.visuallyHidden}>{t(`profile.badge.${badge}`)}</span>
            </span>
          )}
        </h1>
        <p className={styles.username}>
          <bdi>@{profile.username}</bdi>
        </p>
        <div className={styles.actions}>
          {profile.myProfile ? (
            <>
              <Link to="/settings" className={styles.secondaryAction}>
                {t('profile.editProfile')}
              </Link>
              <Link to="/studio" className={styles.secondaryAction}>
                {t('studio.open')}
              </Link>
            </>
          ) : (
            <FollowButton
              userId={profile.id}
              username={profile.username}
              following={profile.iFollowUser}
              onFollowersCount={setFollowers}
              onError={onError}
            />
          )}
          <ShareLinkButton
            path={`/${profile.username}`}
            title={name}
            kind="profile"
            message={{ event: 'shareProfile', data: { id: profile.id } }}
            className={styles.secondaryAction}
          />
          {!profile.myProfile && <ReportButton target={{ abuseUserId: profile.id }} className={styles.secondaryAction} />}
        </div>
      </div>

      <ul className={styles.counts}>
        {counts.map(({ kind, value }) => {
          const content = (
            <>
              <strong className={styles.countValue}>{formatCount(value, locale)}</strong>
              <span className={styles.countLabel}>{countLabel(kind, value)}</span>
            </>
          );
          return (
            <li key={kind}>
              {kind === 'likes' ? (
                <span className={styles.count}>{content}</span>
              ) : (
                <Link
                  to={`/${profile.username}/${kind}`}
                  className={styles.count}
                  onClick={(event) => {
                    if (!plainClick(event)) return;
                    event.preventDefault();
                    setDialog(kind);
                  }}
                >
                  {content}
                </Link>
              )}
            </li>
          );
        })}
      </ul>

      {profile.bio && (
        <p
          className={styles.bio}
          dir="auto"
          // The server keeps only b, u, a, i, br, em, strong and escapes the text (accounts/bio.ts).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server, tag links added to text only
          dangerouslySetInnerHTML={{ __html: profile.makeBioLinks ? bioWithTagLinks(profile.bio, tagSuffix) : profile.bio }}
        />
      )}
      {profile.socialLinks.length > 0 && (
        <ul className={styles.social} aria-label={t('profile.socialLinks')}>
          {profile.socialLinks.map((link) => (
            <li key={link.code}>
              <a href={link.url} rel="nofollow noopener ugc" target="_blank" className={styles.socialLink} title={link.name}>
                <span className={styles.socialCode} aria-hidden="true">
                  {link.code.toUpperCase()}
                </span>
                <span>{link.handle}</span>
                <span className={styles.visuallyHidden}>({link.name})</span>
              </a>
            </li>
          ))}
        </ul>
      )}

      {dialog && (
        <UsersDialog
          open
          onClose={() => setDialog(undefined)}
          title={t(dialog === 'followers' ? 'profile.followersOf' : 'profile.followingOf', { username: profile.username })}
          source={`/api/user/${profile.id}/${dialog}`}
          locale={locale}
          empty={t(dialog === 'followers' ? 'profile.noFollowers' : 'profile.noFollowing')}
          onError={onError}
        />
      )}
    </header>
  );
}
