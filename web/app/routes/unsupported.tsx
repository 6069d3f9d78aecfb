import { serverContext } from '#server-context';
import type { RouteHandle } from '../components/layout/layouts';
import { ContentPage } from '../components/legal/ContentPage';
import { contentMeta } from '../components/legal/content-meta';
import { loadPageContent } from '../content/content.server';
import type { Route } from './+types/unsupported';

export const handle: RouteHandle = { layout: 'empty' };

export function loader({ request, context }: Route.LoaderArgs) {
  return loadPageContent(request, context.get(serverContext), 'unsupported');
}

export const meta = (args: Route.MetaArgs) => contentMeta(args, 'unsupported', { indexed: false });

export default function Unsupported({ loaderData }: Route.ComponentProps) {
  return <ContentPage content={loaderData} variant="page" />;
}
