import { serverContext } from '#server-context';
import type { RouteHandle } from '../components/layout/layouts';
import { type NotificationLists, NotificationsPage } from '../components/notifications/NotificationsPage';
import { listPaths, type NotificationType, notificationTypes } from '../components/notifications/notification-types';
import { loginRedirect } from '../lib/login-next';
import { pageMeta } from '../lib/meta';
import { optionalId } from '../lib/route-params';
import type { Route } from './+types/notifications';

export const handle: RouteHandle = { layout: 'default' };

type ListAnswer = NotificationLists[NotificationType] & { statusCode: number; error?: string };

/** /notifications and /notifications/{id} (the one to point out); the four lists are rendered on the server. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const notificationId = optionalId(params.id);
  const { api } = context.get(serverContext);
  const answers = await Promise.all(notificationTypes.map((type) => api<ListAnswer>(`/api/notification/${listPaths[type]}`)));
  if (answers.some((answer) => answer.statusCode < 0)) loginRedirect(request);
  const lists = Object.fromEntries(
    notificationTypes.map((type, index) => {
      const { notifications, canLoadMore, cursor } = answers[index] as ListAnswer;
      return [type, { notifications, canLoadMore, cursor }];
    }),
  ) as NotificationLists;
  return { notificationId: notificationId === undefined ? undefined : Number(notificationId), lists };
}

export const meta = (args: Route.MetaArgs) => pageMeta(args, 'notifications');

export default function Notifications({ loaderData }: Route.ComponentProps) {
  return <NotificationsPage lists={loaderData.lists} currentId={loaderData.notificationId} />;
}
