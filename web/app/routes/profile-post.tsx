import { redirect } from 'react-router';
import { serverContext } from '#server-context';
import { playbackPreferences } from '../components/feed/feed-data';
import type { RouteHandle } from '../components/layout/layouts';
import { PostGrid } from '../components/posts/PostGrid';
import { PostPage } from '../components/posts/PostPage';
import { profileVideoLink } from '../components/posts/post-links';
import { useStatusMessage } from '../components/posts/StatusMessage';
import styles from '../components/profile/ProfilePage.module.css';
import { loadPost, loadPosts, loadProfile } from '../components/profile/profile-data.server';
import { useTranslation } from '../i18n/react';
import { pageMeta } from '../lib/meta';
import { useRootData } from '../lib/root-data';
import { notFound, optionalId, requireUsername } from '../lib/route-params';
import { videoShareMeta } from '../lib/seo';
import type { Route } from './+types/profile-post';

// A page of its own (padding, room for the tab bar), not the full-bleed feed with the floating switcher.
export const handle: RouteHandle = { layout: 'default' };

/**
 * /{profile}/post/{id}: one post of that profile in the feed's player with its details, then more of
 * theirs; without an id, the profile.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const username = requireUsername(params.profile);
  const id = optionalId(params.id);
  if (!id) throw redirect(`/${username}`);
  const { api } = context.get(serverContext);
  const [post, profile] = await Promise.all([loadPost(api, id), loadProfile(api, username)]);
  if (post.user.id !== profile.id) notFound();
  const more = await loadPosts(api, `/api/post/?userId=${post.user.id}&rest=${post.id}`);
  return { post, more, isOwner: profile.myProfile, ...playbackPreferences(request.headers.get('cookie')) };
}

export const meta = (args: Route.MetaArgs) => {
  const post = args.loaderData?.post;
  const baseUrl = (args.matches.find((match) => match?.id === 'root')?.loaderData as { baseUrl?: string } | undefined)?.baseUrl;
  const first = post?.media[0];
  const video = first ? Object.entries(first.variants).find(([name]) => name.startsWith('mp4-'))?.[1] : undefined;
  const poster = first?.variants['poster-jpg'];
  const share =
    post && baseUrl && video && poster
      ? videoShareMeta({
          videoUrl: `${baseUrl}${video}`,
          posterUrl: `${baseUrl}${poster}`,
          posterWidth: 600,
          posterHeight: 800,
          playerUrl: `${baseUrl}/embed/${post.id}`,
        })
      : [];
  return pageMeta(args, 'profilePost', { username: post?.user.username ?? args.params.profile }, share);
};

export default function ProfilePost({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const locale = root?.locale ?? 'en-US';
  const [status, showStatus] = useStatusMessage();
  const { post, more, isOwner, autoplay, notPlayableSeen } = loaderData;
  const username = post.user.username;
  return (
    <div className={styles.page}>
      <PostPage
        key={post.id}
        post={post}
        isOwner={isOwner}
        signedIn={root?.signedIn ?? false}
        locale={locale}
        autoplay={autoplay}
        notPlayableSeen={notPlayableSeen}
        onError={(text) => showStatus(text, 'error', 4000)}
      />
      {more.posts.length > 0 && (
        <>
          <h2 className={styles.sectionTitle}>{t('profile.moreFrom', { username })}</h2>
          <PostGrid
            key={`more-${post.id}`}
            initial={more}
            source={`/api/post/?userId=${post.user.id}&rest=${post.id}`}
            locale={locale}
            linkFor={(item) => profileVideoLink(item, username)}
            label={t('profile.moreFrom', { username })}
            empty=""
          />
        </>
      )}
      {status}
    </div>
  );
}
