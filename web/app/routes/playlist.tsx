import type { RouteHandle } from '../components/layout/layouts';
import { PageIntro } from '../components/page/PageIntro';
import { pageMeta } from '../lib/meta';
import { requirePlaylist } from '../lib/route-params';
import type { Route } from './+types/playlist';

export const handle: RouteHandle = { layout: 'default' };

export function loader({ params }: Route.LoaderArgs) {
  return { playlist: requirePlaylist(params.playlist) };
}

export const meta = (args: Route.MetaArgs) => pageMeta(args, 'playlist');

export default function Playlist() {
  return <PageIntro page="playlist" />;
}
