import type { RouteHandle } from '../components/layout/layouts';
import { PageIntro } from '../components/page/PageIntro';
import { pageMeta } from '../lib/meta';
import { requireId, requireUsername } from '../lib/route-params';
import type { Route } from './+types/my-like';

export const handle: RouteHandle = { layout: 'desktop-feed' };

export function loader({ params }: Route.LoaderArgs) {
  return { username: requireUsername(params.username), postId: requireId(params.id) };
}

export const meta = (args: Route.MetaArgs) => pageMeta(args, 'myLike', { username: args.loaderData?.username ?? '' });

export default function MyLike({ loaderData }: Route.ComponentProps) {
  return <PageIntro page="myLike" values={{ username: loaderData.username }} />;
}
