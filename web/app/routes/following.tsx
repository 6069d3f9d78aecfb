import { FeedScreen } from '../components/feed/FeedScreen';
import { loadFeedPage } from '../components/feed/feed-loader.server';
import { postPageMeta } from '../components/feed/post-meta';
import type { RouteHandle } from '../components/layout/layouts';
import { useTranslation } from '../i18n/react';
import { optionalId } from '../lib/route-params';
import type { Route } from './+types/following';

export const handle: RouteHandle = { layout: 'desktop-feed' };

/** Posts of the people I follow (spec §6: log in first); /following/{id} opens the feed at one post. */
export function loader(args: Route.LoaderArgs) {
  const id = optionalId(args.params.id);
  return loadFeedPage(args, {
    filters: { following: '1' },
    openedId: id === undefined ? undefined : Number(id),
    signedInOnly: true,
  });
}

export const meta = (args: Route.MetaArgs) =>
  postPageMeta(args, 'following', args.loaderData?.start.openedId ? args.loaderData.start.posts[0] : undefined);

export default function Following({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <FeedScreen
      key={params.id ?? ''}
      data={loaderData}
      title={t('pages.following.title')}
      empty={{
        title: t('feed.emptyFollowingTitle'),
        text: t('feed.emptyFollowingText'),
        link: '/',
        linkText: t('feed.exploreHome'),
      }}
    />
  );
}
