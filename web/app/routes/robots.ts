import { serverContext } from '#server-context';
import { robotsTxt } from '../lib/seo-files';
import type { Route } from './+types/robots';

export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(context.get(serverContext).baseUrl), {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
