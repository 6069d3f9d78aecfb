import type { RouteHandle } from '../components/layout/layouts';
import { PageIntro } from '../components/page/PageIntro';
import { pageMeta } from '../lib/meta';
import { optionalId, requireUsername } from '../lib/route-params';
import type { Route } from './+types/popular';

export const handle: RouteHandle = { layout: 'default' };

/** /popular/{username}/{id} opens the popular feed at one creator's post. */
export function loader({ params }: Route.LoaderArgs) {
  if (!('username' in params)) return { username: undefined, postId: undefined };
  return { username: requireUsername(params.username), postId: optionalId(params.id) };
}

export const meta = (args: Route.MetaArgs) => pageMeta(args, 'popular');

export default function Popular() {
  return <PageIntro page="popular" />;
}
