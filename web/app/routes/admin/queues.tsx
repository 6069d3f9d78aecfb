import { serverContext } from '#server-context';
import { adminData } from '../../components/moderation/admin-loader.server';
import { privatePageMeta } from '../../components/moderation/admin-meta';
import type { QueueAnswer } from '../../components/moderation/admin-types';
import { QueueView } from '../../components/moderation/QueueView';
import type { Route } from './+types/queues';

export const meta = (args: Route.MetaArgs) => privatePageMeta(args, 'moderation.queue.title');

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = new URLSearchParams({ queue: url.searchParams.get('queue') ?? 'open' });
  const category = url.searchParams.get('category');
  if (category) query.set('category', category);
  const cursor = url.searchParams.get('cursor');
  if (cursor) query.set('cursor', cursor);
  const answer = await adminData<QueueAnswer>(context.get(serverContext).api, `/api/admin/cases?${query}`);
  // Deadlines are shown relative to the server's clock, so the page reads the same before and after hydration.
  return { ...answer, now: new Date().toISOString() };
}

export default function AdminQueues({ loaderData }: Route.ComponentProps) {
  return <QueueView answer={loaderData} />;
}
