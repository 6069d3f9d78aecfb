import { PageIntro } from '../../components/page/PageIntro';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/terms2257';

export const meta = (args: Route.MetaArgs) => pageMeta(args, 'terms2257');

export default function LegalTerms2257() {
  return <PageIntro page="terms2257" />;
}
