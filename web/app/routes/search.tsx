import type { RouteHandle } from '../components/layout/layouts';
import { PageIntro } from '../components/page/PageIntro';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/search';

export const handle: RouteHandle = { layout: 'default' };

export const meta = (args: Route.MetaArgs) => pageMeta(args, 'search');

export default function Search() {
  return <PageIntro page="search" />;
}
