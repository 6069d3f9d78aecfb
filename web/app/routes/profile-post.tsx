import type { RouteHandle } from '../components/layout/layouts';
import { PageIntro } from '../components/page/PageIntro';
import { pageMeta } from '../lib/meta';
import { optionalId, requireUsername } from '../lib/route-params';
import type { Route } from './+types/profile-post';

export const handle: RouteHandle = { layout: 'desktop-feed' };

export function loader({ params }: Route.LoaderArgs) {
  return { username: requireUsername(params.profile), postId: optionalId(params.id) };
}

export const meta = (args: Route.MetaArgs) => pageMeta(args, 'profilePost', { username: args.loaderData?.username ?? '' });

export default function ProfilePost({ loaderData }: Route.ComponentProps) {
  return <PageIntro page="profilePost" values={{ username: loaderData.username }} />;
}
