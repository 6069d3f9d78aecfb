import { serverContext } from '#server-context';
import { ContentPage } from '../../components/legal/ContentPage';
import { contentMeta } from '../../components/legal/content-meta';
import { loadPageContent } from '../../content/content.server';
import type { Route } from './+types/privacy-policy';

export function loader({ request, context }: Route.LoaderArgs) {
  return loadPageContent(request, context.get(serverContext), 'privacy-policy');
}

export const meta = (args: Route.MetaArgs) => contentMeta(args, 'privacyPolicy');

export default function LegalPrivacyPolicy({ loaderData }: Route.ComponentProps) {
  return <ContentPage content={loaderData} variant="legal" />;
}
