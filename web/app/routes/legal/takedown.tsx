import { PageIntro } from '../../components/page/PageIntro';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/takedown';

export const meta = (args: Route.MetaArgs) => pageMeta(args, 'takedown');

export default function LegalTakedown() {
  return <PageIntro page="takedown" />;
}
