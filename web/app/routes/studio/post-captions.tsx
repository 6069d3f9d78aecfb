import { serverContext } from '#server-context';
import type { CaptionListAnswer } from '../../../../server/src/captions/captions.schemas.ts';
import { CaptionsEditor } from '../../components/captions/CaptionsEditor';
import { loginRedirect } from '../../lib/login-next';
import { titledMeta } from '../../lib/meta';
import { notFound, requireId } from '../../lib/route-params';
import type { Route } from './+types/post-captions';

type Answer = CaptionListAnswer | { readonly statusCode: number; readonly error: string };

/** /studio/post/{postId}/captions: the captions tab of the post editor (server/src/captions/README.md). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const postId = Number(requireId(params.postId));
  const { api } = context.get(serverContext);
  const answer = await api<Answer>(`/api/studio/post/${postId}/captions`);
  if ('error' in answer) {
    if (answer.error === 'login_required' || answer.error === 'user_banned') loginRedirect(request);
    notFound();
  }
  return { postId, captions: answer };
}

export const meta = (args: Route.MetaArgs) =>
  titledMeta(args, (t) => ({ title: t('captions.title'), description: t('captions.intro') }));

export default function PostCaptions({ loaderData }: Route.ComponentProps) {
  return <CaptionsEditor key={loaderData.postId} postId={loaderData.postId} initial={loaderData.captions} />;
}
