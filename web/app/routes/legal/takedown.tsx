import { serverContext } from '#server-context';
import { ContentPage } from '../../components/legal/ContentPage';
import { contentMeta } from '../../components/legal/content-meta';
import { loadPageContent } from '../../content/content.server';
import type { Route } from './+types/takedown';

export function loader({ request, context }: Route.LoaderArgs) {
  return loadPageContent(request, context.get(serverContext), 'takedown');
}

export const meta = (args: Route.MetaArgs) => contentMeta(args, 'takedown');

export default function LegalTakedown({ loaderData }: Route.ComponentProps) {
  return <ContentPage content={loaderData} variant="legal" />;
}
