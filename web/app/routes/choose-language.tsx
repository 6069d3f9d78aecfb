import type { RouteHandle } from '../components/layout/layouts';
import { PageIntro } from '../components/page/PageIntro';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/choose-language';

export const handle: RouteHandle = { layout: 'desktop-empty' };

export const meta = (args: Route.MetaArgs) => pageMeta(args, 'chooseLanguage');

export default function ChooseLanguage() {
  return <PageIntro page="chooseLanguage" />;
}
