import { FeedScreen } from '../components/feed/FeedScreen';
import { loadFeedPage } from '../components/feed/feed-loader.server';
import { postPageMeta } from '../components/feed/post-meta';
import type { RouteHandle } from '../components/layout/layouts';
import { useTranslation } from '../i18n/react';
import { requireId, requireUsername } from '../lib/route-params';
import type { Route } from './+types/my-like';

export const handle: RouteHandle = { layout: 'desktop-feed' };

/** My liked posts (GET /api/post/?likes=1, newest like first), opened at one of them. */
export function loader(args: Route.LoaderArgs) {
  const username = requireUsername(args.params.username);
  const openedId = Number(requireId(args.params.id));
  return loadFeedPage(args, { filters: { likes: '1' }, openedId, signedInOnly: true }).then((data) => ({ ...data, username }));
}

export const meta = (args: Route.MetaArgs) => postPageMeta(args, 'myLike', args.loaderData?.start.posts[0]);

export default function MyLike({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <FeedScreen
      key={loaderData.start.openedId}
      data={loaderData}
      title={t('pages.myLike.title', { username: loaderData.username })}
      empty={{ title: t('feed.emptyLikesTitle'), text: t('feed.emptyLikesText'), link: '/', linkText: t('feed.exploreHome') }}
    />
  );
}
