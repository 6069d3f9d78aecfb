import { serverContext } from '#server-context';
import { type StudioState, studioStates } from '../../../../server/src/studio/studio-rules.ts';
import type { StudioPostsAnswer } from '../../../../server/src/studio/studio-schema.ts';
import { StudioPostList } from '../../components/studio/StudioPostList';
import { studioPostsPath } from '../../components/studio/studio-api';
import { studioData } from '../../components/studio/studio-loader.server';
import type { Route } from './+types/index';

const stateOf = (value: string | null): StudioState | undefined => studioStates.find((state) => state === value);

/** /studio: the creator's posts, `?state=` filtering them (GET /api/studio/posts). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const state = stateOf(new URL(request.url).searchParams.get('state'));
  const page = await studioData<StudioPostsAnswer>(context.get(serverContext).api, request, studioPostsPath(state));
  return { state, posts: page.posts, cursor: page.cursor };
}

export default function StudioPosts({ loaderData }: Route.ComponentProps) {
  return <StudioPostList first={loaderData} state={loaderData.state} />;
}
