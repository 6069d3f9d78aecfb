import { useLocation } from 'react-router';
import { FeedScreen } from '../components/feed/FeedScreen';
import { loadFeedPage } from '../components/feed/feed-loader.server';
import type { RouteHandle } from '../components/layout/layouts';
import { useTranslation } from '../i18n/react';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/home';

export const handle: RouteHandle = { layout: 'desktop-feed' };

export const meta = (args: Route.MetaArgs) => pageMeta(args, 'home');

/** The home mix of GET /api/post/ (no filters) in the page's orientation: /, /gay, /trans. */
export function loader(args: Route.LoaderArgs) {
  return loadFeedPage(args, {});
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <FeedScreen
      key={pathname}
      data={loaderData}
      title={t('pages.home.title')}
      empty={{ title: t('feed.emptyHome'), link: '/popular', linkText: t('feed.explorePopular') }}
    />
  );
}
