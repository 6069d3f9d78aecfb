import type { RouteHandle } from '../components/layout/layouts';
import { PageIntro } from '../components/page/PageIntro';
import { pageMeta } from '../lib/meta';
import { optionalId } from '../lib/route-params';
import type { Route } from './+types/notifications';

export const handle: RouteHandle = { layout: 'default' };

/** /notifications/{id} opens one notification. */
export function loader({ params }: Route.LoaderArgs) {
  return { notificationId: optionalId(params.id) };
}

export const meta = (args: Route.MetaArgs) => pageMeta(args, 'notifications');

export default function Notifications() {
  return <PageIntro page="notifications" />;
}
