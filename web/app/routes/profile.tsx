import { type Params, redirect, type ShouldRevalidateFunction } from 'react-router';
import { serverContext } from '#server-context';
import type { FeedPost } from '../components/feed/feed-data';
import type { RouteHandle } from '../components/layout/layouts';
import { PostGrid } from '../components/posts/PostGrid';
import { likedVideoLink } from '../components/posts/post-links';
import { useStatusMessage } from '../components/posts/StatusMessage';
import { ProfileHeader } from '../components/profile/ProfileHeader';
import styles from '../components/profile/ProfilePage.module.css';
import { ProfileTabs } from '../components/profile/ProfileTabs';
import { avatarOf, findPost, loadPosts, loadProfile } from '../components/profile/profile-data.server';
import { useTranslation } from '../i18n/react';
import { readCookie } from '../lib/cookies';
import { useLiveHit } from '../lib/live-messages';
import { pageMeta } from '../lib/meta';
import { useRootData } from '../lib/root-data';
import { idOrUndefined, optionalId, requireUsername } from '../lib/route-params';
import type { Route } from './+types/profile';

export const handle: RouteHandle = { layout: 'default' };

/**
 * The layout of /{profile} and /user/{username}/{id} (routes.ts), so that both are one mounted page: a tile
 * opens its post over the grid at /user/{username}/{id}, and that address followed from anywhere else opens
 * the profile with the post over it. The owner also gets ?tab=likes (their liked posts) and sees their
 * processing and private posts in the grid.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const username = requireUsername('profile' in params ? params.profile : params.username);
  const openedId = 'id' in params ? optionalId(params.id) : undefined;
  const { api } = context.get(serverContext);
  const profile = await loadProfile(api, username);
  const url = new URL(request.url);
  const tab = url.searchParams.get('tab') === 'likes' && profile.myProfile ? 'likes' : 'posts';
  const source = tab === 'likes' ? '/api/post/?likes=1' : `/api/post/?userId=${profile.id}`;
  const page = await loadPosts(api, source);
  // A post the first page does not hold is read here, and handed to the overlay so it need not ask again.
  let opened: FeedPost | undefined;
  if (openedId && !page.posts.some((post) => String(post.id) === openedId && post.user.id === profile.id)) {
    opened = await findPost(api, openedId);
    // The address names the post's creator: another creator's post opens under theirs, a missing one leaves the profile.
    if (opened?.user.id !== profile.id) {
      throw redirect(opened ? `/user/${opened.user.username}/${opened.id}${url.search}` : `/${profile.username}${url.search}`);
    }
  }
  const own = tab === 'posts' ? page.posts : (await loadPosts(api, `/api/post/?userId=${profile.id}&limit=1`)).posts;
  // The list's address has no lgbt: the API follows the lgbtPreference cookie, every orientation without it (0).
  // The overlay's feed goes on past the loaded pages with the same orientation.
  const preference = Number(readCookie(request.headers.get('cookie'), 'lgbtPreference'));
  const lgbt = Number.isInteger(preference) && preference >= 0 && preference <= 3 ? preference : 0;
  return { profile, tab, source, page, opened, lgbt, avatar: avatarOf(profile, own) };
}

const usernameOf = (params: Params) => (params.profile ?? params.username)?.toLowerCase();

/** A post opened over the grid, or closed again, changes only the id: the page keeps what it loaded. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentParams,
  nextParams,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) =>
  usernameOf(currentParams) === usernameOf(nextParams) &&
  currentUrl.searchParams.get('tab') === nextUrl.searchParams.get('tab') &&
  currentParams.id !== nextParams.id
    ? false
    : defaultShouldRevalidate;

export const meta = (args: Route.MetaArgs) =>
  pageMeta(args, 'profile', { username: args.loaderData?.profile.username ?? args.params.profile ?? '' });

export default function Profile({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const locale = root?.locale ?? 'en-US';
  const [status, showStatus] = useStatusMessage();
  const { profile, tab, source, page, opened, lgbt, avatar } = loaderData;
  useLiveHit('hitUser', { id: profile.id });
  const tagSuffix = root?.lgbtPreference === 2 ? '-gay' : root?.lgbtPreference === 3 ? '-trans' : '';
  const likes = tab === 'likes';
  const openedId = idOrUndefined('id' in params ? params.id : undefined);
  // Liked posts are other creators': they play in the player with the likes as the feed (spec §2
  // type=myLikes), as /user/{username}/{id} would name the wrong profile.
  const tiles = likes
    ? { linkFor: likedVideoLink }
    : {
        feed: {
          filters: { userId: String(profile.id) },
          lgbt,
          openedId,
          opened,
          pagePath: `/${profile.username}`,
          linkOf: (post: { readonly id: number }) => `/user/${profile.username}/${post.id}`,
          // Names the overlay as the page's heading does (ProfileHeader).
          label: profile.displayName || profile.username,
        },
      };
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
        {...tiles}
        owner={profile.myProfile && !likes}
        pinsFirst={!likes}
        currentId={openedId}
        label={likes ? t('profile.likedBy') : t('profile.postsOf', { username: profile.username })}
        empty={likes ? t('profile.emptyLikes') : t(profile.myProfile ? 'profile.emptyOwnPosts' : 'profile.emptyPosts')}
        onMessage={(text, tone) => showStatus(text, tone, tone === 'error' ? 8000 : 3000)}
      />
      {status}
    </div>
  );
}
