import { serverContext } from '#server-context';
import { IdentityVerification } from '../components/identity/IdentityVerification';
import type { RouteHandle } from '../components/layout/layouts';
import { ContentPage } from '../components/legal/ContentPage';
import { contentMeta } from '../components/legal/content-meta';
import { loadPageContent } from '../content/content.server';
import type { Route } from './+types/creators';

export const handle: RouteHandle = { layout: 'static' };

export function loader({ request, context }: Route.LoaderArgs) {
  return loadPageContent(request, context.get(serverContext), 'creators');
}

export const meta = (args: Route.MetaArgs) => contentMeta(args, 'creators');

export default function Creators({ loaderData }: Route.ComponentProps) {
  return <ContentPage content={loaderData} variant="page" sectionExtras={{ verification: <IdentityVerification /> }} />;
}
