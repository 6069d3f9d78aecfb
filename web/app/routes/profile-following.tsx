import type { RouteHandle } from '../components/layout/layouts';
import { PageIntro } from '../components/page/PageIntro';
import { pageMeta } from '../lib/meta';
import { requireUsername } from '../lib/route-params';
import type { Route } from './+types/profile-following';

export const handle: RouteHandle = { layout: 'default' };

export function loader({ params }: Route.LoaderArgs) {
  return { username: requireUsername(params.profile) };
}

export const meta = (args: Route.MetaArgs) => pageMeta(args, 'profileFollowing', { username: args.loaderData?.username ?? '' });

export default function ProfileFollowing({ loaderData }: Route.ComponentProps) {
  return <PageIntro page="profileFollowing" values={{ username: loaderData.username }} />;
}
