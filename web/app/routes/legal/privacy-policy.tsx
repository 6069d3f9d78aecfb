import { PageIntro } from '../../components/page/PageIntro';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/privacy-policy';

export const meta = (args: Route.MetaArgs) => pageMeta(args, 'privacyPolicy');

export default function LegalPrivacyPolicy() {
  return <PageIntro page="privacyPolicy" />;
}
