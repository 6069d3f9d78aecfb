import { useRouteLoaderData } from 'react-router';
import type { StudioPost } from './studio-api';

/** The route id of the post editor's layout (routes.ts), whose loader reads the post for every tab. */
export const STUDIO_POST_ROUTE = 'studio-post';

/** The post the editor is open on, as its layout loaded it; the tabs under /studio/post/:postId read it here. */
export function useStudioPost(): StudioPost {
  const data = useRouteLoaderData(STUDIO_POST_ROUTE) as { post: StudioPost } | undefined;
  if (!data) throw new Error('useStudioPost is for the tabs of the post editor');
  return data.post;
}
