import { serverContext } from '#server-context';
import { ContentPage } from '../../components/legal/ContentPage';
import { contentMeta } from '../../components/legal/content-meta';
import { loadPageContent } from '../../content/content.server';
import { cookieRows } from '../../content/cookie-list.server';
import type { Route } from './+types/cookie-policy';

/** The cookie table comes from lib/cookies and the session settings, never from the text. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const content = await loadPageContent(request, context.get(serverContext), 'cookie-policy');
  return { ...content, cookies: cookieRows(content.language) };
}

export const meta = (args: Route.MetaArgs) => contentMeta(args, 'cookiePolicy');

export default function LegalCookiePolicy({ loaderData }: Route.ComponentProps) {
  const { cookies, ...content } = loaderData;
  return <ContentPage content={content} variant="legal" cookies={cookies} />;
}
