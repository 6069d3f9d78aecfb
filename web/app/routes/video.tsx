import type { RouteHandle } from '../components/layout/layouts';
import { PageIntro } from '../components/page/PageIntro';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/video';

export const handle: RouteHandle = { layout: 'desktop-feed' };

export const meta = (args: Route.MetaArgs) => pageMeta(args, 'video');

export default function Video() {
  return <PageIntro page="video" />;
}
