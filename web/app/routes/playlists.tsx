import type { RouteHandle } from '../components/layout/layouts';
import { PageIntro } from '../components/page/PageIntro';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/playlists';

export const handle: RouteHandle = { layout: 'default' };

export const meta = (args: Route.MetaArgs) => pageMeta(args, 'playlists');

export default function Playlists() {
  return <PageIntro page="playlists" />;
}
