import { useLocation } from 'react-router';
import { FeedScreen } from '../components/feed/FeedScreen';
import { loadFeedPage } from '../components/feed/feed-loader.server';
import { postPageMeta } from '../components/feed/post-meta';
import type { RouteHandle } from '../components/layout/layouts';
import { useTranslation } from '../i18n/react';
import { contextFilters, readFeedContext, readPostId } from '../lib/post-links';
import { notFound } from '../lib/route-params';
import type { Route } from './+types/video';

export const handle: RouteHandle = { layout: 'desktop-feed' };

/**
 * /video?id={postId}&title={slug} with an optional feed context (spec §2): the player opens at the post
 * and goes on through the context's list — a playlist, a tag, my follows, a creator, my likes — or the
 * home mix when there is none (a search continues with the home mix too: the post API has no search list).
 */
export function loader(args: Route.LoaderArgs) {
  const parameters = new URL(args.request.url).searchParams;
  const openedId = readPostId(parameters);
  if (openedId === undefined) notFound();
  const context = readFeedContext(parameters);
  return loadFeedPage(args, {
    openedId,
    signedInOnly: context.kind === 'myFollows' || context.kind === 'myLikes',
    filtersFor: (opened) => contextFilters(context, opened),
  });
}

export const meta = (args: Route.MetaArgs) => postPageMeta(args, 'video', args.loaderData?.start.posts[0]);

export default function Video({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { search } = useLocation();
  return (
    <FeedScreen
      key={search}
      data={loaderData}
      title={loaderData.start.posts[0]?.title || t('pages.video.title')}
      empty={{ title: t('feed.emptyHome'), link: '/', linkText: t('feed.exploreHome') }}
    />
  );
}
