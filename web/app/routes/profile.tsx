import type { RouteHandle } from '../components/layout/layouts';
import { PageIntro } from '../components/page/PageIntro';
import { pageMeta } from '../lib/meta';
import { optionalId, requireUsername } from '../lib/route-params';
import type { Route } from './+types/profile';

export const handle: RouteHandle = { layout: 'default' };

/** Serves /{profile} and /user/{username}/{id}, which opens the profile at one post. */
export function loader({ params }: Route.LoaderArgs) {
  if ('profile' in params) return { username: requireUsername(params.profile), postId: undefined };
  return { username: requireUsername(params.username), postId: optionalId(params.id) };
}

export const meta = (args: Route.MetaArgs) => pageMeta(args, 'profile', { username: args.loaderData?.username ?? '' });

export default function Profile({ loaderData }: Route.ComponentProps) {
  return <PageIntro page="profile" values={{ username: loaderData.username }} />;
}
