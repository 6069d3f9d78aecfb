import { serverContext } from '#server-context';
import type { CaptionListAnswer } from '../../../../server/src/captions/captions.schemas.ts';
import { CaptionsEditor } from '../../components/captions/CaptionsEditor';
import { studioData } from '../../components/studio/studio-loader.server';
import { idOrUndefined, notFound } from '../../lib/route-params';
import type { Route } from './+types/post-captions';

/** /studio/post/:postId/captions: the editor's Captions tab (server/src/captions/README.md). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const postId = idOrUndefined(params.postId) ?? notFound();
  const captions = await studioData<CaptionListAnswer>(
    context.get(serverContext).api,
    request,
    `/api/studio/post/${postId}/captions`,
  );
  return { postId, captions };
}

export default function StudioPostCaptions({ loaderData }: Route.ComponentProps) {
  return <CaptionsEditor key={loaderData.postId} postId={loaderData.postId} initial={loaderData.captions} />;
}
