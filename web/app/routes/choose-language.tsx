import { LanguageList } from '../components/dialogs/LanguageList';
import { useLanguages } from '../components/dialogs/useSiteChoices';
import type { RouteHandle } from '../components/layout/layouts';
import { PageIntro } from '../components/page/PageIntro';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/choose-language';

export const handle: RouteHandle = { layout: 'desktop-empty' };

export const meta = (args: Route.MetaArgs) => pageMeta(args, 'chooseLanguage');

/** The language chooser as a page, with the same list as the dialog. */
export default function ChooseLanguage() {
  return (
    <>
      <PageIntro page="chooseLanguage" />
      <LanguageList languages={useLanguages()} />
    </>
  );
}
