import type { RouteHandle } from '../components/layout/layouts';
import { PageIntro } from '../components/page/PageIntro';
import { pageMeta } from '../lib/meta';
import { optionalId } from '../lib/route-params';
import type { Route } from './+types/following';

export const handle: RouteHandle = { layout: 'desktop-feed' };

/** /following/{id} opens the feed at one post. */
export function loader({ params }: Route.LoaderArgs) {
  return { postId: optionalId(params.id) };
}

export const meta = (args: Route.MetaArgs) => pageMeta(args, 'following');

export default function Following() {
  return <PageIntro page="following" />;
}
