import type { RouteHandle } from '../components/layout/layouts';
import { PageIntro } from '../components/page/PageIntro';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/unsupported';

export const handle: RouteHandle = { layout: 'empty' };

export const meta = (args: Route.MetaArgs) => pageMeta(args, 'unsupported');

export default function Unsupported() {
  return <PageIntro page="unsupported" />;
}
