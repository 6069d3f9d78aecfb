import type { RouteHandle } from '../components/layout/layouts';
import { PageIntro } from '../components/page/PageIntro';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/tags';

export const handle: RouteHandle = { layout: 'default' };

export const meta = (args: Route.MetaArgs) => pageMeta(args, 'tags');

export default function Tags() {
  return <PageIntro page="tags" />;
}
