import type { RouteHandle } from '../components/layout/layouts';
import { PageIntro } from '../components/page/PageIntro';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/partners';

export const handle: RouteHandle = { layout: 'static' };

export const meta = (args: Route.MetaArgs) => pageMeta(args, 'partners');

export default function Partners() {
  return <PageIntro page="partners" />;
}
