import type { RouteHandle } from '../components/layout/layouts';
import { PageIntro } from '../components/page/PageIntro';
import { pageMeta } from '../lib/meta';
import { notFound, optionalId } from '../lib/route-params';
import type { Route } from './+types/tag';

export const handle: RouteHandle = { layout: 'default' };

/** /tag/{tag}/{id} opens the tag's feed at one post. */
export function loader({ params }: Route.LoaderArgs) {
  const tag = params.tag.trim();
  if (!tag) notFound();
  return { tag, postId: optionalId('id' in params ? params.id : undefined) };
}

export const meta = (args: Route.MetaArgs) => pageMeta(args, 'tag', { tag: args.loaderData?.tag ?? '' });

export default function Tag({ loaderData }: Route.ComponentProps) {
  return <PageIntro page="tag" values={{ tag: loaderData.tag }} />;
}
