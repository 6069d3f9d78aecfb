import type { RouteHandle } from '../components/layout/layouts';
import { PageIntro } from '../components/page/PageIntro';
import { pageMeta } from '../lib/meta';
import { requirePlaylist } from '../lib/route-params';
import type { Route } from './+types/play';

export const handle: RouteHandle = { layout: 'desktop-feed' };

/** /play/{playlist}/{id}: the optional second segment names the feed or post to start from. */
export function loader({ params }: Route.LoaderArgs) {
  return { playlist: requirePlaylist(params.playlist), start: params.id };
}

export const meta = (args: Route.MetaArgs) => pageMeta(args, 'play');

export default function Play() {
  return <PageIntro page="play" />;
}
