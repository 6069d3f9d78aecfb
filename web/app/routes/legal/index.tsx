import { PageIntro } from '../../components/page/PageIntro';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/index';

export const meta = (args: Route.MetaArgs) => pageMeta(args, 'legal');

export default function LegalOverview() {
  return <PageIntro page="legal" />;
}
