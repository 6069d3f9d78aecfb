import { serverContext } from '#server-context';
import type { RouteHandle } from '../components/layout/layouts';
import { ContentPage } from '../components/legal/ContentPage';
import { contentMeta } from '../components/legal/content-meta';
import { loadPageContent } from '../content/content.server';
import type { Route } from './+types/rewards-content';

export const handle: RouteHandle = { layout: 'static' };

export function loader({ request, context }: Route.LoaderArgs) {
  return loadPageContent(request, context.get(serverContext), 'rewards-content');
}

export const meta = (args: Route.MetaArgs) => contentMeta(args, 'rewardsContent');

export default function RewardsContent({ loaderData }: Route.ComponentProps) {
  return <ContentPage content={loaderData} variant="page" />;
}
