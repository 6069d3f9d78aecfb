import { serverContext } from '#server-context';
import { FeedLoadError, fetchPost } from '../components/feed/feed-data';
import { postPageMeta } from '../components/feed/post-meta';
import type { RouteHandle } from '../components/layout/layouts';
import { EmbedCard } from '../components/player/EmbedCard';
import { useRootData } from '../lib/root-data';
import { notFound, requireId } from '../lib/route-params';
import type { Route } from './+types/embed';

export const handle: RouteHandle = { layout: 'embed' };

/** /embed/{post}: the post alone, for other sites' iframes (the share sheet's embed code). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = Number(requireId(params.post));
  const { api } = context.get(serverContext);
  try {
    return { post: await fetchPost((path) => api(path), id) };
  } catch (error) {
    if (error instanceof FeedLoadError && error.code === 'not_found') notFound();
    throw error;
  }
}

export const meta = (args: Route.MetaArgs) => postPageMeta(args, 'embed', args.loaderData?.post);

export default function Embed({ loaderData }: Route.ComponentProps) {
  const siteUrl = useRootData()?.baseUrl ?? '';
  return <EmbedCard post={loaderData.post} siteUrl={siteUrl} />;
}
