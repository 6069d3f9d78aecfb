import type { RouteHandle } from '../components/layout/layouts';
import { PageIntro } from '../components/page/PageIntro';
import { pageMeta } from '../lib/meta';
import { optionalId } from '../lib/route-params';
import type { Route } from './+types/embed';

export const handle: RouteHandle = { layout: 'embed' };

export function loader({ params }: Route.LoaderArgs) {
  return { postId: optionalId(params.post) };
}

export const meta = (args: Route.MetaArgs) => pageMeta(args, 'embed');

export default function Embed() {
  return <PageIntro page="embed" />;
}
