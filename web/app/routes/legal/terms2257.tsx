import { serverContext } from '#server-context';
import { ContentPage } from '../../components/legal/ContentPage';
import { contentMeta } from '../../components/legal/content-meta';
import { loadPageContent } from '../../content/content.server';
import type { Route } from './+types/terms2257';

export function loader({ request, context }: Route.LoaderArgs) {
  return loadPageContent(request, context.get(serverContext), 'terms2257');
}

export const meta = (args: Route.MetaArgs) => contentMeta(args, 'terms2257');

export default function LegalTerms2257({ loaderData }: Route.ComponentProps) {
  return <ContentPage content={loaderData} variant="legal" />;
}
