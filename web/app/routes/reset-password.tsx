import type { RouteHandle } from '../components/layout/layouts';
import { PageIntro } from '../components/page/PageIntro';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/reset-password';

export const handle: RouteHandle = { layout: 'desktop-empty' };

export const meta = (args: Route.MetaArgs) => pageMeta(args, 'resetPassword');

export default function ResetPassword() {
  return <PageIntro page="resetPassword" />;
}
