import type { RouteHandle } from '../components/layout/layouts';
import { PageIntro } from '../components/page/PageIntro';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/choose-country';

export const handle: RouteHandle = { layout: 'desktop-empty' };

export const meta = (args: Route.MetaArgs) => pageMeta(args, 'chooseCountry');

export default function ChooseCountry() {
  return <PageIntro page="chooseCountry" />;
}
