import { serverContext } from '#server-context';
import { sitemapXml } from '../lib/seo-files';
import type { Route } from './+types/sitemap';

/**
 * A resource route rather than a Fastify route: the page list lives with the pages (legal documents,
 * site variants), and the database-backed sections to come read the public API like any loader.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { baseUrl, api } = context.get(serverContext);
  return new Response(await sitemapXml({ baseUrl, api }), {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
