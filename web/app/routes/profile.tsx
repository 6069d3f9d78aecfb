import { serverContext } from '#server-context';
import type { RouteHandle } from '../components/layout/layouts';
import { PostGrid } from '../components/posts/PostGrid';
import { likedVideoLink, profileVideoLink } from '../components/posts/post-links';
import { useStatusMessage } from '../components/posts/StatusMessage';
import { ProfileHeader } from '../components/profile/ProfileHeader';
import styles from '../components/profile/ProfilePage.module.css';
import { ProfileTabs } from '../components/profile/ProfileTabs';
import { avatarOf, loadPosts, loadProfile } from '../components/profile/profile-data.server';
import { useTranslation } from '../i18n/react';
import { pageMeta } from '../lib/meta';
import { useRootData } from '../lib/root-data';
import { optionalId, requireUsername } from '../lib/route-params';
import type { Route } from './+types/profile';

export const handle: RouteHandle = { layout: 'default' };

/**
 * Serves /{profile} and /user/{username}/{id}, which opens the profile marking that post. The owner
 * also gets ?tab=likes (their liked posts) and sees their processing and private posts in the grid.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const username = requireUsername('profile' in params ? params.profile : params.username);
  const postId = 'profile' in params ? undefined : optionalId(params.id);
  const { api } = context.get(serverContext);
  const profile = await loadProfile(api, username);
  const tab = new URL(request.url).searchParams.get('tab') === 'likes' && profile.myProfile ? 'likes' : 'posts';
  const source = tab === 'likes' ? '/api/post/?likes=1' : `/api/post/?userId=${profile.id}`;
  const page = await loadPosts(api, source);
  const own = tab === 'posts' ? page.posts : (await loadPosts(api, `/api/post/?userId=${profile.id}&limit=1`)).posts;
  return { profile, tab, source, page, avatar: avatarOf(profile, own), postId: postId ? Number(postId) : undefined };
}

export const meta = (args: Route.MetaArgs) =>
  pageMeta(args, 'profile', { username: args.loaderData?.profile.username ?? args.params.profile ?? '' });

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const locale = root?.locale ?? 'en-US';
  const [status, showStatus] = useStatusMessage();
  const { profile, tab, source, page, avatar, postId } = loaderData;
  const tagSuffix = root?.lgbtPreference === 2 ? '-gay' : root?.lgbtPreference === 3 ? '-trans' : '';
  const likes = tab === 'likes';
  return (
    <div className={styles.page}>
      <ProfileHeader
        key={profile.id}
        profile={profile}
        avatar={avatar}
        locale={locale}
        tagSuffix={tagSuffix}
        onError={(text) => showStatus(text, 'error', 4000)}
      />
      {profile.myProfile ? (
        <ProfileTabs
          current={tab}
          tabs={[
            { key: 'posts', label: t('profile.tabPosts'), to: `/${profile.username}` },
            { key: 'likes', label: t('profile.tabLikes'), to: `/${profile.username}?tab=likes` },
          ]}
        />
      ) : (
        <h2 className={styles.sectionTitle}>{t('profile.tabPosts')}</h2>
      )}
      <PostGrid
        key={`${profile.id}-${tab}`}
        initial={page}
        source={source}
        locale={locale}
        linkFor={(post) => (likes ? likedVideoLink(post) : profileVideoLink(post, profile.username))}
        owner={profile.myProfile && !likes}
        pinsFirst={!likes}
        currentId={postId}
        label={likes ? t('profile.likedBy') : t('profile.postsOf', { username: profile.username })}
        empty={likes ? t('profile.emptyLikes') : t(profile.myProfile ? 'profile.emptyOwnPosts' : 'profile.emptyPosts')}
        onMessage={(text, tone) => showStatus(text, tone, tone === 'error' ? 8000 : 3000)}
      />
      {status}
    </div>
  );
}
