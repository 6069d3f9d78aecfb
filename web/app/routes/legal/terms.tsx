import { PageIntro } from '../../components/page/PageIntro';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/terms';

export const meta = (args: Route.MetaArgs) => pageMeta(args, 'terms');

export default function LegalTerms() {
  return <PageIntro page="terms" />;
}
