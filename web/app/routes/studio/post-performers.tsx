import { serverContext } from '#server-context';
import type { ManifestAnswer } from '../../../../server/src/compliance/performers/performers-schema.ts';
import { PostManifest } from '../../components/performers/PostManifest';
import { studioData } from '../../components/studio/studio-loader.server';
import { idOrUndefined, notFound } from '../../lib/route-params';
import type { Route } from './+types/post-performers';

/** /studio/post/:postId/performers: the post's manifest (GET /api/post/{id}/performers). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = idOrUndefined(params.postId) ?? notFound();
  return { manifest: await studioData<ManifestAnswer>(context.get(serverContext).api, request, `/api/post/${id}/performers`) };
}

export default function StudioPostPerformers({ loaderData }: Route.ComponentProps) {
  return <PostManifest initial={loaderData.manifest} />;
}
