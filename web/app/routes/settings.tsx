import type { RouteHandle } from '../components/layout/layouts';
import { PageIntro } from '../components/page/PageIntro';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/settings';

export const handle: RouteHandle = { layout: 'desktop' };

export const meta = (args: Route.MetaArgs) => pageMeta(args, 'settings');

export default function Settings() {
  return <PageIntro page="settings" />;
}
