import { useLocation } from 'react-router';
import { FeedScreen } from '../components/feed/FeedScreen';
import { POPULAR_PAGE_SIZE } from '../components/feed/feed-data';
import { loadFeedPage } from '../components/feed/feed-loader.server';
import { postPageMeta } from '../components/feed/post-meta';
import type { RouteHandle } from '../components/layout/layouts';
import { useTranslation } from '../i18n/react';
import { optionalId, requireUsername } from '../lib/route-params';
import type { Route } from './+types/popular';

export const handle: RouteHandle = { layout: 'desktop-feed' };

/**
 * The popular feed, 30 posts a page (spec §9 auto-popular). It reads the home mix of GET /api/post/ in
 * its Popular order (`popular=1`): the most popular posts, and new posts only after every proven one. /popular/{username}/{id} opens it at a creator's post.
 */
export function loader(args: Route.LoaderArgs) {
  const { params } = args;
  if ('username' in params) requireUsername(params.username);
  const id = 'id' in params ? optionalId(params.id) : undefined;
  return loadFeedPage(args, {
    pageSize: POPULAR_PAGE_SIZE,
    filters: { popular: '1' },
    openedId: id === undefined ? undefined : Number(id),
  });
}

export const meta = (args: Route.MetaArgs) =>
  postPageMeta(args, 'popular', args.loaderData?.start.openedId ? args.loaderData.start.posts[0] : undefined);

export default function Popular({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <FeedScreen
      key={pathname}
      data={loaderData}
      title={t('pages.popular.title')}
      empty={{ title: t('feed.emptyHome'), link: '/', linkText: t('feed.exploreHome') }}
    />
  );
}
