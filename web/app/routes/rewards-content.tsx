import type { RouteHandle } from '../components/layout/layouts';
import { PageIntro } from '../components/page/PageIntro';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/rewards-content';

export const handle: RouteHandle = { layout: 'static' };

export const meta = (args: Route.MetaArgs) => pageMeta(args, 'rewardsContent');

export default function RewardsContent() {
  return <PageIntro page="rewardsContent" />;
}
