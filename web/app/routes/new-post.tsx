import type { RouteHandle } from '../components/layout/layouts';
import { PageIntro } from '../components/page/PageIntro';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/new-post';

export const handle: RouteHandle = { layout: 'desktop' };

export const meta = (args: Route.MetaArgs) => pageMeta(args, 'newPost');

export default function NewPost() {
  return <PageIntro page="newPost" />;
}
