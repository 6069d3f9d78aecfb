import { PageIntro } from '../../components/page/PageIntro';
import { pageMeta } from '../../lib/meta';
import type { Route } from './+types/cookie-policy';

export const meta = (args: Route.MetaArgs) => pageMeta(args, 'cookiePolicy');

export default function LegalCookiePolicy() {
  return <PageIntro page="cookiePolicy" />;
}
